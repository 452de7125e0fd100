import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { adminItemsAnswer, adminStatsAnswer } from '@contract/admin'
import { reconciliationAnswer } from '@contract/reconciliation'
import { answer } from '@/test/answers'
import { failWith, userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import {
  ITEM_ID,
  itemRow,
  moneyHandler,
  moneyReport,
  pagination,
  reconciliationHandler,
} from '@/test/admin-fixtures'

const stats = {
  users_by_role: { sender: 12, deliverer: 7, admin: 2 },
  items_by_status: { pending: 5, ready_to_pickup: 1, in_process: 2, delivered: 9, cancelled: 0 },
  awaiting_sending_approval: 3,
  awaiting_delivery_approval: 0,
  unread_info_responses: 4,
}

function queues(asked: string[]) {
  return http.get('/api/admin/items', ({ request }) => {
    const params = new URL(request.url).searchParams
    asked.push(params.toString())
    const sending = params.get('sending_approval') === 'pending'
    const items = sending ? [itemRow({ requests_count: 0 })] : []
    return answer(adminItemsAnswer, {
      success: true,
      message: 'OK',
      data: { items, pagination: pagination(sending ? 3 : 0, 5) },
    })
  })
}

// Typing into Chakra fields under jsdom is slow when the whole suite runs in parallel.
describe('Admin dashboard', { timeout: 20_000 }, () => {
  it('shows the counts and the queues, each row linking to its review page', async () => {
    storeSession('admin')
    const asked: string[] = []
    server.use(
      userDataHandler('admin'),
      http.get('/api/admin/stats', () =>
        answer(adminStatsAnswer, { success: true, message: 'OK', data: stats }),
      ),
      queues(asked),
      moneyHandler(),
      reconciliationHandler(),
    )
    renderApp('/admin-dashboard')

    expect(await screen.findByRole('heading', { name: 'Admin dashboard', level: 1 })).toBeVisible()
    const sending = await screen.findByRole('region', { name: 'Items awaiting review' })
    expect(await within(sending).findByRole('link', { name: 'Vintage camera' })).toHaveAttribute(
      'href',
      `/sending-approval/item/${ITEM_ID}`,
    )
    expect(within(sending).getByText('2 more waiting')).toBeInTheDocument()
    const delivery = screen.getByRole('region', { name: 'Offers awaiting review' })
    expect(within(delivery).getByText('Nothing waiting')).toBeInTheDocument()

    expect(asked).toContain('sending_approval=pending&per_page=5')
    expect(asked).toContain('delivery_approval=pending&per_page=5')

    const senders = (await screen.findByText('Senders')).closest('dl, div') as HTMLElement
    expect(senders).toHaveTextContent('12')
    // The counter's card: its term and value, then the link (outside the <dl>).
    expect(
      screen.getByText('Unread information responses').closest('dl')?.parentElement,
    ).toHaveTextContent('Unread information responses4Open the items list')
    expect(screen.getByRole('link', { name: 'Open the items list' })).toHaveAttribute(
      'href',
      '/items-management',
    )
  })

  it("shows the server's message when statistics fail, else 'Failed to load statistics'", async () => {
    storeSession('admin')
    server.use(
      userDataHandler('admin'),
      failWith('get', 'admin/stats', 500, 'Database unavailable'),
      queues([]),
      moneyHandler(),
      reconciliationHandler(),
    )
    renderApp('/admin-dashboard')
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable')
  })

  it("falls back to 'Failed to load statistics' without a server message", async () => {
    storeSession('admin')
    server.use(
      userDataHandler('admin'),
      http.get('/api/admin/stats', () => new Response('gateway', { status: 502 })),
      queues([]),
      moneyHandler(),
      reconciliationHandler(),
    )
    renderApp('/admin-dashboard')
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load statistics')
  })

  it("shows Tote's money: the period's figures, a chart and the figures per day", async () => {
    storeSession('admin')
    server.use(
      userDataHandler('admin'),
      http.get('/api/admin/stats', () =>
        answer(adminStatsAnswer, { success: true, message: 'OK', data: stats }),
      ),
      queues([]),
      moneyHandler(),
      reconciliationHandler(),
    )
    const { user } = renderApp('/admin-dashboard')
    const money = await screen.findByRole('region', { name: 'Money, last 30 days' })
    expect(await within(money).findByText('The ledger balances', { exact: false })).toBeVisible()
    const figure = (label: string) =>
      within(money).getByText(label, { selector: 'dt' }).closest('dl')
    expect(figure('Held now')).toHaveTextContent('$0.00')
    expect(figure('Released')).toHaveTextContent('$25.00')
    expect(figure('Refunded')).toHaveTextContent('$5.00')
    expect(figure('Fees')).toHaveTextContent('$2.50')
    expect(within(money).getByText('Held at the end of the day')).toBeVisible()

    await user.click(within(money).getByText('The figures per day'))
    const table = within(money).getByRole('table')
    const rows = within(table).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual([
      'DayReleasedRefundedFeesHeld',
      'Nov 1$0.00$0.00$0.00$30.00',
      'Nov 2$0.00$0.00$0.00$30.00',
      'Nov 3$25.00$5.00$2.50$0.00',
    ])
  })

  it('says so, in an alert, when the ledger does not balance', async () => {
    storeSession('admin')
    server.use(
      userDataHandler('admin'),
      http.get('/api/admin/stats', () =>
        answer(adminStatsAnswer, { success: true, message: 'OK', data: stats }),
      ),
      queues([]),
      moneyHandler({ ...moneyReport, balanced: false }),
      reconciliationHandler(),
    )
    renderApp('/admin-dashboard')
    expect(await screen.findByRole('alert')).toHaveTextContent('The ledger does not balance')
  })

  it('says when the books last agreed with the provider, and what differs when they do not', async () => {
    storeSession('admin')
    let checks = 0
    server.use(
      userDataHandler('admin'),
      http.get('/api/admin/stats', () =>
        answer(adminStatsAnswer, { success: true, message: 'OK', data: stats }),
      ),
      queues([]),
      moneyHandler(),
      reconciliationHandler(),
      http.post('/api/admin/reconciliation', () => {
        checks++
        return answer(reconciliationAnswer, {
          success: true,
          message: 'Reconciliation',
          data: {
            report: {
              provider: 'test',
              checked_at: '2026-11-26T03:00:00.000Z',
              balanced: false,
              lines: [
                { category: 'charges', ledger: 30, provider: 30, difference: 0 },
                { category: 'transfers', ledger: 27, provider: 0, difference: -27 },
              ],
              transfers: [
                {
                  transfer_id: 'tr_test_1',
                  item_id: ITEM_ID,
                  ledger: 27,
                  provider: 0,
                  problem: 'missing_at_provider',
                },
              ],
            },
          },
        })
      }),
    )
    const { user } = renderApp('/admin-dashboard')
    const money = await screen.findByRole('region', { name: 'Money, last 30 days' })
    expect(
      await within(money).findByText(
        'Not compared with the payment provider yet: it runs nightly.',
      ),
    ).toBeVisible()
    await user.click(within(money).getByRole('button', { name: 'Compare with the provider now' }))
    const alert = await within(money).findByRole('alert')
    expect(alert).toHaveTextContent('the books differ')
    expect(alert).toHaveTextContent('Transfers: Tote $27.00, provider $0.00')
    expect(alert).toHaveTextContent(
      'Transfer tr_test_1: in Tote’s books, not at the provider (Tote $27.00, provider $0.00)',
    )
    expect(alert).not.toHaveTextContent('Charges')
    expect(checks).toBe(1)
  })
})
