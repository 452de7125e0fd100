// Test data shaped by contract/admin.ts, for the admin feature's tests.
import { http } from 'msw'
import type { z } from 'zod'
import { adminItemsAnswer, type AdminUser, type adminItemDetailAnswer } from '@contract/admin'
import { moneyAnswer, type MoneyReport } from '@contract/ledger'
import { reconciliationAnswer, type ReconciliationReport } from '@contract/reconciliation'
import { answer } from '@/test/answers'
import { makeItem } from '@/test/items'

type AdminItemRow = z.infer<typeof adminItemsAnswer>['data']['items'][number]

export const ITEM_ID = '11111111-1111-4111-8111-111111111111'
export const DELIVERER_A = '22222222-2222-4222-8222-222222222222'
export const DELIVERER_B = '33333333-3333-4333-8333-333333333333'

export function itemRow(overrides: Partial<AdminItemRow> = {}): AdminItemRow {
  return {
    ...makeItem({
      id: ITEM_ID,
      name: 'Vintage camera',
      description: 'A boxed film camera',
      weight: 1.5,
      dimensions: { length: 20, width: 15, height: 10 },
      to_location: { lat: 48.8566, lng: 2.3522, address: 'Paris' },
      delivery_address: '1 Rue de Rivoli, Paris',
      delivery_deadline: '2030-05-01T12:00:00Z',
      special_instructions: '',
      created_at: '2030-04-01T09:00:00Z',
      updated_at: '2030-04-01T09:00:00Z',
      sending_approval: 'pending',
      sender_price: 40,
    }),
    sender: { id: 'u-sender', name: 'Sam Sender', email: 'sender@example.com' },
    requests_count: 0,
    ...overrides,
  }
}

type Detail = z.infer<typeof adminItemDetailAnswer>['data']

export function itemDetail(overrides: Partial<Detail> = {}): Detail {
  return {
    item: itemRow({ requests_count: 2, requested_by: [DELIVERER_A, DELIVERER_B] }),
    requests: [
      {
        id: 'r1',
        deliverer: { id: DELIVERER_A, name: 'Dana Deliverer', email: 'dana@example.com' },
        deliverer_price: 35.5,
        proof_of_travel: 'uploads/ticket-a.pdf',
        accept_privacy: true,
        delivery_approval: 'pending',
        request_status: 'pending',
        created_at: '2030-04-02T09:00:00Z',
      },
      {
        id: 'r2',
        deliverer: { id: DELIVERER_B, name: 'Tom Traveller', email: 'tom@example.com' },
        deliverer_price: null,
        proof_of_travel: 'uploads/ticket-b.png',
        accept_privacy: true,
        delivery_approval: 'pending',
        request_status: 'pending',
        created_at: '2030-04-03T09:00:00Z',
      },
    ],
    info_requests: [
      {
        id: 'i1',
        to: 'sender',
        target: { id: 'u-sender', name: 'Sam Sender' },
        description: 'Please send a photo of the camera',
        request_file_path: null,
        response: 'Photo attached',
        response_file_path: 'uploads/photo.jpg',
        response_at: '2030-04-02T10:00:00Z',
        created_at: '2030-04-02T08:00:00Z',
      },
    ],
    history: [
      {
        id: 'h1',
        actor: { id: 'u-sender', name: 'Sam Sender' },
        action: 'item_created',
        reason: null,
        at: '2030-04-01T09:00:00Z',
      },
    ],
    ...overrides,
  }
}

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    name: 'Sam Sender',
    email: 'sender@example.com',
    role: 'sender',
    phone: '',
    active: true,
    email_verified: true,
    created_at: '2030-01-01T00:00:00Z',
    ...overrides,
  }
}

export const pagination = (total: number, per_page = 25, current_page = 1) => ({
  current_page,
  per_page,
  total,
})

/** GET /api/admin/items answering `items`, recording every query string asked. */
export function itemsHandler(items: AdminItemRow[], asked: URLSearchParams[] = []) {
  return http.get('/api/admin/items', ({ request }) => {
    const params = new URL(request.url).searchParams
    asked.push(params)
    return answer(adminItemsAnswer, {
      success: true,
      message: 'OK',
      data: { items, pagination: pagination(items.length, Number(params.get('per_page') ?? 25)) },
    })
  })
}

/** Three days of Tote's money: $30 captured on the 1st, $25 released and $5 refunded on the 3rd. */
export const moneyReport: MoneyReport = {
  from: '2026-11-01',
  to: '2026-11-03',
  held: 0,
  released: 25,
  refunded: 5,
  fees: 2.5,
  balanced: true,
  days: [
    { date: '2026-11-01', held: 30, released: 0, refunded: 0, fees: 0 },
    { date: '2026-11-02', held: 30, released: 0, refunded: 0, fees: 0 },
    { date: '2026-11-03', held: 0, released: 25, refunded: 5, fees: 2.5 },
  ],
}

/** GET /api/admin/money answering `report`. */
export const moneyHandler = (report: MoneyReport = moneyReport) =>
  http.get('/api/admin/money', () =>
    answer(moneyAnswer, { success: true, message: 'Money', data: report }),
  )

/** GET /api/admin/reconciliation answering `report` (null: never compared yet). */
export const reconciliationHandler = (report: ReconciliationReport | null = null) =>
  http.get('/api/admin/reconciliation', () =>
    answer(reconciliationAnswer, { success: true, message: 'Reconciliation', data: { report } }),
  )
