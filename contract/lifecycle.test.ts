import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  allowedEvents,
  approvals,
  decide,
  guards,
  itemStatuses,
  lifecycleEvents,
  requestStatuses,
  transitions,
  type LifecycleContext,
  type LifecycleRole,
} from './lifecycle'

const roles: LifecycleRole[] = ['sender', 'deliverer', 'admin']

const context = fc.record({
  status: fc.constantFrom(...itemStatuses),
  sending_approval: fc.constantFrom(...approvals),
  delivery_approval: fc.constantFrom(null, ...approvals),
  request_status: fc.constantFrom(null, ...requestStatuses),
}) satisfies fc.Arbitrary<LifecycleContext>

/** The item a sender sees with an approved request waiting for their answer. */
const awaiting: LifecycleContext = {
  status: 'pending',
  sending_approval: 'approved',
  delivery_approval: 'approved',
  request_status: 'pending',
}
const carried = (status: LifecycleContext['status']): LifecycleContext => ({
  status,
  sending_approval: 'approved',
  delivery_approval: 'approved',
  request_status: 'accepted',
})

describe('the lifecycle table', () => {
  it('moves an item as docs/design.md tells it', () => {
    expect(decide('accept', 'sender', awaiting)).toMatchObject({
      ok: true,
      transition: { from: 'pending', to: 'ready_to_pickup' },
    })
    expect(decide('reject', 'sender', awaiting)).toMatchObject({
      ok: true,
      transition: { from: 'pending', to: 'pending' },
    })
    expect(decide('cancel', 'sender', awaiting)).toMatchObject({
      ok: true,
      transition: { from: 'pending', to: 'cancelled' },
    })
    expect(decide('pick_up', 'deliverer', carried('ready_to_pickup'))).toMatchObject({
      ok: true,
      transition: { from: 'ready_to_pickup', to: 'in_process', stamp: 'picked_up_at' },
    })
    expect(decide('deliver', 'deliverer', carried('in_process'))).toMatchObject({
      ok: true,
      transition: { from: 'in_process', to: 'delivered', stamp: 'delivered_at' },
    })
  })

  it('says why it refuses: the role, the status, or the guard by name', () => {
    expect(decide('accept', 'deliverer', awaiting)).toEqual({ ok: false, refused: 'role' })
    expect(decide('pick_up', 'admin', carried('ready_to_pickup'))).toEqual({
      ok: false,
      refused: 'role',
    })
    expect(decide('deliver', 'deliverer', carried('ready_to_pickup'))).toEqual({
      ok: false,
      refused: 'status',
    })
    expect(decide('accept', 'sender', { ...awaiting, delivery_approval: 'pending' })).toEqual({
      ok: false,
      refused: 'awaits_sender',
    })
    expect(decide('cancel', 'sender', { ...awaiting, request_status: 'accepted' })).toEqual({
      ok: false,
      refused: 'not_accepted',
    })
    expect(
      decide('pick_up', 'deliverer', { ...carried('ready_to_pickup'), request_status: null }),
    ).toEqual({ ok: false, refused: 'carried' })
  })

  it('allows a move exactly when a row of the table matches event, role and status and its guards hold', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...lifecycleEvents),
        fc.constantFrom(...roles),
        context,
        (event, role, c) => {
          const row = transitions.find(
            (t) => t.event === event && t.role === role && t.from === c.status,
          )
          const expected = row !== undefined && row.guards.every((g) => guards[g](c))
          expect(decide(event, role, c).ok).toBe(expected)
          expect(allowedEvents(role, c).includes(event)).toBe(expected)
        },
      ),
    )
  })

  it('never moves a delivered or cancelled item, and gives admins no move of their own', () => {
    fc.assert(
      fc.property(fc.constantFrom(...roles), context, (role, c) => {
        if (c.status === 'delivered' || c.status === 'cancelled')
          expect(allowedEvents(role, c)).toEqual([])
        expect(allowedEvents('admin', c)).toEqual([])
      }),
    )
  })

  it('names only known statuses and guards, one row per event, role and from status', () => {
    const keys = transitions.map((t) => `${t.event}/${t.role}/${t.from}`)
    expect(new Set(keys).size).toBe(keys.length)
    for (const t of transitions) {
      expect(itemStatuses).toContain(t.from)
      expect(itemStatuses).toContain(t.to)
      for (const g of t.guards) expect(Object.keys(guards)).toContain(g)
    }
  })
})
