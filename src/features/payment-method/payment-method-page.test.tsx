import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { paymentMethodAnswer } from '@contract/deliveries'
import { answer } from '@/test/answers'
import { userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'

import type { z } from 'zod'

type Data = z.input<typeof paymentMethodAnswer>

const earning = (over: Record<string, unknown>) => ({
  item_id: 'item-1',
  item_name: 'Desk lamp',
  amount: 25,
  delivered_at: '2026-11-20T09:00:00Z',
  gross: 25,
  fee: 2.5,
  net: 22.5,
  status: 'available',
  release_at: '2026-11-21T09:00:00Z',
  ...over,
})

function serve(data: Record<string, unknown>) {
  server.use(
    userDataHandler('deliverer'),
    http.get('/api/payment-method', () =>
      answer(paymentMethodAnswer, {
        success: true,
        message: 'Payment method',
        data: {
          provider: 'manual',
          test_mode: true,
          payout: null,
          payout_account: { status: 'pending', payout_failed: false },
          onboarding_url: '/api/test-payouts/onboard?token=abc',
          earnings: [],
          total_earned: 0,
          totals: { held: 0, available: 0, paid: 0 },
          ...data,
        } as Data['data'],
      }),
    ),
  )
}

describe('the deliverer’s payouts', { timeout: 15_000 }, () => {
  it('asks to set up payouts, says test mode, and lists each delivery with where its money is', async () => {
    storeSession('deliverer')
    serve({
      earnings: [
        earning({}),
        earning({ item_id: 'item-2', item_name: 'Box of books', status: 'held', net: 9 }),
      ],
      total_earned: 35,
      totals: { held: 9, available: 22.5, paid: 0 },
    })
    renderApp('/payment-method')
    expect(await screen.findByText('Set up payouts to get paid')).toBeVisible()
    expect(screen.getByText(/Test mode/)).toBeVisible()
    expect(screen.getByRole('link', { name: 'Continue payout setup' })).toHaveAttribute(
      'href',
      '/api/test-payouts/onboard?token=abc',
    )
    const list = screen.getByRole('list', { name: 'Earnings per delivery' })
    const [lamp, books] = within(list).getAllByRole('listitem')
    expect(within(lamp!).getByText('Available')).toBeVisible()
    expect(within(lamp!).getByText('$22.50')).toBeVisible()
    expect(within(books!).getByText('Held')).toBeVisible()
    expect(within(books!).getByText(/releases/)).toBeVisible()
    const totals = screen.getByRole('region', { name: 'Earnings' })
    expect(within(totals).getByText('Available', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '$22.50',
    )
    expect(within(totals).getByText('Held', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '$9.00',
    )
  })

  it('says payouts are set up and shows what was paid', async () => {
    storeSession('deliverer')
    serve({
      provider: 'stripe',
      test_mode: false,
      payout_account: { status: 'active', payout_failed: false },
      onboarding_url: null,
      earnings: [earning({ status: 'paid' })],
      total_earned: 25,
      totals: { held: 0, available: 0, paid: 22.5 },
    })
    renderApp('/payment-method')
    expect(await screen.findByText(/Payouts are set up/)).toBeVisible()
    expect(screen.queryByText('Set up payouts to get paid')).toBeNull()
    expect(screen.queryByText(/Test mode/)).toBeNull()
    expect(screen.getByText('Paid', { selector: 'span' })).toBeVisible()
  })
})
