import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NotificationKind } from '../../contract/notifications'
import { jobs, notifications, users } from '../db/schema'
import { notify } from '../services/notify'
import {
  bearer,
  createItem,
  createRequest,
  createUser,
  handoffProof,
  itemBody,
  multipart,
  payAndAccept,
  TINY_PDF,
  type TestUser,
} from '../testing/fixtures'
import { backends, createTestApp, lastMail, type TestApp } from '../testing/test-app'

// Every kind of notification, through the real routes (decision 033): who gets it (and that nobody
// else does), its words and link, its mail, and that it lives and dies with the change it tells of.

describe.each(backends)('notify() on %s', (backend) => {
  let t: TestApp
  let admin: TestUser
  let admin2: TestUser
  let retired: TestUser
  let sender: TestUser
  let sender2: TestUser
  let theo: TestUser
  let deliverer2: TestUser
  let everyone: TestUser[]
  beforeAll(async () => {
    t = await createTestApp(backend, { APP_ORIGIN: 'https://tote.example' }, { jobWorker: false })
    admin = await createUser(t.app, { role: 'admin', name: 'Ada Admin' })
    admin2 = await createUser(t.app, { role: 'admin', name: 'Abe Admin' })
    retired = await createUser(t.app, { role: 'admin', name: 'Old Admin' })
    await t.app.db.update(users).set({ active: false }).where(eq(users.id, retired.id))
    sender = await createUser(t.app, { role: 'sender', name: 'Sara Sender' })
    sender2 = await createUser(t.app, { role: 'sender', name: 'Sid Second' })
    theo = await createUser(t.app, { role: 'deliverer', name: 'Theo' })
    deliverer2 = await createUser(t.app, { role: 'deliverer', name: 'Dora Second' })
    everyone = [admin, admin2, retired, sender, sender2, theo, deliverer2]
  })
  afterAll(() => t?.close())

  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: bearer(user) })
  const postForm = async (
    user: TestUser,
    url: string,
    fields: Record<string, string>,
    file?: { field: string; filename: string; content: Buffer },
  ) => {
    const body = await multipart(fields, ...(file ? [file] : []))
    return t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { ...bearer(user), ...body.headers },
      payload: body.payload,
    })
  }

  /** Who got a notification of `kind` about the item, by name (sorted). */
  const reached = async (kind: NotificationKind, itemId: string) => {
    const rows = await t.app.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.kind, kind), eq(notifications.itemId, itemId)))
    return rows.map((r) => everyone.find((u) => u.id === r.userId)?.name ?? r.userId).sort()
  }
  /** The user's newest notification as GET /api/notifications shows it (their bell). */
  const newest = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: bearer(user),
    })
    return res.json().data.notifications[0] as {
      kind: string
      title: string
      body: string
      link: string
    }
  }
  const mailsTo = async (user: TestUser) => (await lastMail(t.app, user.email)).count

  /** An approved item of the sender with Theo's request current, approved, waiting for the sender. */
  async function awaitingSender(name = 'Laptop') {
    const item = await createItem(t.app, sender.id, { name, sendingApproval: 'approved' })
    await createRequest(t.app, item.id, theo.id)
    await createRequest(t.app, item.id, deliverer2.id)
    const res = await post(admin, '/admin/delivery-approval', {
      item_id: item.id,
      deliverer_id: theo.id,
      decision: 'approved',
    })
    expect(res.statusCode).toBe(200)
    return item
  }

  it('tells every active admin of a new item, linking their review page', async () => {
    const res = await post(sender, '/items', itemBody({ name: 'Laptop' }))
    expect(res.statusCode).toBe(201)
    const itemId = res.json().data.item.id as string
    expect(await reached('item_to_review', itemId)).toEqual(['Abe Admin', 'Ada Admin'])
    expect(await newest(admin2)).toMatchObject({
      kind: 'item_to_review',
      title: 'New item to review: Laptop',
      link: `/sending-approval/item/${itemId}`,
    })
    // Nobody else's bell rings; nothing is mailed.
    expect(
      await t.app.db.select().from(notifications).where(eq(notifications.itemId, itemId)),
    ).toHaveLength(2)
    expect(await mailsTo(admin)).toBe(0)
  })

  it('tells the sender, in the app and by one mail, that their item was approved or rejected', async () => {
    const item = await createItem(t.app, sender.id, { name: 'Laptop' })
    const before = await mailsTo(sender)
    await post(admin, '/admin/sending-approval', { item_id: item.id, decision: 'approved' })
    // Approving again is no news.
    await post(admin, '/admin/sending-approval', { item_id: item.id, decision: 'approved' })
    expect(await reached('sending_approved', item.id)).toEqual(['Sara Sender'])
    expect(await newest(sender)).toMatchObject({
      title: 'Your item Laptop: Open for offers',
      link: `/items/${item.id}`,
    })
    expect(await mailsTo(sender)).toBe(before + 1)

    const lamp = await createItem(t.app, sender.id, { name: 'Lamp' })
    await post(admin, '/admin/sending-approval', {
      item_id: lamp.id,
      decision: 'rejected',
      reason: 'Batteries are not allowed',
    })
    expect(await reached('sending_rejected', lamp.id)).toEqual(['Sara Sender'])
    expect(await newest(sender)).toMatchObject({
      title: 'Your item Lamp: Not approved',
      body: 'Reason: Batteries are not allowed',
    })
    expect((await lastMail(t.app, sender.email)).mail?.subject).toBe(
      'Your item "Lamp": Not approved',
    )
    expect(await mailsTo(sender2)).toBe(0)
  })

  it('tells every active admin of a new delivery request', async () => {
    const item = await createItem(t.app, sender.id, { name: 'Laptop', sendingApproval: 'approved' })
    const res = await postForm(
      theo,
      '/request-item',
      { item_id: item.id, accept_privacy: 'true' },
      { field: 'proof_of_travel', filename: 'ticket.pdf', content: TINY_PDF },
    )
    expect(res.statusCode).toBe(200)
    expect(await reached('request_to_review', item.id)).toEqual(['Abe Admin', 'Ada Admin'])
    expect(await newest(admin)).toMatchObject({
      title: 'Theo asked to deliver Laptop',
      link: `/sending-approval/item/${item.id}`,
    })
  })

  it("tells the deliverer of the admin's decision and the sender that a request awaits them", async () => {
    const item = await awaitingSender()
    expect(await reached('delivery_approved', item.id)).toEqual(['Theo'])
    expect(await reached('request_awaits_sender', item.id)).toEqual(['Sara Sender'])
    expect(await newest(sender)).toMatchObject({
      title: 'Your item Laptop: Offer received from Theo',
      link: `/items/${item.id}`,
    })
    expect(await newest(theo)).toMatchObject({
      title: 'Your request to deliver Laptop: Approved',
      link: `/available-items/${item.id}`,
    })
    expect((await lastMail(t.app, sender.email)).mail).toMatchObject({
      subject: 'Your item "Laptop": Offer received from Theo',
      text: expect.stringContaining(`https://tote.example/items/${item.id}`),
    })
    expect((await lastMail(t.app, theo.email)).mail?.subject).toBe(
      'Your request to deliver "Laptop": Approved',
    )

    await post(admin, '/admin/delivery-approval', {
      item_id: item.id,
      deliverer_id: deliverer2.id,
      decision: 'rejected',
      reason: 'Travel date too late',
    })
    expect(await reached('delivery_rejected', item.id)).toEqual(['Dora Second'])
    expect(await newest(deliverer2)).toMatchObject({
      title: 'Your request to deliver Laptop: Not approved',
      body: 'Reason: Travel date too late',
    })
    // Theo's approval was the only one: the second deliverer was never told of it.
    expect(await reached('delivery_approved', item.id)).toEqual(['Theo'])
  })

  it('tells the deliverer when the sender accepts or rejects, and the sender of pick-up and delivery', async () => {
    const rejected = await awaitingSender('Radio')
    await post(sender, '/update-request-status', {
      item_id: rejected.id,
      deliverer_id: theo.id,
      status: 'rejected',
      reason: 'Found a friend to carry it',
    })
    expect(await reached('request_rejected', rejected.id)).toEqual(['Theo'])
    expect(await newest(theo)).toMatchObject({
      title: 'Your request to deliver Radio: Declined',
      body: 'Sara Sender declined it. Reason: Found a friend to carry it',
    })

    const item = await awaitingSender('Laptop')
    await payAndAccept(t.app, sender, { itemId: item.id, delivererId: theo.id, accept: false })
    const theoMails = await mailsTo(theo)
    const accepted = await post(sender, '/update-request-status', {
      item_id: item.id,
      deliverer_id: theo.id,
      status: 'accepted',
    })
    expect(accepted.statusCode).toBe(200)
    expect(await reached('request_accepted', item.id)).toEqual(['Theo'])
    expect(await newest(theo)).toMatchObject({
      title: 'Your request to deliver Laptop: Accepted',
      link: `/my-deliveries/${item.id}`,
    })
    // Not a kind that mails: the deliverer acts on it in the app.
    expect(await mailsTo(theo)).toBe(theoMails)

    const senderMails = await mailsTo(sender)
    const picked = await postForm(theo, '/update-delivery-status', {
      item_id: item.id,
      status: 'in_process',
      ...(await handoffProof(t.app, sender, item.id, 'pickup')),
    })
    expect(picked.statusCode, picked.body).toBe(200)
    expect(await reached('picked_up', item.id)).toEqual(['Sara Sender'])
    expect(await newest(sender)).toMatchObject({ title: 'Theo picked up Laptop' })
    expect(await mailsTo(sender)).toBe(senderMails)
    const done = await postForm(
      theo,
      '/update-delivery-status',
      {
        item_id: item.id,
        status: 'delivered',
        ...(await handoffProof(t.app, sender, item.id, 'delivery')),
      },
      { field: 'proof_of_delivery', filename: 'proof.pdf', content: TINY_PDF },
    )
    expect(done.statusCode, done.body).toBe(200)
    expect(await reached('delivered', item.id)).toEqual(['Sara Sender'])
    expect(await newest(sender)).toMatchObject({
      title: 'Your item Laptop: Delivered',
      link: `/items/${item.id}`,
    })
    expect((await lastMail(t.app, sender.email)).mail?.subject).toBe(
      'Your item "Laptop": Delivered',
    )
    expect(await mailsTo(sender)).toBe(senderMails + 1)
    expect(await mailsTo(sender2)).toBe(0)
  })

  it('tells the asked user of an information request, and every active admin of the answer', async () => {
    const item = await createItem(t.app, sender.id, { name: 'Vase' })
    const asked = await postForm(admin, '/admin/request-further-info', {
      item_id: item.id,
      to: 'sender',
      description: 'Is it wrapped?',
    })
    expect(asked.statusCode).toBe(200)
    expect(await reached('info_requested', item.id)).toEqual(['Sara Sender'])
    expect(await newest(sender)).toMatchObject({
      title: 'Tote needs more information about Vase',
      body: 'Is it wrapped?',
      link: `/items/${item.id}`,
    })
    expect((await lastMail(t.app, sender.email)).mail?.subject).toBe(
      'Tote needs more information about Vase',
    )
    const answered = await postForm(sender, '/respond-further-info', {
      item_id: item.id,
      description: 'Yes, in bubble wrap',
      response_by: 'sender',
    })
    expect(answered.statusCode).toBe(200)
    expect(await reached('info_answered', item.id)).toEqual(['Abe Admin', 'Ada Admin'])
    expect(await newest(admin)).toMatchObject({
      title: 'Sara Sender answered about Vase',
      body: 'Yes, in bubble wrap',
      link: `/sending-approval/item/${item.id}`,
    })
  })

  it('writes nothing for a refused change, and nothing when the transaction rolls back', async () => {
    const item = await createItem(t.app, sender.id, { name: 'Cello', sendingApproval: 'approved' })
    await createRequest(t.app, item.id, theo.id, { requestStatus: 'accepted' })
    const refused = await post(admin, '/admin/sending-approval', {
      item_id: item.id,
      decision: 'rejected',
    })
    expect(refused.statusCode).toBe(409)
    expect(await reached('sending_rejected', item.id)).toEqual([])

    // notify() ran, then the transaction failed: neither the row nor its mail job stays.
    const jobsBefore = (await t.app.db.select().from(jobs)).length
    await expect(
      t.app.db.transaction(async (tx) => {
        const n = await notify(tx, t.app.notifier, { kind: 'sending_approved', itemId: item.id })
        expect(n).toBe(1)
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await reached('sending_approved', item.id)).toEqual([])
    expect(await t.app.db.select().from(jobs)).toHaveLength(jobsBefore)
  })

  it('stops the mail of a kind the user turned off, never its in-app notification', async () => {
    const put = (user: TestUser, preferences: object[]) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/notification-preferences',
        headers: bearer(user),
        payload: { preferences },
      })
    const get = async (user: TestUser) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/notification-preferences',
          headers: bearer(user),
        })
      ).json().data.preferences as { kind: string; mail: boolean }[]

    expect(await get(sender2)).toEqual([
      { kind: 'sending_approved', mail: true },
      { kind: 'sending_rejected', mail: true },
      { kind: 'request_awaits_sender', mail: true },
      { kind: 'delivered', mail: true },
      { kind: 'info_requested', mail: true },
      // Decision 038: an accepted item not delivered in time is refunded, and the sender told.
      { kind: 'auto_refunded', mail: true },
      // Decision 042: the deliverer gave the item back before pickup.
      { kind: 'deliverer_withdrew', mail: true },
      // Decision 039: a message still unread 15 minutes after it came.
      { kind: 'message', mail: true },
      // Decision 040: a dispute's outcome, and an admin's refund.
      { kind: 'dispute_resolved', mail: true },
      { kind: 'refund_issued', mail: true },
    ])
    const off = await put(sender2, [{ kind: 'sending_approved', mail: false }])
    expect(off.statusCode).toBe(200)
    expect(off.json().data.preferences[0]).toEqual({ kind: 'sending_approved', mail: false })
    // A kind the sender never gets by mail is refused and changes nothing.
    const foreign = await put(sender2, [
      { kind: 'sending_rejected', mail: false },
      { kind: 'trip_match', mail: false },
    ])
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().message).toBe('You do not get mail of this kind')
    expect((await get(sender2)).find((p) => p.kind === 'sending_rejected')?.mail).toBe(true)

    const item = await createItem(t.app, sender2.id, { name: 'Kettle' })
    const before = await mailsTo(sender2)
    await post(admin, '/admin/sending-approval', { item_id: item.id, decision: 'approved' })
    expect(await reached('sending_approved', item.id)).toEqual(['Sid Second'])
    expect(await mailsTo(sender2)).toBe(before)

    // Back on: the next one mails again.
    expect((await put(sender2, [{ kind: 'sending_approved', mail: true }])).statusCode).toBe(200)
    const next = await createItem(t.app, sender2.id, { name: 'Toaster' })
    await post(admin, '/admin/sending-approval', { item_id: next.id, decision: 'approved' })
    expect(await mailsTo(sender2)).toBe(before + 1)
  })
})
