import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, items } from '../db/schema'
import {
  approveDelivery,
  approveSending,
  bearer,
  createItem,
  createRequest,
  createUser,
  storeTestFile,
  itemBody,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

describe.each(backends)('sender items on %s', (backend) => {
  let t: TestApp
  let sender: TestUser
  let other: TestUser
  let deliverer: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    sender = await createUser(t.app, { role: 'sender' })
    other = await createUser(t.app, { role: 'sender' })
    deliverer = await createUser(t.app, { role: 'deliverer', name: 'Dana Deliverer' })
  })
  afterAll(() => t?.close())

  const post = (user: TestUser | null, url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: user ? bearer(user) : {},
    })
  const get = (user: TestUser | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: user ? bearer(user) : {} })
  const rowOf = async (id: string) =>
    (await t.app.db.select().from(items).where(eq(items.id, id)))[0]!

  describe('POST /api/items', () => {
    it('creates a pending item awaiting sending approval and answers 201 with the item view', async () => {
      const res = await post(sender, '/api/items', itemBody({ amount: 1, status: 'delivered' }))
      expect(res.statusCode).toBe(201)
      const body = res.json()
      expect(body).toMatchObject({ success: true, message: 'Item created successfully' })
      expect(body.data.item).toMatchObject({
        name: 'Laptop',
        category: 'electronics',
        status: 'pending',
        sending_approval: 'pending',
        delivery_approval: null,
        request_status: null,
        deliverer: null,
        sender_price: 40.12,
        is_fragile: true,
        dimensions: { length: 35, width: 25, height: 5 },
        from_location: { lat: 52.52, lng: 13.405, address: 'Berlin, Germany' },
        requested_by: [],
        rejected_deliverer: [],
      })
      expect((await rowOf(body.data.item.id)).senderId).toBe(sender.id)
    })

    it('refuses a plain-string location, a past deadline and bad fields with 400', async () => {
      const str = await post(sender, '/api/items', itemBody({ from_location: 'Berlin' }))
      expect(str.statusCode).toBe(400)
      expect(str.json()).toMatchObject({
        success: false,
        message: 'Choose the location on the map or from the suggestions',
        errors: { from_location: ['Choose the location on the map or from the suggestions'] },
      })
      const past = await post(
        sender,
        '/api/items',
        itemBody({ delivery_deadline: new Date(Date.now() - 60_000).toISOString() }),
      )
      expect(past.statusCode).toBe(400)
      expect(past.json().message).toBe('Delivery deadline must be in the future')
      const bad = await post(sender, '/api/items', itemBody({ quantity: 0 }))
      expect(bad.statusCode).toBe(400)
      expect(bad.json().message).toBe('Quantity must be at least 1')
    })

    it('answers 401 anonymously and 403 to a deliverer', async () => {
      expect((await post(null, '/api/items', itemBody())).statusCode).toBe(401)
      expect((await post(deliverer, '/api/items', itemBody())).statusCode).toBe(403)
    })
  })

  describe('GET /api/items', () => {
    let lister: TestUser
    beforeAll(async () => {
      lister = await createUser(t.app, { role: 'sender' })
      const base = Date.now() - 100_000
      for (let i = 0; i < 12; i++)
        await createItem(t.app, lister.id, {
          name: `Item ${String(i).padStart(2, '0')}`,
          category: i % 2 ? 'documents' : 'food',
          senderPrice: `${10 + i}.00`,
          createdAt: new Date(base + i * 1000),
          status: i === 11 ? 'delivered' : 'pending',
          description: i === 3 ? 'contains 100% cotton_shirt' : 'plain',
        })
      await createItem(t.app, other.id, { name: 'Foreign item' })
    })
    const list = (query: string) => get(lister, `/api/items?${query}`)

    it('lists only the caller’s items, newest first, with pagination', async () => {
      const res = await list('')
      expect(res.statusCode).toBe(200)
      const { items: rows, pagination } = res.json().data
      expect(pagination).toEqual({ current_page: 1, per_page: 10, total: 12 })
      expect(rows).toHaveLength(10)
      expect(rows[0].name).toBe('Item 11')
      expect(rows.map((r: { name: string }) => r.name)).not.toContain('Foreign item')
      const page2 = (await list('page=2&per_page=10')).json().data
      expect(page2.items.map((r: { name: string }) => r.name)).toEqual(['Item 01', 'Item 00'])
      expect(page2.pagination).toEqual({ current_page: 2, per_page: 10, total: 12 })
    })

    it('caps per_page at 100 and falls back on an unknown sort column', async () => {
      const capped = (await list('per_page=1000')).json().data.pagination
      expect(capped.per_page).toBe(10) // out of range -> the default, never more than 100
      expect((await list('per_page=100')).json().data.pagination.per_page).toBe(100)
      const evil = await list(
        'sort_by=' + encodeURIComponent('name; drop table items') + '&sort_order=sideways',
      )
      expect(evil.statusCode).toBe(200)
      expect(evil.json().data.items[0].name).toBe('Item 11') // created_at desc
      const byPrice = (await list('sort_by=sender_price&sort_order=asc')).json().data.items
      expect(byPrice[0].sender_price).toBe(10)
      const byName = (await list('sort_by=name&sort_order=desc&per_page=25')).json().data.items
      expect(byName[0].name).toBe('Item 11')
      expect(byName.at(-1).name).toBe('Item 00')
    })

    it('filters by status, category and search (with % and _ taken literally)', async () => {
      const delivered = (await list('status=delivered')).json().data
      expect(delivered.pagination.total).toBe(1)
      const docs = (await list('category=documents&per_page=50')).json().data
      expect(docs.pagination.total).toBe(6)
      expect(docs.items.every((i: { category: string }) => i.category === 'documents')).toBe(true)
      expect(
        (await list('search=item%2007')).json().data.items.map((i: { name: string }) => i.name),
      ).toEqual(['Item 07'])
      expect((await list('search=100%25')).json().data.pagination.total).toBe(1)
      expect((await list('search=n_shirt')).json().data.pagination.total).toBe(1)
      expect((await list('search=%25')).json().data.pagination.total).toBe(1)
      expect((await list('search=_')).json().data.pagination.total).toBe(1)
    })

    it('answers 403 to a deliverer and 401 anonymously', async () => {
      expect((await get(deliverer, '/api/items')).statusCode).toBe(403)
      expect((await get(null, '/api/items')).statusCode).toBe(401)
    })
  })

  describe('GET /api/items/:id', () => {
    it('answers the owner’s item and 404 to others and malformed ids', async () => {
      const item = await createItem(t.app, sender.id)
      const res = await get(sender, `/api/items/${item.id}`)
      expect(res.statusCode).toBe(200)
      expect(res.json().data.item).toMatchObject({ id: item.id, name: 'Box of books' })
      for (const [user, id] of [
        [other, item.id],
        [sender, 'not-a-uuid'],
        [sender, '------------------------------------'],
        [sender, '00000000-0000-4000-8000-000000000000'],
      ] as const) {
        const miss = await get(user, `/api/items/${id}`)
        expect(miss.statusCode).toBe(404)
        expect(miss.json()).toEqual({
          success: false,
          message: 'Item not found',
          code: 'ITEM_NOT_FOUND',
        })
      }
      expect((await get(deliverer, `/api/items/${item.id}`)).statusCode).toBe(403)
    })

    it('shows the current request only once sending and delivery are approved', async () => {
      const item = await createItem(t.app, sender.id)
      const request = await createRequest(t.app, item.id, deliverer.id)
      expect((await get(sender, `/api/items/${item.id}`)).json().data.item.deliverer).toBeNull()
      await approveSending(t.app, item.id)
      await approveDelivery(t.app, item.id, request.id)
      const shown = (await get(sender, `/api/items/${item.id}`)).json().data.item
      expect(shown).toMatchObject({
        deliverer: { id: deliverer.id, name: 'Dana Deliverer' },
        delivery_approval: 'approved',
        request_status: 'pending',
        deliverer_price: 20,
      })
    })

    it('keeps another sender away from the item’s proof of delivery', async () => {
      const fileId = await storeTestFile(t.app, deliverer.id, 'proof_of_delivery')
      const item = await createItem(t.app, sender.id, {
        proofOfDeliveryFileId: fileId,
        status: 'delivered',
      })
      expect((await get(sender, `/api/proof-of-travel/${fileId}`)).statusCode).toBe(200)
      expect((await get(other, `/api/proof-of-travel/${fileId}`)).statusCode).toBe(404)
      expect((await get(other, `/api/items/${item.id}`)).statusCode).toBe(404)
    })
  })

  describe('POST /api/update-item', () => {
    it('lets the owner edit while sending approval is pending', async () => {
      const item = await createItem(t.app, sender.id)
      const res = await post(sender, '/api/update-item', {
        ...itemBody({ name: 'Renamed', quantity: 3 }),
        item_id: item.id,
        sender_price: undefined,
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Item updated successfully',
        data: { item: { id: item.id, name: 'Renamed', quantity: 3, sender_price: 25 } },
      })
      const priced = await post(sender, '/api/update-item', {
        ...itemBody({ sender_price: 12.5 }),
        item_id: item.id,
      })
      expect(priced.json().data.item.sender_price).toBe(12.5)
    })

    it('refuses another sender (404), a past deadline (400) and an approved item (409)', async () => {
      const item = await createItem(t.app, sender.id)
      const foreign = await post(other, '/api/update-item', { ...itemBody(), item_id: item.id })
      expect(foreign.statusCode).toBe(404)
      expect(foreign.json().message).toBe('Item not found')
      const past = await post(sender, '/api/update-item', {
        ...itemBody({ delivery_deadline: new Date(Date.now() - 1000).toISOString() }),
        item_id: item.id,
      })
      expect(past.statusCode).toBe(400)
      expect(past.json().message).toBe('Delivery deadline must be in the future')
      await approveSending(t.app, item.id)
      const late = await post(sender, '/api/update-item', { ...itemBody(), item_id: item.id })
      expect(late.statusCode).toBe(409)
      expect(late.json()).toEqual({
        success: false,
        message: 'This item can no longer be edited',
        code: 'BAD_TRANSITION',
      })
      expect((await rowOf(item.id)).name).toBe('Box of books')
      expect(
        (await post(deliverer, '/api/update-item', { ...itemBody(), item_id: item.id })).statusCode,
      ).toBe(403)
    })
  })

  describe('POST /api/cancel-item', () => {
    it('cancels a pending item of the owner and writes an audit row', async () => {
      const item = await createItem(t.app, sender.id)
      await createRequest(t.app, item.id, deliverer.id)
      const res = await post(sender, '/api/cancel-item', { item_id: item.id })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Item cancelled',
        data: { item: { status: 'cancelled' } },
      })
      const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, item.id))
      expect(audits).toMatchObject([{ actorId: sender.id, action: 'item.cancel' }])
      const again = await post(sender, '/api/cancel-item', { item_id: item.id })
      expect(again.statusCode).toBe(409)
      expect(again.json().message).toBe('This item can no longer be cancelled')
    })

    it('refuses once a request is accepted, and another sender gets 404', async () => {
      const item = await createItem(t.app, sender.id, { sendingApproval: 'approved' })
      const request = await createRequest(t.app, item.id, deliverer.id, {
        deliveryApproval: 'approved',
        requestStatus: 'accepted',
      })
      await approveDelivery(t.app, item.id, request.id)
      const res = await post(sender, '/api/cancel-item', { item_id: item.id })
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe('This item can no longer be cancelled')
      const open = await createItem(t.app, sender.id)
      expect((await post(other, '/api/cancel-item', { item_id: open.id })).statusCode).toBe(404)
      expect((await rowOf(open.id)).status).toBe('pending')
      expect((await post(null, '/api/cancel-item', { item_id: open.id })).statusCode).toBe(401)
    })
  })

  describe('GET /api/get-all-deliverers and /api/sender-stats', () => {
    it('lists only the approved deliverers of the caller’s items', async () => {
      const me = await createUser(t.app, { role: 'sender' })
      const mine = await createItem(t.app, me.id)
      const theirs = await createItem(t.app, other.id)
      const a = await createUser(t.app, { role: 'deliverer', name: 'Alice A' })
      const b = await createUser(t.app, { role: 'deliverer', name: 'Bob B' })
      const d = await createUser(t.app, { role: 'deliverer', name: 'Dora Not Yet Approved' })
      await createUser(t.app, { role: 'deliverer', name: 'Carl Unrelated' })
      const approved = { deliveryApproval: 'approved' } as const
      await createRequest(t.app, mine.id, a.id, approved)
      await createRequest(t.app, mine.id, b.id, approved)
      await createRequest(t.app, mine.id, d.id)
      await createRequest(t.app, theirs.id, b.id, approved)
      const second = await createItem(t.app, me.id)
      await createRequest(t.app, second.id, a.id, approved)
      const res = await get(me, '/api/get-all-deliverers')
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toEqual([
        { id: a.id, name: 'Alice A' },
        { id: b.id, name: 'Bob B' },
      ])
      expect((await get(deliverer, '/api/get-all-deliverers')).statusCode).toBe(403)
    })

    it('counts the caller’s items by status, awaiting approval and requests to review', async () => {
      const me = await createUser(t.app, { role: 'sender' })
      await createItem(t.app, me.id)
      await createItem(t.app, me.id, { status: 'cancelled' })
      await createItem(t.app, me.id, { status: 'delivered', sendingApproval: 'approved' })
      const review = await createItem(t.app, me.id, { sendingApproval: 'approved' })
      const request = await createRequest(t.app, review.id, deliverer.id)
      await approveDelivery(t.app, review.id, request.id)
      const unapproved = await createItem(t.app, me.id, { sendingApproval: 'approved' })
      await createRequest(t.app, unapproved.id, deliverer.id)
      await createItem(t.app, other.id)
      const res = await get(me, '/api/sender-stats')
      expect(res.statusCode).toBe(200)
      expect(res.json().data).toEqual({
        total: 5,
        by_status: { pending: 3, ready_to_pickup: 0, in_process: 0, delivered: 1, cancelled: 1 },
        awaiting_approval: 1,
        requests_to_review: 1,
      })
      expect((await get(null, '/api/sender-stats')).statusCode).toBe(401)
    })
  })
})
