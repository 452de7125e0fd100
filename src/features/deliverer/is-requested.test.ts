import { describe, expect, it } from 'vitest'
import { makeItem } from '@/test/items'
import { isDeclinedFor, isOpenForOffers, isRequestedBy } from './is-requested'

const me = 'd1'
const declined = makeItem({ rejected_deliverer: [{ id: me, name: 'Dee', reason: 'Too late' }] })

describe('a declined request', () => {
  it('is declined, not requested, for the deliverer the sender declined', () => {
    expect(isRequestedBy(declined, me)).toBe(false)
    expect(isDeclinedFor(declined, me)).toBe(true)
    expect(isDeclinedFor(declined, 'someone-else')).toBe(false)
    expect(isDeclinedFor(declined, undefined)).toBe(false)
  })

  it('is requested again after a new offer', () => {
    const again = makeItem({ ...declined, requested_by: [me] })
    expect(isRequestedBy(again, me)).toBe(true)
    expect(isDeclinedFor(again, me)).toBe(false)
  })

  it('may be followed by a new offer only while the item is open', () => {
    expect(isOpenForOffers(declined)).toBe(true)
    expect(isOpenForOffers(makeItem({ status: 'ready_to_pickup' }))).toBe(false)
    expect(isOpenForOffers(makeItem({ request_status: 'accepted' }))).toBe(false)
    expect(isOpenForOffers(makeItem({ delivery_deadline: '2020-01-01T00:00:00Z' }))).toBe(false)
  })
})
