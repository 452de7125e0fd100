import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_STATUS, type ErrorCode } from '../../contract/error-codes'
import { messageMessages } from '../../contract/message-rules'
import { jobs, messages, notificationMailOff, notifications, storedFiles } from '../db/schema'
import {
  approveDelivery,
  bearer,
  createItem,
  createRequest,
  createUser,
  deliveryStep,
  type FilePart,
  multipart,
  payAndAccept,
  type TestUser,
  TINY_PDF,
  TINY_PNG,
} from '../testing/fixtures'
import { backends, createTestApp, type TestApp } from '../testing/test-app'

// The conversation of a delivery (issue 28, decision 039) through the real calls: who may read and
// write when, what is refused (and that a refusal changes nothing), read marking and unread
// counts, the notification at once and the mail only if still unread 15 minutes later.

type Answer = Awaited<ReturnType<TestApp['app']['inject']>>

describe.each(backends)('messages on %s', (backend) => {
  let t: TestApp
  let admin: TestUser
  let stranger: TestUser
  beforeAll(async () => {
    t = await createTestApp(backend, { APP_ORIGIN: 'https://tote.example' }, { jobWorker: false })
    admin = await createUser(t.app, { role: 'admin', name: 'Ada Admin' })
    stranger = await createUser(t.app, { role: 'deliverer', name: 'Stan Stranger' })
  })
  afterAll(() => t?.close())

  const url = (itemId: string) => `/api/items/${itemId}/messages`
  const write = (user: TestUser, itemId: string, payload: unknown, headers = {}) =>
    t.app.inject({
      method: 'POST',
      url: url(itemId),
      payload: payload as object,
      headers: { ...bearer(user), ...headers },
    })
  const writeForm = async (
    user: TestUser,
    itemId: string,
    fields: Record<string, string>,
    ...files: FilePart[]
  ) => {
    const body = await multipart(fields, ...files)
    return t.app.inject({
      method: 'POST',
      url: url(itemId),
      headers: { ...bearer(user), ...body.headers },
      payload: body.payload,
    })
  }
  const read = (user: TestUser, itemId: string) =>
    t.app.inject({ method: 'GET', url: url(itemId), headers: bearer(user) })
  const get = (user: TestUser, path: string) =>
    t.app.inject({ method: 'GET', url: path, headers: bearer(user) })
  const refused = (res: Answer, code: ErrorCode) => {
    expect(res.statusCode, res.body).toBe(ERROR_STATUS[code])
    expect(res.json()).toMatchObject({ success: false, code })
  }

  /** A sender, a deliverer and an item whose request the sender accepted (paid), plus a rejected one. */
  async function accepted() {
    const sender = await createUser(t.app, { role: 'sender', name: 'Sara Sender' })
    const deliverer = await createUser(t.app, { role: 'deliverer', name: 'Theo Traveller' })
    const rejected = await createUser(t.app, { role: 'deliverer', name: 'Rita Rejected' })
    const item = await createItem(t.app, sender.id, { sendingApproval: 'approved', name: 'Kettle' })
    await createRequest(t.app, item.id, rejected.id, {
      deliveryApproval: 'approved',
      requestStatus: 'rejected',
    })
    const request = await createRequest(t.app, item.id, deliverer.id)
    await approveDelivery(t.app, item.id, request.id)
    return { sender, deliverer, rejected, itemId: item.id, requestId: request.id }
  }
  async function open() {
    const c = await accepted()
    await payAndAccept(t.app, c.sender, { itemId: c.itemId, delivererId: c.deliverer.id })
    return c
  }
  type Case = Awaited<ReturnType<typeof accepted>>
  /** Picks the item up and delivers it with the sender's codes, as the deliverer's phone does. */
  async function deliver(c: Case) {
    expect(await deliveryStep(t.app, c, 'in_process')).toBe(200)
    expect(await deliveryStep(t.app, c, 'delivered')).toBe(200)
  }
  const messageCount = async (itemId: string) =>
    Number(
      (await t.app.db.select({ n: count() }).from(messages).where(eq(messages.itemId, itemId)))[0]
        ?.n,
    )
  const fileCount = async () =>
    Number((await t.app.db.select({ n: count() }).from(storedFiles))[0]?.n)

  it('lets the sender and the accepted deliverer talk, and counts and marks what is unread', async () => {
    const c = await accepted()
    // Before acceptance there is nothing to read and nothing may be written.
    const before = await read(c.sender, c.itemId)
    expect(before.statusCode).toBe(200)
    expect(before.json().data).toMatchObject({
      messages: [],
      state: 'not_started',
      can_write: false,
      other: null,
    })
    refused(await write(c.sender, c.itemId, { body: 'Hello?' }), 'THREAD_NOT_STARTED')
    // The deliverer, approved but not yet accepted, is not a side of it.
    refused(await read(c.deliverer, c.itemId), 'ITEM_NOT_FOUND')

    await payAndAccept(t.app, c.sender, { itemId: c.itemId, delivererId: c.deliverer.id })
    const sent = await write(c.sender, c.itemId, { body: '  Ring twice at the door, please.  ' })
    expect(sent.statusCode, sent.body).toBe(201)
    expect(sent.json().data.message).toMatchObject({
      body: 'Ring twice at the door, please.',
      author: { id: c.sender.id, role: 'sender', name: 'Sara Sender' },
      file_url: null,
      read_at: null,
      mine: true,
    })

    // The deliverer is told at once: the unread counts, the item's, the bell.
    expect((await get(c.deliverer, '/api/messages/unread')).json().data).toEqual({
      total: 1,
      items: [{ item_id: c.itemId, unread: 1 }],
    })
    const item = (await get(c.deliverer, `/api/item/${c.itemId}`)).json().data
    expect(item.unread_messages).toBe(1)
    const bell = (await get(c.deliverer, '/api/notifications')).json().data
    expect(bell.notifications[0]).toMatchObject({
      kind: 'message',
      title: 'Sara Sender wrote about Kettle',
      body: 'Ring twice at the door, please.',
      link: `/my-deliveries/${c.itemId}#messages`,
      read_at: null,
    })
    // The sender's own message is not unread to them.
    expect((await get(c.sender, '/api/messages/unread')).json().data.total).toBe(0)

    // Reading the thread marks it read, and the bell's notification with it.
    const seen = (await read(c.deliverer, c.itemId)).json().data
    expect(seen).toMatchObject({
      state: 'open',
      can_write: true,
      closes_at: null,
      unread: 1,
      other: { id: c.sender.id, name: 'Sara Sender' },
    })
    expect(seen.messages).toHaveLength(1)
    expect(seen.messages[0]).toMatchObject({ mine: false, author: { role: 'sender' } })
    expect((await get(c.deliverer, '/api/messages/unread')).json().data).toEqual({
      total: 0,
      items: [],
    })
    const after = (await get(c.deliverer, '/api/notifications')).json().data.notifications
    expect(after.filter((n: { kind: string }) => n.kind === 'message')).toEqual([
      expect.objectContaining({ read_at: expect.any(String) }),
    ])
    expect((await read(c.deliverer, c.itemId)).json().data.unread).toBe(0)

    // The answer, with a photo: the sender can open it, nobody else but admins.
    const reply = await writeForm(
      c.deliverer,
      c.itemId,
      { body: 'Will do, see you at 6.' },
      { field: 'file', filename: 'door.png', content: TINY_PNG, type: 'image/png' },
    )
    expect(reply.statusCode, reply.body).toBe(201)
    const fileUrl: string = reply.json().data.message.file_url
    expect(fileUrl).toMatch(/^\/api\/proof-of-travel\//)
    expect(reply.json().data.message.file_name).toBe('door.png')
    expect((await get(c.sender, `/api/items/${c.itemId}`)).json().data.item.unread_messages).toBe(1)
    expect((await get(c.sender, fileUrl)).statusCode).toBe(200)
    expect((await get(admin, fileUrl)).statusCode).toBe(200)
    expect((await get(stranger, fileUrl)).statusCode).toBe(404)

    // Newest at the bottom; the sender's first message now shows when it was read.
    const thread = (await read(c.sender, c.itemId)).json().data
    expect(thread.messages.map((m: { body: string }) => m.body)).toEqual([
      'Ring twice at the door, please.',
      'Will do, see you at 6.',
    ])
    expect(thread.messages[0].read_at).not.toBeNull()
    expect(thread.messages[1]).toMatchObject({
      mine: false,
      author: { role: 'deliverer', name: 'Theo Traveller' },
    })

    // Admins read every conversation (marking nothing) and write in none.
    const adminView = (await read(admin, c.itemId)).json().data
    expect(adminView).toMatchObject({ can_write: false, unread: 0, other: null })
    expect(adminView.messages.every((m: { mine: boolean }) => !m.mine)).toBe(true)
  })

  it('refuses bad bodies, foreign files, strangers, rejected deliverers and admins, changing nothing', async () => {
    const c = await open()
    expect((await write(c.sender, c.itemId, { body: 'First' })).statusCode).toBe(201)
    const files = await fileCount()
    const unreadBefore = (await get(c.deliverer, '/api/messages/unread')).json().data

    const bad: [string, Answer, ErrorCode, string?][] = [
      [
        'empty',
        await write(c.sender, c.itemId, { body: '' }),
        'VALIDATION_FAILED',
        messageMessages.empty,
      ],
      [
        'blank',
        await write(c.sender, c.itemId, { body: ' \n\t ' }),
        'VALIDATION_FAILED',
        messageMessages.empty,
      ],
      ['no body', await write(c.sender, c.itemId, {}), 'VALIDATION_FAILED', messageMessages.empty],
      ['not text', await write(c.sender, c.itemId, { body: 42 }), 'VALIDATION_FAILED'],
      [
        'too long',
        await write(c.sender, c.itemId, { body: 'x'.repeat(4001) }),
        'VALIDATION_FAILED',
        messageMessages.tooLong,
      ],
      ['NUL', await write(c.sender, c.itemId, { body: 'a\u0000b' }), 'VALIDATION_FAILED'],
      [
        'NUL in a form',
        await writeForm(c.sender, c.itemId, { body: 'a\u0000b' }),
        'VALIDATION_FAILED',
      ],
      [
        'a text file named .png',
        await writeForm(
          c.sender,
          c.itemId,
          { body: 'See the photo' },
          {
            field: 'file',
            filename: 'photo.png',
            content: Buffer.from('<script>alert(1)</script>'),
          },
        ),
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'a PDF named .png',
        await writeForm(
          c.sender,
          c.itemId,
          { body: 'See the photo' },
          { field: 'file', filename: 'photo.png', content: TINY_PDF },
        ),
        'UNSUPPORTED_MEDIA_TYPE',
      ],
      [
        'a file over 2 MB',
        await writeForm(
          c.sender,
          c.itemId,
          { body: 'Big' },
          {
            field: 'file',
            filename: 'big.pdf',
            content: Buffer.concat([TINY_PDF, Buffer.alloc(2_200_000)]),
          },
        ),
        'PAYLOAD_TOO_LARGE',
      ],
      ['a stranger reading', await read(stranger, c.itemId), 'ITEM_NOT_FOUND'],
      ['a stranger writing', await write(stranger, c.itemId, { body: 'Hi' }), 'ITEM_NOT_FOUND'],
      ['the rejected deliverer reading', await read(c.rejected, c.itemId), 'ITEM_NOT_FOUND'],
      [
        'the rejected deliverer writing',
        await write(c.rejected, c.itemId, { body: 'Hi' }),
        'ITEM_NOT_FOUND',
      ],
      [
        'an admin writing',
        await write(admin, c.itemId, { body: 'Hi' }),
        'FORBIDDEN',
        messageMessages.adminsRead,
      ],
      [
        'an unknown item',
        await write(c.sender, '00000000-0000-4000-8000-000000000000', { body: 'Hi' }),
        'ITEM_NOT_FOUND',
      ],
      ['a malformed id', await read(c.sender, 'not-an-id'), 'ITEM_NOT_FOUND'],
    ]
    for (const [what, res, code, message] of bad) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(ERROR_STATUS[code])
      expect(res.json().code, what).toBe(code)
      if (message) expect(res.json().message, what).toBe(message)
    }
    expect(await messageCount(c.itemId)).toBe(1)
    expect(await fileCount()).toBe(files)
    expect((await get(c.deliverer, '/api/messages/unread')).json().data).toEqual(unreadBefore)

    // Script-bearing text is stored and answered as the text it is, never as markup.
    const script = '<script>alert("hi")</script> & <b>bold</b>'
    const stored = await write(c.sender, c.itemId, { body: script })
    expect(stored.statusCode).toBe(201)
    expect(stored.headers['content-type']).toMatch(/^application\/json/)
    expect(stored.json().data.message.body).toBe(script)
    const [row] = await t.app.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.id, stored.json().data.message.id))
    expect(row?.body).toBe(script)
    // Exactly 4000 characters is the most there is.
    expect((await write(c.deliverer, c.itemId, { body: 'y'.repeat(4000) })).statusCode).toBe(201)
  })

  it('opens at acceptance, stays open 14 days after the delivery, then is read-only', async () => {
    const c = await open()
    await deliver(c)
    const thread = (await read(c.sender, c.itemId)).json().data
    expect(thread.state).toBe('open')
    expect(thread.closes_at).not.toBeNull()
    const [item] = await t.database.rows<{ delivered_at: Date }>(
      sql`select delivered_at from items where id = ${c.itemId}`,
    )
    expect(new Date(thread.closes_at).getTime() - new Date(item!.delivered_at).getTime()).toBe(
      14 * 24 * 3600_000,
    )
    expect((await write(c.deliverer, c.itemId, { body: 'Delivered, thanks!' })).statusCode).toBe(
      201,
    )

    // 14 days and a minute later.
    await t.database.rows(
      sql`update items set delivered_at = now() - interval '14 days 1 minute' where id = ${c.itemId}`,
    )
    refused(await write(c.sender, c.itemId, { body: 'One more thing' }), 'THREAD_CLOSED')
    refused(await write(c.deliverer, c.itemId, { body: 'One more thing' }), 'THREAD_CLOSED')
    const closed = (await read(c.sender, c.itemId)).json().data
    expect(closed).toMatchObject({ state: 'closed', can_write: false })
    expect(closed.messages).toHaveLength(1)
    expect(await messageCount(c.itemId)).toBe(1)
  })

  it('writes a message sent again with its Idempotency-Key once', async () => {
    const c = await open()
    const key = { 'idempotency-key': 'outbox-message-1' }
    const first = await write(c.deliverer, c.itemId, { body: 'On my way' }, key)
    const again = await write(c.deliverer, c.itemId, { body: 'On my way' }, key)
    expect(first.statusCode).toBe(201)
    expect(again.statusCode).toBe(201)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json().data.message.id).toBe(first.json().data.message.id)
    // The same with a file: the replay is the first answer, one message, one file.
    const files = await fileCount()
    const png = { field: 'file', filename: 'map.png', content: TINY_PNG }
    const formKey = 'outbox-message-2'
    const send = async () => {
      const body = await multipart({ body: 'Here is the map' }, png)
      return t.app.inject({
        method: 'POST',
        url: url(c.itemId),
        headers: { ...bearer(c.deliverer), ...body.headers, 'idempotency-key': formKey },
        payload: body.payload,
      })
    }
    expect((await send()).statusCode).toBe(201)
    expect((await send()).headers['idempotent-replayed']).toBe('true')
    expect(await messageCount(c.itemId)).toBe(2)
    expect(await fileCount()).toBe(files + 1)
    // The same key with other words is refused.
    refused(
      await write(c.deliverer, c.itemId, { body: 'Something else' }, key),
      'IDEMPOTENCY_KEY_REUSED',
    )
    // And the other side was told once per message.
    const told = await t.app.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, c.sender.id), eq(notifications.kind, 'message')))
    expect(Number(told[0]?.n)).toBe(2)
  })

  it('mails a message only if it is still unread 15 minutes later', async () => {
    const c = await open()
    const mailsTo = async (email: string) => {
      await t.app.jobs.drain()
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/dev/outbox?to=${encodeURIComponent(email)}`,
      })
      return res.json().data as { subject: string; text: string }[]
    }
    const mailJobs = () =>
      t.database.rows<{ run_at: Date; data: { messageId: string } }>(
        sql`select run_at, data from jobs where name = 'messages.unread_mail' and data->>'to' in (${c.sender.email}, ${c.deliverer.email})`,
      )
    /** Fifteen minutes pass for the queued mails. */
    const later = async () => {
      await t.database.rows(sql`update jobs set run_at = now() where name = 'messages.unread_mail'`)
    }
    const before = (await mailsTo(c.deliverer.email)).length

    const unread = await write(c.sender, c.itemId, { body: 'Are you still coming today?' })
    const [job] = await mailJobs()
    expect(job?.data.messageId).toBe(unread.json().data.message.id)
    const wait = new Date(job!.run_at).getTime() - Date.now()
    expect(wait).toBeGreaterThan(14 * 60_000)
    expect(wait).toBeLessThanOrEqual(15 * 60_000)
    // Not yet: nothing is mailed at once.
    expect(await mailsTo(c.deliverer.email)).toHaveLength(before)
    await later()
    const mails = await mailsTo(c.deliverer.email)
    expect(mails).toHaveLength(before + 1)
    expect(mails[0]).toMatchObject({ subject: 'Sara Sender wrote to you about "Kettle"' })
    expect(mails[0]!.text).toContain('Are you still coming today?')
    expect(mails[0]!.text).toContain(`https://tote.example/my-deliveries/${c.itemId}#messages`)

    // Read within the 15 minutes: no mail.
    expect((await write(c.deliverer, c.itemId, { body: 'Yes, at six.' })).statusCode).toBe(201)
    expect((await read(c.sender, c.itemId)).statusCode).toBe(200)
    const senderMails = (await mailsTo(c.sender.email)).length
    await later()
    expect(await mailsTo(c.sender.email)).toHaveLength(senderMails)
    expect(await mailJobs()).toEqual([])

    // Mail of this kind turned off: the bell and the push only.
    await t.app.db.insert(notificationMailOff).values({ userId: c.sender.id, kind: 'message' })
    expect((await write(c.deliverer, c.itemId, { body: 'Running late.' })).statusCode).toBe(201)
    expect(await mailJobs()).toEqual([])
    const queued = await t.app.db.select().from(jobs).where(eq(jobs.name, 'messages.unread_mail'))
    expect(queued).toEqual([])
  })
})
