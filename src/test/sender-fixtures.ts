import { http } from 'msw'
import { handoffCodesAnswer } from '@contract/handoffs'
import { itemAnswer, itemsListAnswer, type Item } from '@contract/items'
import { deliverersAnswer } from '@contract/sender-extra'
import { senderTermsAnswer } from '@contract/terms'
import { answer } from '@/test/answers'
import { userDataHandler } from '@/test/api-handlers'

export const ITEM_ID = '11111111-1111-4111-8111-111111111111'
export const DELIVERER_ID = '22222222-2222-4222-8222-222222222222'

/** The current request, approved by an admin and waiting for the sender. */
export const withPendingRequest: Partial<Item> = {
  sending_approval: 'approved',
  delivery_approval: 'approved',
  request_status: 'pending',
  deliverer: { id: DELIVERER_ID, name: 'Dana Deliverer' },
  deliverer_id: DELIVERER_ID,
  deliverer_price: 30,
}

export function itemsListHandler(items: Item[], onRequest?: (url: URL) => void) {
  return http.get('/api/items', ({ request }) => {
    const url = new URL(request.url)
    onRequest?.(url)
    return answer(itemsListAnswer, {
      success: true,
      message: 'OK',
      data: {
        items,
        pagination: {
          current_page: Number(url.searchParams.get('page') ?? 1),
          per_page: Number(url.searchParams.get('per_page') ?? 10),
          total: items.length,
        },
      },
    })
  })
}

export function itemHandler(item: Item) {
  return http.get('/api/items/:id', () =>
    answer(itemAnswer, { success: true, message: 'OK', data: { item } }),
  )
}

/** GET /api/get-all-deliverers, where the sender's pages take deliverer names from. */
export function deliverersHandler(list = [{ id: DELIVERER_ID, name: 'Dana Deliverer' }]) {
  return http.get('/api/get-all-deliverers', () =>
    answer(deliverersAnswer, { success: true, message: 'OK', data: list }),
  )
}

const PICKUP_JWS = 'eyJhbGciOiJFUzI1NiJ9.eyJzdGVwIjoicGlja3VwIn0.c2lnbmF0dXJlLXBpY2t1cA'
export const DELIVERY_JWS =
  'eyJhbGciOiJFUzI1NiJ9.eyJzdGVwIjoiZGVsaXZlcnkifQ.c2lnbmF0dXJlLWRlbGl2ZXJ5'

/** GET /api/items/{id}/handoff-codes: pickup 123456, delivery 654321 (decision 034). */
export function handoffCodesHandler(pickupUsedAt: string | null = null) {
  return http.get('/api/items/:id/handoff-codes', () =>
    answer(handoffCodesAnswer, {
      success: true,
      message: 'Handoff codes',
      data: {
        pickup: { code: PICKUP_JWS, short_code: '123456', used_at: pickupUsedAt },
        delivery: { code: DELIVERY_JWS, short_code: '654321', used_at: null },
      },
    }),
  )
}

/**
 * GET /api/sender-terms: one sender term, already accepted unless `acceptedAt` is (or, asked at each
 * call, answers) null.
 */
export function senderTermsHandler(
  acceptedAt: string | null | (() => string | null) = '2026-11-01T10:00:00.000Z',
) {
  const accepted_at = () => (typeof acceptedAt === 'function' ? acceptedAt() : acceptedAt)
  return http.get('/api/sender-terms', () =>
    answer(senderTermsAnswer, {
      success: true,
      message: 'Sender terms retrieved successfully',
      data: {
        version: 'v1',
        terms: [
          {
            id: 't1',
            title: 'Accurate description',
            description: 'I describe my item truthfully.',
            role: 'sender',
          },
        ],
        accepted_at: accepted_at(),
      },
    }),
  )
}

export function senderBase(item?: Item) {
  return [
    userDataHandler('sender'),
    senderTermsHandler(),
    deliverersHandler(),
    handoffCodesHandler(),
    itemsListHandler(item ? [item] : []),
    ...(item ? [itemHandler(item)] : []),
  ]
}
