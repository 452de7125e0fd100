import { render, screen, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { receiptsAnswer, type Receipt } from '@contract/payments'
import { answer } from '@/test/answers'
import { TestProviders } from '@/test/providers'
import { createQueryClient } from '@/lib/query-client'
import { server } from '@/test/msw-server'
import { Receipts } from './receipts'

const receipt = (over: Partial<Receipt>): Receipt => ({
  id: 'p1',
  item_id: 'i1',
  item_name: 'Box of books',
  deliverer_name: 'Dana Deliverer',
  amount: 30,
  currency: 'usd',
  status: 'succeeded',
  paid_at: '2026-11-20T10:00:00.000Z',
  refunded_amount: 0,
  refunded_at: null,
  ...over,
})

describe('Receipts', () => {
  it('shows what was paid and what went back to the card', async () => {
    const receipts = {
      success: true,
      message: 'Receipts retrieved successfully',
      data: [
        receipt({ id: 'p3', item_name: 'Lamp', amount: 25 }),
        receipt({
          id: 'p2',
          item_name: 'Chair',
          status: 'refunded',
          refunded_amount: 30,
          refunded_at: '2026-11-21T09:00:00.000Z',
        }),
        receipt({ id: 'p1', item_name: 'Desk', status: 'refund_pending', refunded_amount: 30 }),
        // Part refunded (decision 040): still paid, with what went back.
        receipt({
          id: 'p0',
          item_name: 'Vase',
          refunded_amount: 7.5,
          refunded_at: '2026-11-22T09:00:00.000Z',
        }),
        receipt({ id: 'p-1', item_name: 'Rug', refunded_amount: 4 }),
      ],
    }
    server.use(http.get('/api/receipts', () => answer(receiptsAnswer, receipts)))
    render(
      <TestProviders queryClient={createQueryClient()}>
        <Receipts />
      </TestProviders>,
    )
    const rows = (await screen.findAllByRole('row')).slice(1)
    expect(rows).toHaveLength(5)
    expect(rows[0]).toHaveTextContent(/Lamp.*Dana Deliverer.*\$25\.00.*Paid.*Nov 20, 2026/)
    expect(within(rows[1]!).getAllByText('Refunded $30.00 on Nov 21, 2026')).not.toHaveLength(0)
    expect(rows[1]).toHaveTextContent(/Chair.*\$30\.00/)
    expect(within(rows[2]!).getAllByText('Refund of $30.00 on its way')).not.toHaveLength(0)
    expect(within(rows[3]!).getAllByText('Paid; $7.50 refunded on Nov 22, 2026')).not.toHaveLength(
      0,
    )
    expect(within(rows[4]!).getAllByText('Paid; a refund of $4.00 on its way')).not.toHaveLength(0)
  })
})
