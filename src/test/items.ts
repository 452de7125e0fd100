import type { Item } from '@contract/items'

/**
 * An item as the contract answers it (contract/items.ts `item`): pending, approved for sending,
 * no request yet. Features start from it and override what their tests are about.
 */
export function makeItem(overrides: Partial<Item> = {}): Item {
  return {
    id: '11111111-1111-4111-8111-111111111111',
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
