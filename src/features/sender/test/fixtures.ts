import { http, HttpResponse } from 'msw'
import type { Item } from '@contract/items'
import { userDataHandler } from '@/test/api-handlers'

export const ITEM_ID = '11111111-1111-4111-8111-111111111111'
export const DELIVERER_ID = '22222222-2222-4222-8222-222222222222'

/** An item as the contract answers it (contract/items.ts `item`). */
export function makeItem(overrides: Partial<Item> = {}): Item {
  return {
    id: ITEM_ID,
    name: 'Desk lamp',
    category: 'electronics',
    description: 'A brass lamp',
    quantity: 1,
    weight: 2.5,
    dimensions: { length: 30, width: 20, height: 45 },
    is_fragile: true,
    from_location: { lat: 52.52, lng: 13.405, address: 'Berlin' },
    to_location: { lat: 48.1372, lng: 11.5756, address: 'Munich' },
    delivery_phone: '+49 30 1234',
    delivery_address: 'Marienplatz 1',
    delivery_deadline: '2099-06-01T12:00:00+02:00',
    special_instructions: 'Handle with care',
    status: 'pending',
    created_at: '2026-01-02T10:00:00Z',
    updated_at: '2026-01-02T10:00:00Z',
    sending_approval: 'approved',
    delivery_approval: null,
    request_status: null,
    deliverer: null,
    deliverer_id: null,
    deliverer_price: null,
    sender_price: 25,
    proof_of_delivery: null,
    proof_of_travel: [],
    requested_by: [],
    rejected_deliverer: [],
    info_request_to_sender: null,
    info_request_to_deliverer: null,
    ...overrides,
  }
}

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
    return HttpResponse.json({
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
    HttpResponse.json({ success: true, message: 'OK', data: { item } }),
  )
}

export function senderBase(item?: Item) {
  return [
    userDataHandler('sender'),
    itemsListHandler(item ? [item] : []),
    ...(item ? [itemHandler(item)] : []),
  ]
}
