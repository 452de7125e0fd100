import type { ErrorCode } from '../../contract/error-codes'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  decide,
  itemStatuses,
  lifecycleEvents,
  type ItemStatus,
  type LifecycleEvent,
  type LifecycleRole,
} from '../../contract/lifecycle'
import { deliveryRequests, items, payments } from '../db/schema'
import {
  bearer,
  createItem,
  createRequest,
  createUser,
  handoffProof,
  multipart,
  payAndAccept,
  TINY_PDF,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

// contract/lifecycle.ts as a table, through the real routes: every (status, event, role) either
// makes the table's move or is refused with today's answer and changes nothing.

const roles: LifecycleRole[] = ['sender', 'deliverer', 'admin']

/** Today's refusal of an event on an item in `status` by the role the table names for it. */
/** The answer a refused move gets: its status, its code and the spec's message. */
function refusal(event: LifecycleEvent, status: ItemStatus): [number, ErrorCode, string] {
  if (event === 'accept' || event === 'reject')
    return [
      409,
      'BAD_TRANSITION',
      status === 'cancelled'
        ? 'This item has been cancelled'
        : 'This request has already been answered',
    ]
  if (event === 'cancel') return [409, 'BAD_TRANSITION', 'This item can no longer be cancelled']
  if (event === 'withdraw')
    return status === 'pending' || status === 'cancelled'
      ? [404, 'ITEM_NOT_FOUND', 'Item not found']
      : [409, 'BAD_TRANSITION', 'Only possible until the item is picked up']
  // The deliverer carries only items whose request was accepted; others are not theirs.
  return status === 'pending' || status === 'cancelled'
    ? [404, 'ITEM_NOT_FOUND', 'Item not found']
    : [409, 'BAD_TRANSITION', 'This delivery cannot move to that status']
}

describe.each(backends)('the item lifecycle on %s', (backend) => {
  let t: TestApp
  let sender: TestUser
  let deliverer: TestUser
  let admin: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    sender = await createUser(t.app, { role: 'sender' })
    deliverer = await createUser(t.app, { role: 'deliverer' })
    admin = await createUser(t.app, { role: 'admin' })
  })
  afterAll(() => t?.close())
  const userOf = (role: LifecycleRole) => ({ sender, deliverer, admin })[role]
  const isAccepted = (status: ItemStatus) => status !== 'pending' && status !== 'cancelled'

  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(user) })

  /**
   * An item in `status` as the lifecycle leaves it: before acceptance its current request is
   * approved and waits for the sender (paid, so accepting can go through); from acceptance on it
   * is accepted (with its handoff codes). A cancelled item was cancelled while its request waited.
   */
  async function itemIn(status: ItemStatus) {
    const accepted = isAccepted(status)
    const item = await createItem(t.app, sender.id, {
      sendingApproval: 'approved',
      status: status === 'cancelled' ? 'pending' : status,
    })
    const request = await createRequest(t.app, item.id, deliverer.id, {
      deliveryApproval: 'approved',
      requestStatus: accepted ? 'accepted' : 'pending',
      delivererPrice: '21.37',
    })
    await t.app.db.update(items).set({ currentRequestId: request.id }).where(eq(items.id, item.id))
    if (status === 'pending')
      await payAndAccept(t.app, sender, {
        itemId: item.id,
        delivererId: deliverer.id,
        accept: false,
      })
    if (status === 'cancelled')
      await t.app.db.update(items).set({ status: 'cancelled' }).where(eq(items.id, item.id))
    return { itemId: item.id, requestId: request.id }
  }

  async function send(event: LifecycleEvent, user: TestUser, itemId: string, withCodes = false) {
    if (event === 'accept' || event === 'reject')
      return post(user, '/api/update-request-status', {
        item_id: itemId,
        deliverer_id: deliverer.id,
        status: event === 'accept' ? 'accepted' : 'rejected',
      })
    // A reason, which cancelling an accepted item and withdrawing need (decision 042).
    if (event === 'cancel')
      return post(user, '/api/cancel-item', { item_id: itemId, reason: 'Plans changed' })
    if (event === 'withdraw')
      return post(user, '/api/withdraw-delivery', { item_id: itemId, reason: 'Plans changed' })
    // With the step's code when the item has codes (from acceptance on), as the deliverer's
    // phone sends it: the table, not the code, decides.
    const proof = withCodes
      ? await handoffProof(t.app, sender, itemId, event === 'pick_up' ? 'pickup' : 'delivery')
      : { happened_at: new Date().toISOString() }
    const body = await multipart(
      { item_id: itemId, status: event === 'pick_up' ? 'in_process' : 'delivered', ...proof },
      ...(event === 'deliver'
        ? [{ field: 'proof_of_delivery', filename: 'proof.pdf', content: TINY_PDF }]
        : []),
    )
    return t.app.inject({
      method: 'POST',
      url: '/api/update-delivery-status',
      headers: { ...bearer(user), ...body.headers },
      payload: body.payload,
    })
  }

  const rows = async (itemId: string, requestId: string) => ({
    item: (await t.app.db.select().from(items).where(eq(items.id, itemId)))[0]!,
    request: (
      await t.app.db.select().from(deliveryRequests).where(eq(deliveryRequests.id, requestId))
    )[0]!,
  })

  // The context every fixture gives the sender's and the deliverer's view.
  const contextOf = (status: ItemStatus) => ({
    status,
    sending_approval: 'approved' as const,
    delivery_approval: 'approved' as const,
    request_status: isAccepted(status) ? ('accepted' as const) : ('pending' as const),
  })

  it.each(itemStatuses)(
    'from %s: each event by each role moves as the table says or changes nothing',
    async (status) => {
      // One item takes every refusal (refusals change nothing); each allowed move gets its own.
      const shared = await itemIn(status)
      for (const event of lifecycleEvents)
        for (const role of roles) {
          const decision = decide(event, role, contextOf(status))
          const label = `${event} by ${role} from ${status}`
          if (decision.ok) {
            const { itemId, requestId } = await itemIn(status)
            const res = await send(event, userOf(role), itemId, isAccepted(status))
            expect(res.statusCode, `${label}: ${res.body}`).toBe(200)
            const after = await rows(itemId, requestId)
            expect(after.item.status, label).toBe(decision.transition.to)
            if (event === 'accept') expect(after.request.agreedPriceCents, label).toBe(2137)
            if (event === 'reject' || event === 'withdraw')
              expect(after.item.currentRequestId, label).toBeNull()
            if (event === 'withdraw') expect(after.request.withdrawnAt, label).toBeInstanceOf(Date)
            if (decision.transition.stamp === 'picked_up_at')
              expect(after.item.pickedUpAt, label).toBeInstanceOf(Date)
            if (decision.transition.stamp === 'delivered_at')
              expect(after.item.deliveredAt, label).toBeInstanceOf(Date)
            continue
          }
          const before = await rows(shared.itemId, shared.requestId)
          const res = await send(event, userOf(role), shared.itemId, isAccepted(status))
          if (decision.refused === 'role') expect(res.statusCode, label).toBe(403)
          else {
            const [httpStatus, code, message] = refusal(event, status)
            expect(res.statusCode, label).toBe(httpStatus)
            expect(res.json(), label).toEqual({ success: false, message, code })
          }
          expect(await rows(shared.itemId, shared.requestId), label).toEqual(before)
        }
    },
  )

  it.runIf(backend === 'postgres')(
    'leaves one consistent outcome when the sender accepts and cancels a paid item at once',
    async () => {
      for (let round = 0; round < 8; round++) {
        const { itemId, requestId } = await itemIn('pending')
        const [accept, cancel] = await Promise.all([
          send('accept', sender, itemId),
          send('cancel', sender, itemId),
        ])
        const codes = `round ${round}: ${accept!.statusCode} ${accept!.body} / ${cancel!.statusCode} ${cancel!.body}`
        // Never a server error; each answer says yes or "not from this state".
        expect([200, 409], codes).toContain(accept!.statusCode)
        expect([200, 409], codes).toContain(cancel!.statusCode)
        const { item, request } = await rows(itemId, requestId)
        const [payment] = await t.app.db
          .select()
          .from(payments)
          .where(eq(payments.requestId, requestId))
        if (cancel!.statusCode === 409) {
          // Accepted first, and the cancel refused: paid, on its way to pickup.
          expect(accept!.statusCode, codes).toBe(200)
          expect(item.status).toBe('ready_to_pickup')
          expect(request).toMatchObject({ requestStatus: 'accepted', agreedPriceCents: 2137 })
          expect(payment!.status).toBe('succeeded')
          continue
        }
        // Cancelled: before the accept (which was then refused), or after it, which decision 042
        // allows before pickup. Either way the sender is refunded in full.
        expect(item.status, codes).toBe('cancelled')
        if (accept!.statusCode === 200)
          expect(request).toMatchObject({ requestStatus: 'accepted', agreedPriceCents: 2137 })
        else expect(request).toMatchObject({ requestStatus: 'pending', agreedPriceCents: null })
        // The refund is a job: queued with the cancel, perhaps already run by the worker.
        expect(['refund_pending', 'refunded'], codes).toContain(payment!.status)
      }
    },
  )
})
