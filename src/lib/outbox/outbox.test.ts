// @vitest-environment node
// Node: fake-indexeddb's structured clone keeps Node's Blob (jsdom's Blob cannot be cloned).
import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getDb } from '../db'
import { replay, type ReplaySession } from './replay'
import { SIGN_IN_AGAIN_ERROR } from './messages'
import { discard, enqueue, listEntries, retry, watchUnsentCount } from './store'

const alice: ReplaySession = { token: 'alice-token', userId: 'alice' }
const origin = 'http://tote.test'

interface Seen {
  path: string
  key: string | null
  auth: string | null
  fields: Record<string, string>
  file: string | null
}

/** A fake server: answers each call with the next scripted status (default 200). */
function fakeServer(script: (Response | 'network')[] = []) {
  const seen: Seen[] = []
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const form = init?.body as FormData
    const fields: Record<string, string> = {}
    let file: string | null = null
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value
      else file = `${name}:${(value as File).name}:${await (value as Blob).text()}`
    }
    const headers = new Headers(init?.headers)
    seen.push({
      path: new URL(String(input)).pathname,
      key: headers.get('Idempotency-Key'),
      auth: headers.get('Authorization'),
      fields,
      file,
    })
    const next = script.shift() ?? Response.json({ success: true, message: 'OK' })
    if (next === 'network') throw new TypeError('Failed to fetch')
    return next
  }) as typeof fetch
  return { seen, fetchImpl }
}

const answer = (status: number, message: string) =>
  Response.json({ success: false, message }, { status })

const run = (fetchImpl: typeof fetch, session: ReplaySession | null = alice) =>
  replay({ session: () => session, fetchImpl, origin })

const reply = (n: number, userId = 'alice') =>
  enqueue({
    userId,
    kind: 'respond-further-info',
    path: 'respond-further-info',
    fields: { item_id: `item-${n}`, description: `answer ${n}` },
  })

beforeEach(async () => {
  await getDb().outbox.clear()
})

