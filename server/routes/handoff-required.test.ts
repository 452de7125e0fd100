import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { items } from '../db/schema'
import { HANDOFF, issueHandoffs } from '../services/handoffs'
import {
  bearer,
  createItem,
  createRequest,
  createUser,
  multipart,
  TINY_PDF,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

// The setting the PWA step turns on (contract/handoff-policy.ts, decision 034): a pick-up or a
// delivery needs its code, or an admin's waiver. handoffs.test.ts runs the setting of today.
vi.mock('../../contract/handoff-policy', () => ({ HANDOFF_CODE_REQUIRED: true }))

describe.each(backends)('when handoff codes are required, on %s', (backend) => {
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
    await t.app.db.update(items).set({ currentRequestId: request.id }).where(eq(items.id, item.id))
    await issueHandoffs(t.app.db, {
      itemId: item.id,
      requestId: request.id,
      deadline: item.deliveryDeadline,
    })
    const codes = await t.app.inject({
      method: 'GET',
      url: `/api/items/${item.id}/handoff-codes`,
      headers: bearer(sender),
    })
    return { itemId: item.id, codes: codes.json().data }
  }
  async function step(itemId: string, status: 'in_process' | 'delivered', code?: string) {
    const body = await multipart(
      { item_id: itemId, status, ...(code ? { handoff_code: code } : {}) },
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

  it('refuses a step without its code and changes nothing', async () => {
    const { itemId } = await carried()
    const res = await step(itemId, 'in_process')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      success: false,
      code: 'HANDOFF_CODE_REQUIRED',
      message: HANDOFF.required,
    })
    expect(await statusOf(itemId)).toBe('ready_to_pickup')
  })

  it('moves with the codes, signed or six digits', async () => {
    const { itemId, codes } = await carried()
    expect((await step(itemId, 'in_process', codes.pickup.code)).statusCode).toBe(200)
    const missing = await step(itemId, 'delivered')
    expect(missing.json()).toEqual({
      success: false,
      code: 'HANDOFF_CODE_REQUIRED',
      message: HANDOFF.required,
    })
    expect((await step(itemId, 'delivered', codes.delivery.short_code)).statusCode).toBe(200)
    expect(await statusOf(itemId)).toBe('delivered')
  })

  it("moves without a code once an admin waived the step's code", async () => {
    const { itemId } = await carried()
    const waived = await t.app.inject({
      method: 'POST',
      url: '/api/admin/handoffs',
      payload: {
        item_id: itemId,
        step: 'pickup',
        reason: 'Sender phone broken, confirmed by call',
      },
      headers: bearer(admin),
    })
    expect(waived.statusCode, waived.body).toBe(200)
    expect((await step(itemId, 'in_process')).statusCode).toBe(200)
    // Only that step: the delivery still needs its code.
    expect((await step(itemId, 'delivered')).json().message).toBe(HANDOFF.required)
  })
})
