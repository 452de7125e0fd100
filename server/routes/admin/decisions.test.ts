import { readdirSync } from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, deliveryRequests, infoRequests, items } from '../../db/schema'
import { loadItemView } from '../../services/item-view'
import {
  approveDelivery,
  approveSending,
  bearer,
  createInfoRequest,
  createItem,
  createRequest,
  createUser,
  multipart,
  TINY_PNG,
  type TestUser,
} from '../../testing/fixtures'
import { backends, createTestApp, lastMail, type TestApp } from '../../testing/test-app'

describe.each(backends)('admin decisions on %s', (backend) => {
  let t: TestApp
  let admin: TestUser
  let sender: TestUser
  let d1: TestUser
  let d2: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend, { APP_ORIGIN: 'https://tote.example' })
    admin = await createUser(t.app, { role: 'admin' })
    sender = await createUser(t.app, { role: 'sender' })
    d1 = await createUser(t.app, { role: 'deliverer' })
    d2 = await createUser(t.app, { role: 'deliverer' })
  })
  afterAll(() => t?.close())

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/${url}`, headers: bearer(admin), payload })
  const itemRow = async (id: string) =>
    (await t.app.db.select().from(items).where(eq(items.id, id)))[0]!
  /** The ids POST /api/available-items shows `user` on the fixture route Berlin -> Munich. */
  const availableTo = async (user: TestUser) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/available-items?per_page=100',
      headers: bearer(user),
      payload: {
        radius_km: 10,
        origin_address: { lat: 52.52, lng: 13.405 },
        destination_address: { lat: 48.1372, lng: 11.5756 },
      },
    })
    expect(res.statusCode).toBe(200)
    return (res.json().data.items as { id: string }[]).map((i) => i.id)
  }
  const audits = (targetId: string) =>
    t.app.db.select().from(auditLog).where(eq(auditLog.targetId, targetId))

  describe('POST /api/admin/sending-approval', () => {
    it('approves, mails the sender and audits', async () => {
      const item = await createItem(t.app, sender.id, { name: 'Guitar' })
      const res = await post('sending-approval', { item_id: item.id, decision: 'approved' })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ success: true, message: 'Sending approved' })
      expect((await itemRow(item.id)).sendingApproval).toBe('approved')
      const { mail } = await lastMail(t.app, sender.email)
      expect(mail?.subject).toBe('Your item "Guitar": Open for offers')
      expect(mail?.text).toContain(`https://tote.example/items/${item.id}`)
      expect(await audits(item.id)).toMatchObject([
        { actorId: admin.id, action: 'item.sending_approved', targetType: 'item', reason: null },
      ])
    })

    it('rejects with the reason, which takes the item off the available list', async () => {
      const item = await createItem(t.app, sender.id, { name: 'Lamp' })
      await approveSending(t.app, item.id)
      expect(await availableTo(d1)).toContain(item.id)
      const res = await post('sending-approval', {
        item_id: item.id,
        decision: 'rejected',
        reason: 'Batteries are not allowed',
      })
      expect(res.json()).toEqual({ success: true, message: 'Sending rejected' })
      expect((await itemRow(item.id)).sendingApproval).toBe('rejected')
      expect(await availableTo(d1)).not.toContain(item.id)
      const { mail } = await lastMail(t.app, sender.email)
      expect(mail?.subject).toBe('Your item "Lamp": Not approved')
      expect(mail?.text).toContain('Reason: Batteries are not allowed')
      expect(await audits(item.id)).toMatchObject([
        { action: 'item.sending_rejected', reason: 'Batteries are not allowed' },
      ])
    })

    it('answers 409 once a request is accepted or the item is no longer pending', async () => {
      const item = await createItem(t.app, sender.id)
      await approveSending(t.app, item.id)
      await createRequest(t.app, item.id, d1.id, { requestStatus: 'accepted' })
      const res = await post('sending-approval', { item_id: item.id, decision: 'rejected' })
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe('A request for this item has already been accepted')
      expect((await itemRow(item.id)).sendingApproval).toBe('approved')
      expect(await audits(item.id)).toEqual([])

      const cancelled = await createItem(t.app, sender.id, { status: 'cancelled' })
      const again = await post('sending-approval', { item_id: cancelled.id, decision: 'approved' })
      expect(again.statusCode).toBe(409)
    })
  })

  describe('POST /api/admin/delivery-approval', () => {
    it('makes the approved request current: the sender then sees the deliverer', async () => {
      const item = await createItem(t.app, sender.id, { name: 'Bike' })
      const r1 = await createRequest(t.app, item.id, d1.id)
      const early = await post('delivery-approval', {
        item_id: item.id,
        deliverer_id: d1.id,
        decision: 'approved',
      })
      expect(early.statusCode).toBe(409)
      expect(early.json().message).toBe('Approve sending first')

      await approveSending(t.app, item.id)
      const res = await post('delivery-approval', {
        item_id: item.id,
        deliverer_id: d1.id,
        decision: 'approved',
      })
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ success: true, message: 'Delivery approved' })
      expect((await itemRow(item.id)).currentRequestId).toBe(r1.id)
      const view = await loadItemView(t.app.db, item.id, { id: sender.id, role: 'sender' })
      expect(view).toMatchObject({
        deliverer: { id: d1.id, name: d1.name },
        deliverer_id: d1.id,
        delivery_approval: 'approved',
        request_status: 'pending',
        deliverer_price: 20,
      })
      const { mail } = await lastMail(t.app, d1.email)
      expect(mail?.subject).toBe('Your request to deliver "Bike": Approved')
      expect(mail?.text).toContain(`https://tote.example/available-items/${item.id}`)
      expect(await audits(r1.id)).toMatchObject([
        { actorId: admin.id, action: 'delivery_request.delivery_approved' },
      ])

      // Approving another pending request replaces the current one; the old keeps its approval.
      const r2 = await createRequest(t.app, item.id, d2.id)
      await post('delivery-approval', {
        item_id: item.id,
        deliverer_id: d2.id,
        decision: 'approved',
      })
      expect((await itemRow(item.id)).currentRequestId).toBe(r2.id)
      const [old] = await t.app.db
        .select()
        .from(deliveryRequests)
        .where(eq(deliveryRequests.id, r1.id))
      expect(old?.deliveryApproval).toBe('approved')

      // Rejecting the current one clears it.
      const rej = await post('delivery-approval', {
        item_id: item.id,
        deliverer_id: d2.id,
        decision: 'rejected',
        reason: 'Travel date too late',
      })
      expect(rej.json()).toEqual({ success: true, message: 'Delivery rejected' })
      expect((await itemRow(item.id)).currentRequestId).toBeNull()
      const rejMail = await lastMail(t.app, d2.email)
      expect(rejMail.mail?.text).toContain('Reason: Travel date too late')
      const senderView = await loadItemView(t.app.db, item.id, { id: sender.id, role: 'sender' })
      expect(senderView?.deliverer).toBeNull()
    })

    it('is refused while another request is accepted, and for answered or missing requests', async () => {
      const item = await createItem(t.app, sender.id)
      await approveSending(t.app, item.id)
      const accepted = await createRequest(t.app, item.id, d1.id, {
        deliveryApproval: 'approved',
        requestStatus: 'accepted',
      })
      await approveDelivery(t.app, item.id, accepted.id)
      await createRequest(t.app, item.id, d2.id)
      const res = await post('delivery-approval', {
        item_id: item.id,
        deliverer_id: d2.id,
        decision: 'approved',
      })
      expect(res.statusCode).toBe(409)
      expect(res.json().message).toBe('Another request for this item has already been accepted')
      expect((await itemRow(item.id)).currentRequestId).toBe(accepted.id)

      const answered = await post('delivery-approval', {
        item_id: item.id,
        deliverer_id: d1.id,
        decision: 'rejected',
      })
      expect(answered.statusCode).toBe(409)

      const outsider = await createUser(t.app, { role: 'deliverer' })
      const missing = await post('delivery-approval', {
        item_id: item.id,
        deliverer_id: outsider.id,
        decision: 'approved',
      })
      expect(missing.statusCode).toBe(404)
      expect(missing.json().message).toBe('Delivery request not found')
    })
  })

  describe('POST /api/admin/request-further-info', () => {
    const ask = async (
      fields: Record<string, string>,
      file?: { filename: string; content: Buffer },
    ) => {
      const body = await multipart(fields, ...(file ? [{ field: 'file', ...file }] : []))
      return t.app.inject({
        method: 'POST',
        url: '/api/admin/request-further-info',
        headers: { ...bearer(admin), ...body.headers },
        payload: body.payload,
      })
    }
    const uploads = () => {
      try {
        return readdirSync(path.join(t.dataDir, 'uploads')).length
      } catch {
        return 0
      }
    }

    it('asks the sender with a PNG; the sender sees it in the item view', async () => {
      const item = await createItem(t.app, sender.id, { name: 'Vase' })
      const res = await ask(
        { item_id: item.id, to: 'sender', description: 'Please send a photo' },
        { filename: 'example.png', content: TINY_PNG },
      )
      expect(res.statusCode).toBe(200)
      expect(res.json()).toEqual({ success: true, message: 'Information request sent' })
      const view = await loadItemView(t.app.db, item.id, { id: sender.id, role: 'sender' })
      expect(view?.info_request_to_sender).toMatchObject({
        description: 'Please send a photo',
        sender_response: null,
      })
      const fileId = view!.info_request_to_sender!.request_file_path!
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/proof-of-travel/${fileId}`,
        headers: bearer(sender),
      })
      expect(file.statusCode).toBe(200)
      const { mail } = await lastMail(t.app, sender.email)
      expect(mail?.subject).toBe('Tote needs more information about Vase')
      expect(mail?.text).toContain(`https://tote.example/items/${item.id}`)
      const [row] = await t.app.db
        .select()
        .from(infoRequests)
        .where(eq(infoRequests.itemId, item.id))
      expect(row).toMatchObject({ targetUserId: sender.id, createdBy: admin.id, to: 'sender' })
      expect(await audits(row!.id)).toMatchObject([{ action: 'info_request.sent_to_sender' }])
    })

    it('asks a deliverer: the current one by default, or a chosen requester', async () => {
      const item = await createItem(t.app, sender.id, { name: 'Chair' })
      const none = await ask({ item_id: item.id, to: 'deliverer', description: 'When?' })
      expect(none.statusCode).toBe(400)
      expect(none.json().message).toBe('Choose which deliverer to ask')

      await approveSending(t.app, item.id)
      const r1 = await createRequest(t.app, item.id, d1.id)
      await createRequest(t.app, item.id, d2.id)
      await approveDelivery(t.app, item.id, r1.id)
      const byDefault = await ask({
        item_id: item.id,
        to: 'deliverer',
        description: 'When do you travel?',
      })
      expect(byDefault.statusCode).toBe(200)
      const v1 = await loadItemView(t.app.db, item.id, { id: d1.id, role: 'deliverer' })
      expect(v1?.info_request_to_deliverer).toMatchObject({
        description: 'When do you travel?',
        deliverer_response: null,
      })
      expect((await lastMail(t.app, d1.email)).mail?.text).toContain(
        `https://tote.example/available-items/${item.id}`,
      )

      const chosen = await ask({
        item_id: item.id,
        to: 'deliverer',
        deliverer_id: d2.id,
        description: 'Show your ticket',
      })
      expect(chosen.statusCode).toBe(200)
      const v2 = await loadItemView(t.app.db, item.id, { id: d2.id, role: 'deliverer' })
      expect(v2?.info_request_to_deliverer?.description).toBe('Show your ticket')

      const outsider = await createUser(t.app, { role: 'deliverer' })
      const notRequester = await ask({
        item_id: item.id,
        to: 'deliverer',
        deliverer_id: outsider.id,
        description: 'x',
      })
      expect(notRequester.statusCode).toBe(404)
    })

    it('refuses a bad file (415) and a missing description (400), storing nothing', async () => {
      const item = await createItem(t.app, sender.id)
      const before = uploads()
      const bad = await ask(
        { item_id: item.id, to: 'sender', description: 'x' },
        { filename: 'photo.png', content: Buffer.from('not really a png') },
      )
      expect(bad.statusCode).toBe(415)
      expect(bad.json().message).toBe('Please upload a PDF, JPEG, or PNG file.')
      const empty = await ask({ item_id: item.id, to: 'sender', description: ' ' })
      expect(empty.statusCode).toBe(400)
      expect(empty.json().message).toBe('Description is required')
      expect(uploads()).toBe(before)
      expect(
        await t.app.db.select().from(infoRequests).where(eq(infoRequests.itemId, item.id)),
      ).toEqual([])
    })
  })

  describe('GET /api/admin/stats, items and history', () => {
    it('counts, lists with filters and shows the history oldest first', async () => {
      const local = await createTestApp(backend)
      try {
        const a = await createUser(local.app, { role: 'admin' })
        const s = await createUser(local.app, { role: 'sender', name: 'Sally Sender' })
        const d = await createUser(local.app, { role: 'deliverer' })
        const waiting = await createItem(local.app, s.id, { name: 'Piano 100%_off' })
        const open = await createItem(local.app, s.id, {
          name: 'Drum',
          sendingApproval: 'approved',
        })
        await createItem(local.app, s.id, {
          name: 'Old',
          status: 'delivered',
          sendingApproval: 'approved',
        })
        await createRequest(local.app, open.id, d.id)
        const info = await createInfoRequest(local.app, {
          itemId: open.id,
          to: 'deliverer',
          targetUserId: d.id,
          adminId: a.id,
        })
        await local.app.db
          .update(infoRequests)
          .set({ response: 'Friday', responseAt: new Date() })
          .where(eq(infoRequests.id, info.id))
        await local.app.db.insert(auditLog).values({
          actorId: d.id,
          action: 'info_request.respond',
          targetType: 'info_request',
          targetId: info.id,
        })

        const get = (url: string) =>
          local.app.inject({ method: 'GET', url: `/api/admin/${url}`, headers: bearer(a) })
        const stats = (await get('stats')).json().data
        expect(stats).toEqual({
          users_by_role: { sender: 1, deliverer: 1, admin: 1 },
          items_by_status: {
            pending: 2,
            ready_to_pickup: 0,
            in_process: 0,
            delivered: 1,
            cancelled: 0,
          },
          awaiting_sending_approval: 1,
          awaiting_delivery_approval: 1,
          unread_info_responses: 1,
        })

        const list = (await get('items?delivery_approval=pending')).json().data
        expect(list.items.map((i: { name: string }) => i.name)).toEqual(['Drum'])
        expect(list.items[0]).toMatchObject({
          sender: { id: s.id, name: 'Sally Sender', email: s.email },
          requests_count: 1,
          requested_by: [d.id],
        })
        expect((await get('items?search=100%25_')).json().data.items).toHaveLength(1)
        expect((await get('items?search=sally')).json().data.pagination.total).toBe(3)
        expect((await get('items?search=zzz%25')).json().data.pagination.total).toBe(0)
        expect(
          (await get('items?sending_approval=pending&status=pending')).json().data.items[0].id,
        ).toBe(waiting.id)
        const sorted = (await get('items?sort_by=name&sort_order=asc&per_page=2&page=2')).json()
          .data
        expect(sorted.items.map((i: { name: string }) => i.name)).toEqual(['Piano 100%_off'])
        expect(sorted.pagination).toEqual({ current_page: 2, per_page: 2, total: 3 })

        await local.app.inject({
          method: 'POST',
          url: '/api/admin/sending-approval',
          headers: bearer(a),
          payload: { item_id: waiting.id, decision: 'rejected', reason: 'Too heavy' },
        })
        const ok = await get(`items/${open.id}`)
        expect(ok.statusCode).toBe(200)
        const data = ok.json().data
        expect(data.requests).toMatchObject([
          {
            deliverer: { id: d.id, name: d.name, email: d.email },
            deliverer_price: 20,
            accept_privacy: true,
            delivery_approval: 'pending',
            request_status: 'pending',
          },
        ])
        expect(data.requests[0].proof_of_travel).toEqual(expect.any(String))
        expect(data.info_requests).toMatchObject([
          { to: 'deliverer', target: { id: d.id, name: d.name }, response: 'Friday' },
        ])
        expect(data.history.map((h: { action: string }) => h.action)).toEqual([
          'info_request.respond',
          'info_request.read',
        ])
        expect(data.history[0].actor).toEqual({ id: d.id, name: d.name })
        // Reading it marked the answer as read.
        expect((await get('stats')).json().data.unread_info_responses).toBe(0)
        expect((await get(`items/${open.id}`)).json().data.history).toHaveLength(2)

        const rejected = (await get(`items/${waiting.id}`)).json().data
        expect(rejected.history).toMatchObject([
          { actor: { id: a.id }, action: 'item.sending_rejected', reason: 'Too heavy' },
        ])
        expect((await get('stats')).json().data.awaiting_sending_approval).toBe(0)
        expect(
          await local.app.db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.action, 'info_request.read'), eq(auditLog.targetId, open.id))),
        ).toHaveLength(1)
      } finally {
        await local.close()
      }
    })
  })
})
