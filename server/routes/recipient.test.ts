import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliveryRequests, items } from '../db/schema'
import {
  approveDelivery,
  approveSending,
  bearer,
  createItem,
  createRequest,
  createUser,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

const PHONE = '+49 89 123456'
const ADDRESS = 'Marienplatz 1, Munich'

describe.each(backends)("the recipient's phone and address on %s", (backend) => {
  let t: TestApp
  let sender: TestUser
  let admin: TestUser
  let chosen: TestUser
  let passedOver: TestUser
  let browsing: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend)
    sender = await createUser(t.app, { role: 'sender' })
    admin = await createUser(t.app, { role: 'admin' })
    chosen = await createUser(t.app, { role: 'deliverer' })
    passedOver = await createUser(t.app, { role: 'deliverer' })
    browsing = await createUser(t.app, { role: 'deliverer' })
  })
  afterAll(() => t?.close())

  const get = (user: TestUser, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(user) })
  const search = (user: TestUser) =>
    t.app.inject({
      method: 'POST',
      url: '/api/available-items',
      payload: {
        origin_address: { lat: 52.52, lng: 13.405 },
        destination_address: { lat: 48.1372, lng: 11.5756 },
        radius_km: 10,
      },
      headers: bearer(user),
    })
  const recipientOf = (item: { delivery_phone: unknown; delivery_address: unknown }) => ({
    phone: item.delivery_phone,
    address: item.delivery_address,
  })
  const hidden = { phone: null, address: null }
  const shown = { phone: PHONE, address: ADDRESS }

  it('shows them only to the sender, admins and the deliverer whose request was accepted', async () => {
    const item = await createItem(t.app, sender.id)
    await approveSending(t.app, item.id)
    const mine = await createRequest(t.app, item.id, chosen.id)
    await createRequest(t.app, item.id, passedOver.id)

    // Browsing: the item is listed without them, and its page too.
    const listed = (await search(browsing)).json().data.items
    expect(listed.map((i: { id: string }) => i.id)).toContain(item.id)
    for (const i of listed) expect(recipientOf(i)).toEqual(hidden)
    expect(JSON.stringify((await search(browsing)).json())).not.toContain(PHONE)
    expect(recipientOf((await get(browsing, `/api/item/${item.id}`)).json().data)).toEqual(hidden)

    // Requested, then approved by an admin: still not accepted by the sender.
    expect(recipientOf((await get(chosen, `/api/item/${item.id}`)).json().data)).toEqual(hidden)
    await approveDelivery(t.app, item.id, mine.id)
    expect(recipientOf((await get(chosen, `/api/item/${item.id}`)).json().data)).toEqual(hidden)
    const waiting = (await get(chosen, '/api/my-deliveries')).json().data.items
    expect(waiting.map(recipientOf)).toEqual([hidden])

    // The sender and admins always see them.
    expect(recipientOf((await get(sender, `/api/items/${item.id}`)).json().data.item)).toEqual(
      shown,
    )
    expect(recipientOf((await get(admin, `/api/admin/items/${item.id}`)).json().data.item)).toEqual(
      shown,
    )

    // Accepted (paid): the chosen deliverer sees them; the one passed over never does.
    await t.app.db
      .update(deliveryRequests)
      .set({ requestStatus: 'accepted' })
      .where(eq(deliveryRequests.id, mine.id))
    await t.app.db.update(items).set({ status: 'ready_to_pickup' }).where(eq(items.id, item.id))
    expect(recipientOf((await get(chosen, `/api/item/${item.id}`)).json().data)).toEqual(shown)
    const carried = (await get(chosen, '/api/my-deliveries')).json().data.items
    expect(carried.map(recipientOf)).toEqual([shown])
    expect(recipientOf((await get(passedOver, `/api/item/${item.id}`)).json().data)).toEqual(hidden)
    expect((await get(browsing, `/api/item/${item.id}`)).statusCode).toBe(404)
  })
})
