import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { items } from '../db/schema'
import { HANDOFF } from '../../contract/handoff-messages'
import {
  approveDelivery,
  bearer,
  createItem,
  createRequest,
  createUser,
  handoffProof,
  multipart,
  TINY_PDF,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

// The other setting of contract/handoff-policy.ts (decision 034): with HANDOFF_CODE_REQUIRED
// false, a pick-up or a delivery without a code goes through (the timeline says `none`), and a code
// that comes is still checked. handoffs.test.ts runs the setting the app ships with (required).
vi.mock('../../contract/handoff-policy', () => ({ HANDOFF_CODE_REQUIRED: false }))

describe.each(backends)('when handoff codes are not required, on %s', (backend) => {
  let t: TestApp
  let sender: TestUser
  let deliverer: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    sender = await createUser(t.app, { role: 'sender' })
    deliverer = await createUser(t.app, { role: 'deliverer' })
  })
  afterAll(() => t?.close())

  /** An item whose request was accepted an hour ago, with its codes. */
  async function carried() {
    const item = await createItem(t.app, sender.id, {
      sendingApproval: 'approved',
      status: 'ready_to_pickup',
    })
    const request = await createRequest(t.app, item.id, deliverer.id, {
      deliveryApproval: 'approved',
      requestStatus: 'accepted',
      acceptedAt: new Date(Date.now() - 3600_000),
    })
    await approveDelivery(t.app, item.id, request.id)
    return item.id
  }
  async function step(itemId: string, status: 'in_process' | 'delivered', code?: string) {
    const body = await multipart(
      {
        item_id: itemId,
        status,
        happened_at: new Date().toISOString(),
        ...(code ? { handoff_code: code } : {}),
      },
      ...(status === 'delivered'
        ? [{ field: 'proof_of_delivery', filename: 'proof.pdf', content: TINY_PDF }]
        : []),
    )
    return t.app.inject({
      method: 'POST',
      url: '/api/update-delivery-status',
      headers: { ...bearer(deliverer), ...body.headers },
      payload: body.payload,
    })
  }
  const statusOf = async (itemId: string) =>
    (await t.app.db.select().from(items).where(eq(items.id, itemId)))[0]!.status

  it('moves without a code, and the timeline says nothing proved the steps', async () => {
    const itemId = await carried()
    const picked = await step(itemId, 'in_process')
    expect(picked.statusCode, picked.body).toBe(200)
    const done = await step(itemId, 'delivered')
    expect(done.statusCode, done.body).toBe(200)
    expect(await statusOf(itemId)).toBe('delivered')
    const timeline = (
      await t.app.inject({
        method: 'GET',
        url: `/api/items/${itemId}`,
        headers: bearer(sender),
      })
    ).json().data.item.timeline
    expect(timeline.map((e: { step: string; proof: string }) => [e.step, e.proof])).toEqual([
      ['accepted', 'none'],
      ['picked_up', 'none'],
      ['delivered', 'none'],
    ])
  })

  it('still checks a code that comes: a wrong one changes nothing, the right one is used', async () => {
    const itemId = await carried()
    const wrong = await step(itemId, 'in_process', 'not-a-code')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({
      success: false,
      code: 'HANDOFF_CODE_INVALID',
      message: HANDOFF.notSigned,
    })
    expect(await statusOf(itemId)).toBe('ready_to_pickup')
    const { handoff_code } = await handoffProof(t.app, sender, itemId, 'pickup')
    expect((await step(itemId, 'in_process', handoff_code)).statusCode).toBe(200)
    expect((await step(itemId, 'delivered')).statusCode).toBe(200)
  })
})
