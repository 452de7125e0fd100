import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { openedDisputeAnswer, senderDisputeAnswer } from '@contract/disputes'
import type { Item } from '@contract/items'
import { answer } from '@/test/answers'
import { makeItem } from '@/test/items'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { ITEM_ID, senderBase, withPendingRequest } from '@/test/sender-fixtures'
import { storeSession } from '@/test/session'

const delivered = (overrides: Partial<Item> = {}) =>
  makeItem({
    ...withPendingRequest,
    request_status: 'accepted',
    status: 'delivered',
    agreed_price: 30,
    ...overrides,
  })

const WINDOW_ENDS = '2026-11-28T10:00:00Z'

function disputeHandlers() {
  const sent: { body: unknown; contentType: string | null }[] = []
  let opened = false
  return {
    sent,
    handlers: [
      http.get('/api/items/:id/dispute', () =>
        answer(senderDisputeAnswer, {
          success: true,
          message: 'Dispute',
          data: opened
            ? {
                can_open: false,
                window_ends_at: WINDOW_ENDS,
                dispute: {
                  status: 'open',
                  reason: 'The lamp arrived broken',
                  opened_at: '2026-11-27T10:00:00Z',
                  outcome: null,
                  refund_amount: null,
                  note: null,
                  resolved_at: null,
                },
              }
            : { can_open: true, window_ends_at: WINDOW_ENDS, dispute: null },
        }),
      ),
      http.post('/api/items/:id/dispute', async ({ request }) => {
        const contentType = request.headers.get('content-type')
        sent.push({
          contentType,
          body: contentType?.includes('json') ? await request.json() : await request.formData(),
        })
        opened = true
        return answer(
          openedDisputeAnswer,
          {
            success: true,
            message: 'Dispute opened',
            data: {
              dispute: { item_id: ITEM_ID, status: 'open', opened_at: '2026-11-27T10:00:00Z' },
            },
          },
          { status: 201 },
        )
      }),
    ],
  }
}

describe('reporting a problem with a delivered item', { timeout: 15_000 }, () => {
  it('asks for a reason in a dialog, sends it, and shows the dispute open', async () => {
    storeSession('sender')
    const fake = disputeHandlers()
    server.use(...fake.handlers, ...senderBase(delivered()))
    const { user } = renderApp(`/items/${ITEM_ID}`)
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' })
    await user.click(within(dialog).getByRole('button', { name: 'Report problem' }))
    expect(await within(dialog).findByText('Tell us what went wrong')).toBeInTheDocument()
    expect(fake.sent).toHaveLength(0)

    await user.type(
      within(dialog).getByRole('textbox', { name: /What went wrong/ }),
      'The lamp arrived broken',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Report problem' }))
    expect(await screen.findByRole('heading', { name: 'Dispute open' })).toBeInTheDocument()
    expect(fake.sent).toEqual([
      { contentType: expect.stringContaining('json'), body: { reason: 'The lamp arrived broken' } },
    ])
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull()
  })

  it('offers nothing before delivery', async () => {
    storeSession('sender')
    const fake = disputeHandlers()
    server.use(...fake.handlers, ...senderBase(delivered({ status: 'in_process' })))
    renderApp(`/items/${ITEM_ID}`)
    expect(await screen.findByRole('heading', { name: 'Desk lamp' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull()
  })
})
