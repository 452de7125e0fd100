import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { item as itemSchema } from '../../contract/items'
import { deliveryRequests, items } from '../db/schema'
import {
  approveDelivery,
  approveSending,
  createInfoRequest,
  createItem,
  createRequest,
  createUser,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'
import { loadItemView, toItemViews } from './item-view'

describe.each(backends)('item view on %s', (backend) => {
  let t: TestApp
  let admin: TestUser, sender: TestUser, dora: TestUser, rick: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    admin = await createUser(t.app, { role: 'admin' })
    sender = await createUser(t.app, { role: 'sender' })
    dora = await createUser(t.app, { role: 'deliverer', name: 'Dora' })
    rick = await createUser(t.app, { role: 'deliverer', name: 'Rick' })
  })
  afterAll(() => t?.close())

  const view = async (id: string, viewer: TestUser) => (await loadItemView(t.app.db, id, viewer))!

  it('answers the contract shape with numbers, objects and ISO dates', async () => {
    const row = await createItem(t.app, sender.id, { senderPrice: '12.50' })
    const v = await view(row.id, sender)
    expect(itemSchema.parse(v)).toEqual(v)
    expect(v).toMatchObject({
      sender_price: 12.5,
      dimensions: { length: 30, width: 20, height: 15 },
      from_location: { lat: 52.52, lng: 13.405, address: 'Berlin, Germany' },
      deliverer: null,
      delivery_approval: null,
      request_status: null,
      proof_of_travel: [],
      requested_by: [],
      info_request_to_sender: null,
    })
    expect(v.delivery_deadline).toBe(row.deliveryDeadline.toISOString())
    expect(await loadItemView(t.app.db, row.id, sender, () => false)).toBeNull()
    expect(await loadItemView(t.app.db, 'nope', sender)).toBeNull()
  })

  it('hides requests from the sender until both approvals, and rivals from each other', async () => {
    const row = await createItem(t.app, sender.id)
    const dReq = await createRequest(t.app, row.id, dora.id, { delivererPrice: '18.75' })
    const rReq = await createRequest(t.app, row.id, rick.id)

    let s = await view(row.id, sender)
    expect(s.requested_by).toEqual([])
    expect(s.proof_of_travel).toEqual([])
    const d = await view(row.id, dora)
    expect(d.requested_by).toEqual([dora.id])
    // Before any request is current, each deliverer sees the price of their own request.
    expect(d.deliverer_price).toBe(18.75)
    expect((await view(row.id, rick)).deliverer_price).toBe(20)
    expect(s.deliverer_price).toBeNull()
    expect(d.proof_of_travel).toEqual([
      { deliverer_id: dora.id, file_path: dReq.proofOfTravelFileId },
    ])
    const a = await view(row.id, admin)
    expect(a.requested_by.sort()).toEqual([dora.id, rick.id].sort())

    await approveDelivery(t.app, row.id, dReq.id)
    s = await view(row.id, sender)
    expect(s.deliverer).toBeNull() // sending not approved yet
    await approveSending(t.app, row.id)
    s = await view(row.id, sender)
    expect(s).toMatchObject({
      deliverer: { id: dora.id, name: 'Dora' },
      deliverer_id: dora.id,
      deliverer_price: 18.75,
      delivery_approval: 'approved',
      request_status: 'pending',
      requested_by: [dora.id],
      proof_of_travel: [{ deliverer_id: dora.id, file_path: dReq.proofOfTravelFileId }],
    })
    const r = await view(row.id, rick)
    expect(r).toMatchObject({
      deliverer: null,
      deliverer_id: null,
      deliverer_price: 20, // rick's own request's price, not dora's current one
      requested_by: [rick.id],
    })

    await t.app.db
      .update(deliveryRequests)
      .set({ requestStatus: 'rejected' })
      .where(eq(deliveryRequests.id, rReq.id))
    expect((await view(row.id, sender)).rejected_deliverer).toEqual([
      { id: rick.id, name: 'Rick', reason: null },
    ])
    expect((await view(row.id, rick)).rejected_deliverer).toEqual([
      { id: rick.id, name: 'Rick', reason: null },
    ])
    expect((await view(row.id, dora)).rejected_deliverer).toEqual([])
  })

  it('shows each party only the information request addressed to them', async () => {
    const row = await createItem(t.app, sender.id)
    await createRequest(t.app, row.id, dora.id)
    await createInfoRequest(t.app, {
      itemId: row.id,
      to: 'sender',
      targetUserId: sender.id,
      description: 'old',
    })
    await new Promise((r) => setTimeout(r, 5))
    await createInfoRequest(t.app, {
      itemId: row.id,
      to: 'sender',
      targetUserId: sender.id,
      description: 'new',
    })
    await createInfoRequest(t.app, {
      itemId: row.id,
      to: 'deliverer',
      targetUserId: dora.id,
      description: 'for dora',
    })

    const s = await view(row.id, sender)
    expect(s.info_request_to_sender).toMatchObject({ description: 'new', sender_response: null })
    expect(s.info_request_to_deliverer).toBeNull()
    const d = await view(row.id, dora)
    expect(d.info_request_to_sender).toBeNull()
    expect(d.info_request_to_deliverer).toMatchObject({
      description: 'for dora',
      deliverer_response: null,
    })
    expect((await view(row.id, rick)).info_request_to_deliverer).toBeNull()
    const a = await view(row.id, admin)
    expect(a.info_request_to_sender?.description).toBe('new')
    expect(a.info_request_to_deliverer?.description).toBe('for dora')
  })

  // Requests, info requests, photos, handoffs and the senders' records (ratings, decision 039): one
  // query each, whatever the number of items.
  it('builds a list in a constant number of queries, in order', async () => {
    const rows = []
    for (let i = 0; i < 6; i++) {
      const row = await createItem(t.app, sender.id, { name: `Item ${i}` })
      await createRequest(t.app, row.id, dora.id)
      rows.push(row)
    }
    let queries = 0
    const counting = t.database.observed(() => queries++)
    const views = await toItemViews(counting, rows, dora)
    expect(views.map((v) => v.name)).toEqual(rows.map((r) => r.name))
    expect(views.every((v) => v.requested_by[0] === dora.id)).toBe(true)
    expect(queries).toBe(5)
    const one = await t.app.db.select().from(items).where(eq(items.id, rows[0]!.id))
    queries = 0
    await toItemViews(counting, one, dora)
    expect(queries).toBe(5)
  })
})
