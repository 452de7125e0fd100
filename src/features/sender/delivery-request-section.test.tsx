import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { createQueryClient } from '@/lib/query-client'
import { makeItem } from '@/test/items'
import { TestProviders } from '@/test/providers'
import { server } from '@/test/msw-server'
import { deliverersHandler, withPendingRequest } from '@/test/sender-fixtures'
import { DeliveryRequestSection } from './delivery-request-section'

describe("the deliverer's record on the request (decision 039)", () => {
  const show = (deliverer_rating: { average: number; count: number } | null) => {
    server.use(deliverersHandler())
    render(
      <TestProviders queryClient={createQueryClient()}>
        <DeliveryRequestSection item={makeItem({ ...withPendingRequest, deliverer_rating })} />
      </TestProviders>,
    )
  }

  it('shows the average and count the server gives', async () => {
    show({ average: 4.5, count: 12 })
    await screen.findByText('Dana Deliverer')
    expect(screen.getByText(/Rated 4\.5 out of 5 from 12 ratings/)).toBeVisible()
  })

  it('shows nothing below three ratings (the server answers null)', async () => {
    show(null)
    await screen.findByText('Dana Deliverer')
    expect(screen.queryByText(/Rated .* out of 5/)).toBeNull()
  })
})
