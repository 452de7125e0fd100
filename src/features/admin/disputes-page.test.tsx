import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { balancesAnswer, disputeAnswer, disputesAnswer, type DisputeView } from '@contract/disputes'
import { answer, failure } from '@/test/answers'
import { userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'

const ITEM = '11111111-1111-4111-8111-111111111111'
const open: DisputeView = {
  item_id: ITEM,
  item_name: 'Glass vase',
  sender: { id: 's1', name: 'Sam Sender' },
  deliverer: { id: 'd1', name: 'Dana Deliverer' },
  reason: 'It arrived in pieces',
  status: 'open',
  opened_at: '2026-11-27T10:00:00Z',
  release_at: '2026-11-28T09:00:00Z',
  paid: 25,
  refunded: 0,
  refundable: 25,
  files: [
    { side: 'sender', kind: 'dispute_file', url: '/api/proof-of-travel/f1' },
    { side: 'deliverer', kind: 'proof_of_delivery', url: '/api/proof-of-travel/f2' },
  ],
  timeline: [
    { step: 'accepted', at: '2026-11-25T09:00:00Z' },
    { step: 'delivered', at: '2026-11-27T09:00:00Z' },
    { step: 'disputed', at: '2026-11-27T10:00:00Z' },
  ],
  outcome: null,
  refund_amount: null,
  note: null,
  resolved_at: null,
}

function setup() {
  storeSession('admin')
  const sent: unknown[] = []
  let resolved = false
  server.use(
    userDataHandler('admin'),
    http.get('/api/admin/disputes', () =>
      answer(disputesAnswer, {
        success: true,
        message: 'Disputes',
        data: { disputes: resolved ? [] : [open] },
      }),
    ),
    http.get('/api/admin/balances', () =>
      answer(balancesAnswer, {
        success: true,
        message: 'Negative balances',
        data: {
          balances: [
            { user_id: 'd9', name: 'Owen Owes', email: 'owen@example.com', balance: -13.5 },
          ],
        },
      }),
    ),
    http.post('/api/admin/disputes/:id/resolve', async ({ request }) => {
      const body = (await request.json()) as { refund_amount?: number }
      sent.push(body)
      if ((body.refund_amount ?? 0) > 25)
        return failure(
          409,
          'At most $25.00 is left to refund',
          undefined,
          'REFUND_EXCEEDS_REMAINING',
        )
      resolved = true
      return answer(disputeAnswer, {
        success: true,
        message: 'Dispute resolved',
        data: { dispute: { ...open, status: 'resolved', outcome: 'refund', refund_amount: 10 } },
      })
    }),
  )
  return { sent }
}

describe('the disputes queue', { timeout: 20_000 }, () => {
  it('shows the reason, timeline and both sides’ files, linked from the admin navigation', async () => {
    setup()
    renderApp('/disputes')
    expect(await screen.findByRole('link', { name: 'Disputes' })).toHaveAttribute(
      'href',
      '/disputes',
    )
    const card = (await screen.findByRole('heading', { name: 'Glass vase' })).closest('li')!
    expect(within(card).getByText('It arrived in pieces')).toBeInTheDocument()
    expect(within(card).getByRole('list', { name: 'Timeline' })).toHaveTextContent(
      'Problem reported',
    )
    expect(within(card).getByRole('link', { name: 'Sender’s file' })).toHaveAttribute(
      'href',
      '/api/proof-of-travel/f1',
    )
    expect(within(card).getByRole('link', { name: 'Proof of delivery' })).toBeInTheDocument()
    expect(
      within(card).getByRole('link', { name: 'Read the conversation and the item’s history' }),
    ).toHaveAttribute('href', `/sending-approval/item/${ITEM}#messages`)
    const owing = await screen.findByRole('region', { name: 'Negative balances' })
    expect(owing).toHaveTextContent('Owen Owes (owen@example.com)')
    expect(owing).toHaveTextContent('−$13.50')
  })

  it('resolves with a partial refund and a note, checking the amount first', async () => {
    const { sent } = setup()
    const { user } = renderApp('/disputes')
    await user.click(await screen.findByRole('button', { name: 'Resolve' }))
    const dialog = await screen.findByRole('dialog', { name: 'Resolve: Glass vase' })
    await user.click(within(dialog).getByText('Refund part or all, release the rest'))
    await user.type(within(dialog).getByRole('textbox', { name: /Refund amount/ }), '30')
    await user.type(within(dialog).getByRole('textbox', { name: /Note for both sides/ }), 'Broken')
    await user.click(within(dialog).getByRole('button', { name: 'Resolve dispute' }))
    expect(await within(dialog).findByText('Enter an amount from $0.01 to $25.00')).toBeVisible()
    expect(sent).toEqual([])

    const amount = within(dialog).getByRole('textbox', { name: /Refund amount/ })
    await user.clear(amount)
    await user.type(amount, '10')
    await user.click(within(dialog).getByRole('button', { name: 'Resolve dispute' }))
    expect(
      await screen.findByText('Refunded $10.00 and released the rest for Glass vase'),
    ).toBeInTheDocument()
    expect(sent).toEqual([{ outcome: 'refund', refund_amount: 10, note: 'Broken' }])
    expect(await screen.findByText('No open disputes')).toBeInTheDocument()
  })
})
