import { http } from 'msw'
import type { Item } from '@contract/items'
import { userConsentAnswer } from '@contract/terms'
import { answer } from '@/test/answers'
import { makeItem as baseItem } from '@/test/items'

/** The deliverer tests' item: a laptop from New York to Boston; override what a test is about. */
export function makeItem(overrides: Partial<Item> = {}): Item {
  return baseItem({
    name: 'Laptop',
    description: 'A work laptop in its box',
    dimensions: { length: 40, width: 30, height: 10 },
    is_fragile: false,
    from_location: { lat: 40.71, lng: -74.0, address: 'New York, USA' },
    to_location: { lat: 42.36, lng: -71.06, address: 'Boston, USA' },
    delivery_phone: '+1 555 0100',
    delivery_address: '1 Main St, Boston',
    delivery_deadline: '2026-12-05T12:00:00.000Z',
    special_instructions: '',
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  })
}

export const termsHandler = http.get('/api/user-consent', () =>
  answer(userConsentAnswer, {
    success: true,
    message: 'OK',
    data: [
      {
        id: 't1',
        title: 'Carrier terms',
        description: 'Carry items with care.',
        role: 'deliverer',
      },
      {
        id: 't2',
        title: 'Sender terms',
        description: 'Describe items truthfully.',
        role: 'sender',
      },
    ],
  }),
)

export function pdf(name = 'ticket.pdf', size = 1000, type = 'application/pdf') {
  return new File([new Uint8Array(size)], name, { type })
}
