import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliveryRequests } from '../db/schema'
import {
  approveDelivery,
  bearer,
  createItem,
  createRequest,
  createUser,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

describe.each(backends)('a reason when rejecting a request on %s', (backend) => {
  let t: TestApp
  let sender: TestUser
  let other: TestUser
  let dana: TestUser
  let sam: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    sender = await createUser(t.app, { role: 'sender' })
    other = await createUser(t.app, { role: 'sender' })
    dana = await createUser(t.app, { role: 'deliverer', name: 'Dana Deliverer' })
    sam = await createUser(t.app, { role: 'deliverer', name: 'Sam Second' })
  })
  afterAll(() => t?.close())

  /** An approved item with Dana's request current and Sam's request waiting behind it. */
  async function readyItem() {
    const item = await createItem(t.app, sender.id, { sendingApproval: 'approved' })
    const request = await createRequest(t.app, item.id, dana.id)
    await createRequest(t.app, item.id, sam.id)
    await approveDelivery(t.app, item.id, request.id)
    return { item, request }
  }
  const reject = (itemId: string, extra: object, user = sender) =>
    t.app.inject({
      method: 'POST',
      url: '/api/update-request-status',
      headers: bearer(user),
      payload: { item_id: itemId, deliverer_id: dana.id, status: 'rejected', ...extra },
    })
  const stored = async (requestId: string) =>
    (await t.app.db.select().from(deliveryRequests).where(eq(deliveryRequests.id, requestId)))[0]!
  const get = (user: TestUser, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(user) })

  it('stores the trimmed reason and shows it to the rejected deliverer only', async () => {
    const { item, request } = await readyItem()
    const res = await reject(item.id, { reason: '  The pickup date no longer works for me.  ' })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toBe('Request rejected')
    const reason = 'The pickup date no longer works for me.'
    expect((await stored(request.id)).rejectReason).toBe(reason)

    const rejected = await get(dana, '/api/rejected-requests')
    const listed = rejected.json().data.items.find((i: { id: string }) => i.id === item.id)
    expect(listed.rejected_deliverer).toEqual([{ id: dana.id, name: 'Dana Deliverer', reason }])
    const detail = await get(dana, `/api/item/${item.id}`)
    expect(detail.json().data.rejected_deliverer).toEqual([
      { id: dana.id, name: 'Dana Deliverer', reason },
    ])
    // Another deliverer who asked for the same item never learns of it.
    const samView = await get(sam, `/api/item/${item.id}`)
    expect(samView.statusCode).toBe(200)
    expect(samView.json().data.rejected_deliverer).toEqual([])
    expect(JSON.stringify(samView.json())).not.toContain(reason)
    // The sender sees what they wrote.
    const own = await get(sender, `/api/items/${item.id}`)
    expect(own.json().data.item.rejected_deliverer).toEqual([
      { id: dana.id, name: 'Dana Deliverer', reason },
    ])
  })

  it('stays optional: no reason, or only spaces, is stored as none', async () => {
    const a = await readyItem()
    expect((await reject(a.item.id, {})).statusCode).toBe(200)
    expect((await stored(a.request.id)).rejectReason).toBeNull()
    const b = await readyItem()
    expect((await reject(b.item.id, { reason: '   ' })).statusCode).toBe(200)
    expect((await stored(b.request.id)).rejectReason).toBeNull()
  })

  it('refuses a reason over 500 characters, a reason on accept and a non-text reason, changing nothing', async () => {
    const { item, request } = await readyItem()
    const long = await reject(item.id, { reason: 'x'.repeat(501) })
    expect(long.statusCode).toBe(400)
    expect(long.json().errors.reason).toEqual(['Reason must be at most 500 characters'])
    const onAccept = await reject(item.id, { status: 'accepted', reason: 'Thanks!' })
    expect(onAccept.statusCode).toBe(400)
    expect(onAccept.json().errors.reason).toEqual(['A reason can only be given when rejecting'])
    expect((await reject(item.id, { reason: 42 })).statusCode).toBe(400)
    const after = await stored(request.id)
    expect(after).toMatchObject({ requestStatus: 'pending', rejectReason: null })
    // Exactly 500 is fine.
    expect((await reject(item.id, { reason: 'y'.repeat(500) })).statusCode).toBe(200)
    expect((await stored(request.id)).rejectReason).toHaveLength(500)
  })

  it('answers 404 to another sender and 403 to a deliverer, storing nothing', async () => {
    const { item, request } = await readyItem()
    const res = await reject(item.id, { reason: 'Not mine to reject' }, other)
    expect(res.statusCode).toBe(404)
    expect((await reject(item.id, { reason: 'Nope' }, dana)).statusCode).toBe(403)
    expect(await stored(request.id)).toMatchObject({ requestStatus: 'pending', rejectReason: null })
  })
})