describe('outbox', () => {
  it('sends queued writes oldest first, as multipart with the bearer token and file', async () => {
    await reply(1)
    await enqueue({
      userId: 'alice',
      kind: 'request-item',
      path: 'request-item',
      fields: { item_id: 'item-2', price: '12' },
      file: new Blob(['%PDF'], { type: 'application/pdf' }),
      fileField: 'proof_of_travel',
      fileName: 'ticket.pdf',
    })
    await reply(3)
    const server = fakeServer()
    const result = await run(server.fetchImpl)
    expect(result).toEqual({ sent: 3, failed: 0, stopped: null })
    expect(server.seen.map((s) => s.fields.item_id)).toEqual(['item-1', 'item-2', 'item-3'])
    expect(server.seen[1]).toMatchObject({
      path: '/api/request-item',
      auth: 'Bearer alice-token',
      file: 'proof_of_travel:ticket.pdf:%PDF',
    })
    expect((await listEntries('alice')).map((e) => e.status)).toEqual(['sent', 'sent', 'sent'])
  })

  it('stops at a network error or 5xx and keeps the order for the next replay', async () => {
    await reply(1)
    await reply(2)
    const down = fakeServer(['network'])
    expect(await run(down.fetchImpl)).toMatchObject({ sent: 0, stopped: 'network' })
    expect(down.seen).toHaveLength(1)
    const busy = fakeServer([answer(503, 'Unavailable')])
    expect(await run(busy.fetchImpl)).toMatchObject({ sent: 0, stopped: 'server' })
    expect((await listEntries('alice')).map((e) => e.status)).toEqual(['queued', 'queued'])
    const up = fakeServer()
    expect(await run(up.fetchImpl)).toMatchObject({ sent: 2, stopped: null })
    expect(up.seen.map((s) => s.fields.item_id)).toEqual(['item-1', 'item-2'])
  })

  it('reuses one Idempotency-Key across every attempt of an entry', async () => {
    const entry = await reply(1)
    const server = fakeServer(['network', answer(500, 'Oops')])
    await run(server.fetchImpl)
    await run(server.fetchImpl)
    await run(server.fetchImpl)
    const keys = server.seen.map((s) => s.key)
    expect(keys).toHaveLength(3)
    expect(new Set(keys)).toEqual(new Set([entry.idempotencyKey]))
    expect(entry.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/)
    const [stored] = await listEntries('alice')
    expect(stored).toMatchObject({ status: 'sent', attempts: 3 })
  })

  it("marks a 4xx as failed with the server's message and goes on with the next", async () => {
    await reply(1)
    await reply(2)
    const server = fakeServer([answer(409, 'This item is no longer available')])
    expect(await run(server.fetchImpl)).toEqual({ sent: 1, failed: 1, stopped: null })
    const [first, second] = await listEntries('alice')
    expect(first).toMatchObject({ status: 'failed', error: 'This item is no longer available' })
    expect(second?.status).toBe('sent')
    // A failed entry waits for the user: the next replay leaves it alone.
    const again = fakeServer()
    await run(again.fetchImpl)
    expect(again.seen).toHaveLength(0)
  })

  it('keeps an IN_FLIGHT entry queued by its code, whatever the wording (decision 032)', async () => {
    await reply(1)
    await reply(2)
    const coded = (status: number, code: string, message: string) =>
      Response.json({ success: false, message, code }, { status })
    const running = fakeServer([coded(409, 'IN_FLIGHT', 'Still working on it, hang on')])
    expect(await run(running.fetchImpl)).toMatchObject({ sent: 0, failed: 0, stopped: 'server' })
    expect((await listEntries('alice')).map((e) => e.status)).toEqual(['queued', 'queued'])
    // The old in-flight wording under another code is a refusal like any other 409.
    const refused = fakeServer([
      coded(409, 'BAD_TRANSITION', 'This request is already being processed'),
    ])
    expect(await run(refused.fetchImpl)).toEqual({ sent: 1, failed: 1, stopped: null })
    const [first] = await listEntries('alice')
    expect(first).toMatchObject({
      status: 'failed',
      error: 'This request is already being processed',
    })
  })

  it('keeps entries queued on 401 until the user signs in again', async () => {
    await reply(1)
    await reply(2)
    const server = fakeServer([answer(401, 'Session expired')])
    expect(await run(server.fetchImpl)).toMatchObject({ sent: 0, stopped: 'unauthorized' })
    expect(server.seen).toHaveLength(1)
    const waiting = await listEntries('alice')
    expect(waiting.map((e) => e.status)).toEqual(['queued', 'queued'])
    // The refused one says why, so the shell can ask the user to sign in again.
    expect(waiting.map((e) => e.error)).toEqual([SIGN_IN_AGAIN_ERROR, null])
    expect(await run(server.fetchImpl, null)).toMatchObject({ stopped: 'signed-out' })
    expect(await run(server.fetchImpl)).toMatchObject({ sent: 2 })
    const sent = await listEntries('alice')
    expect(sent.map((e) => [e.status, e.error])).toEqual([
      ['sent', null],
      ['sent', null],
    ])
    // Each change reached the server once with its own key (the 401 did nothing there).
    expect(new Set(server.seen.map((s) => s.key)).size).toBe(2)
  })

  it('counts the unsent entries of every user on the device (the login page)', async () => {
    await reply(1)
    await reply(2, 'bob')
    const counts: number[] = []
    const stop = watchUnsentCount((count) => counts.push(count))
    await vi.waitFor(() => expect(counts.at(-1)).toBe(2))
    await run(fakeServer().fetchImpl)
    await vi.waitFor(() => expect(counts.at(-1)).toBe(1))
    stop()
  })

  it('retries a failed entry as a new request (a fresh key), and discards on request', async () => {
    const failing = await reply(1)
    const dropped = await reply(2)
    await run(fakeServer([answer(400, 'Description is required'), answer(400, 'Bad')]).fetchImpl)
    await retry(failing.id)
    const [retried] = await listEntries('alice')
    expect(retried).toMatchObject({ status: 'queued', error: null })
    // The refused key's answer would be replayed for ever: the retry is a new request.
    expect(retried!.idempotencyKey).not.toBe(failing.idempotencyKey)
    await discard(dropped.id)
    const server = fakeServer()
    await run(server.fetchImpl)
    expect(server.seen.map((s) => s.key)).toEqual([retried!.idempotencyKey])
    expect((await listEntries('alice')).map((e) => e.id)).toEqual([failing.id])
  })

  it('keeps the key of a queued entry on Retry: its answer may have been lost', async () => {
    const entry = await reply(1)
    await run(fakeServer(['network']).fetchImpl)
    await retry(entry.id)
    const server = fakeServer()
    await run(server.fetchImpl)
    expect(server.seen.map((s) => s.key)).toEqual([entry.idempotencyKey])
  })

  it("sends only the signed-in user's entries, one replay at a time", async () => {
    await reply(1)
    await reply(2, 'bob')
    await reply(3)
    const server = fakeServer()
    const results = await Promise.all([run(server.fetchImpl), run(server.fetchImpl)])
    expect(results.map((r) => r.sent).sort()).toEqual([0, 2])
    expect(server.seen.map((s) => s.fields.item_id)).toEqual(['item-1', 'item-3'])
    expect((await listEntries('bob'))[0]?.status).toBe('queued')
  })
})
