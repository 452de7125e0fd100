// The conversation of a delivery (issue 28, decision 039) as the sender and the deliverer see it on
// their pages: text shown as text, newest at the bottom, sent through the outbox exactly once
// (offline too), refusals shown with the server's reason, read-only once closed.
import 'fake-indexeddb/auto'
import { configure, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { adminItemDetailAnswer } from '@contract/admin'
import { delivererItemAnswer, type Item } from '@contract/items'
import {
  messageAnswer,
  threadAnswer,
  unreadMessagesAnswer,
  type Message,
  type Thread,
} from '@contract/messages'
import { messageMessages } from '@contract/message-rules'
import { getDb } from '@/lib/db'
import { replayOutbox } from '@/lib/outbox/client'
import { itemDetail, itemRow } from '@/test/admin-fixtures'
import { answer, failure } from '@/test/answers'
import { userDataHandler } from '@/test/api-handlers'
import { makeItem as makeDelivererItem } from '@/test/deliverer-fixtures'
import { makeItem } from '@/test/items'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { DELIVERER_ID, ITEM_ID, senderBase } from '@/test/sender-fixtures'
import { storeSession, testUsers } from '@/test/session'

configure({ asyncUtilTimeout: 4000 })

const accepted: Partial<Item> = {
  name: 'Camera bag',
  status: 'ready_to_pickup',
  sending_approval: 'approved',
  delivery_approval: 'approved',
  request_status: 'accepted',
  deliverer: { id: DELIVERER_ID, name: 'Dana Deliverer' },
  deliverer_id: DELIVERER_ID,
  deliverer_price: 30,
  unread_messages: 2,
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString()

function fromDeliverer(id: string, body: string, minute: number, over: Partial<Message> = {}) {
  return {
    id,
    author: { id: DELIVERER_ID, role: 'deliverer', name: 'Dana Deliverer' },
    body,
    file_url: null,
    file_name: null,
    created_at: at(minute),
    read_at: null,
    mine: false,
    ...over,
  } satisfies Message
}

function mineFrom(id: string, body: string, created_at: string): Message {
  return {
    id,
    author: { id: testUsers.sender.id, role: 'sender', name: testUsers.sender.name },
    body,
    file_url: null,
    file_name: null,
    created_at,
    read_at: null,
    mine: true,
  }
}

function thread(over: Partial<Thread> = {}): Thread {
  return {
    messages: [],
    state: 'open',
    can_write: true,
    closes_at: null,
    unread: 0,
    other: { id: DELIVERER_ID, name: 'Dana Deliverer' },
    ...over,
  }
}

interface Posted {
  body: FormDataEntryValue | null
  file: FormDataEntryValue | null
  key: string | null
}

/**
 * A fake server for one thread: GET answers what was written so far (and marks it read, as the
 * real one does), POST stores a message once per Idempotency-Key.
 */
function threadServer(start: Thread, refuse?: () => Response) {
  const state = { thread: start, unread: start.unread, reads: 0 }
  const posts: Posted[] = []
  const byKey = new Map<string, Message>()
  server.use(
    http.get(`/api/items/${ITEM_ID}/messages`, () => {
      state.reads++
      const answered = { ...state.thread, unread: state.unread }
      state.unread = 0
      return answer(threadAnswer, { success: true, message: 'Messages', data: answered })
    }),
    http.get('/api/messages/unread', () =>
      answer(unreadMessagesAnswer, {
        success: true,
        message: 'Unread messages',
        data: {
          total: state.unread,
          items: state.unread ? [{ item_id: ITEM_ID, unread: state.unread }] : [],
        },
      }),
    ),
    http.post(`/api/items/${ITEM_ID}/messages`, async ({ request }) => {
      const form = await request.formData()
      const key = request.headers.get('Idempotency-Key')
      posts.push({ body: form.get('body'), file: form.get('file'), key })
      if (refuse) return refuse()
      const known = key ? byKey.get(key) : undefined
      const message =
        known ?? mineFrom(`m-${posts.length}`, String(form.get('body')), new Date().toISOString())
      if (!known) {
        if (key) byKey.set(key, message)
        state.thread = { ...state.thread, messages: [...state.thread.messages, message] }
      }
      return answer(
        messageAnswer,
        { success: true, message: messageMessages.sent, data: { message } },
        { status: 201 },
      )
    }),
  )
  return { state, posts }
}

let online = true
beforeEach(async () => {
  online = true
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online)
  await getDb().outbox.clear()
})
afterEach(() => vi.restoreAllMocks())

function openSenderItem(item: Partial<Item> = accepted) {
  storeSession('sender')
  server.use(...senderBase(makeItem({ id: ITEM_ID, ...item })))
  return renderApp(`/items/${ITEM_ID}`)
}

const messagesSection = () => screen.findByRole('region', { name: 'Messages' })

describe('the conversation on the sender’s item', () => {
  it('shows the messages oldest first with the other side’s name and time, as text, and reading it clears the unread count', async () => {
    threadServer(
      thread({
        unread: 2,
        messages: [
          fromDeliverer('m1', 'Hello, where shall we meet?', 1),
          fromDeliverer('m2', '<img src=x onerror=alert(1)><script>alert(2)</script>', 2, {
            file_url: '/api/proof-of-travel/f-1',
            file_name: 'map.png',
          }),
        ],
      }),
    )
    const { container } = openSenderItem()
    const section = await messagesSection()
    const list = await within(section).findByRole('list', { name: 'Messages, oldest first' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('Dana Deliverer')
    expect(rows[0]).toHaveTextContent('Hello, where shall we meet?')
    expect(rows[0]).toHaveTextContent('Nov 20, 2026')
    // The markup arrives as the characters the deliverer typed, never as elements.
    expect(rows[1]).toHaveTextContent('<img src=x onerror=alert(1)><script>alert(2)</script>')
    expect(container.querySelector('script, img[src="x"]')).toBeNull()
    expect(within(rows[1]!).getByRole('button', { name: 'Open attachment: map.png' })).toBeVisible()
    expect(
      within(section).getByRole('textbox', { name: 'Message to Dana Deliverer' }),
    ).toBeVisible()
    // The server marked the two read when the thread was shown: the navigation says so at once.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Messages' })).toBeVisible())
  })

  it('shows a message at once as sending, sends it once with an Idempotency-Key, then shows the server’s copy', async () => {
    const { posts } = threadServer(thread())
    const { user } = openSenderItem()
    const section = await messagesSection()
    await user.type(
      await within(section).findByRole('textbox', { name: 'Message to Dana Deliverer' }),
      'At the station at 5?',
    )
    await user.click(within(section).getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(posts).toHaveLength(1))
    expect(posts[0]).toMatchObject({ body: 'At the station at 5?' })
    expect(posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/)
    const list = await within(section).findByRole('list', { name: 'Messages, oldest first' })
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1))
    expect(within(list).getByRole('listitem')).toHaveTextContent('You')
    expect(within(list).getByRole('listitem')).toHaveTextContent('At the station at 5?')
    expect(within(section).getByRole('textbox', { name: 'Message to Dana Deliverer' })).toHaveValue(
      '',
    )
  })

  it('keeps a message written offline on the device as sending, and sends it exactly once when back online', async () => {
    online = false
    const { posts } = threadServer(thread())
    const { user } = openSenderItem()
    const section = await messagesSection()
    await user.type(
      await within(section).findByRole('textbox', { name: 'Message to Dana Deliverer' }),
      'Running late, sorry',
    )
    await user.click(within(section).getByRole('button', { name: 'Send' }))
    const row = await within(section).findByText('Sending when you are back online')
    expect(row.closest('li')).toHaveTextContent('Running late, sorry')
    expect(posts).toHaveLength(0)
    online = true
    await replayOutbox()
    await replayOutbox()
    expect(posts).toHaveLength(1)
    const list = within(section).getByRole('list', { name: 'Messages, oldest first' })
    await waitFor(() =>
      expect(within(list).queryByText('Sending when you are back online')).toBeNull(),
    )
    expect(within(list).getAllByText('Running late, sorry')).toHaveLength(1)
  })

  it('shows a refused message as not sent, with the server’s reason', async () => {
    threadServer(thread(), () => failure(409, messageMessages.closed, undefined, 'THREAD_CLOSED'))
    const { user } = openSenderItem()
    const section = await messagesSection()
    await user.type(
      await within(section).findByRole('textbox', { name: 'Message to Dana Deliverer' }),
      'Thanks again!',
    )
    await user.click(within(section).getByRole('button', { name: 'Send' }))
    expect(await within(section).findByText(messageMessages.closed)).toBeVisible()
    expect(within(section).getByText('Not sent')).toBeVisible()
    expect(within(section).getByRole('button', { name: 'Retry' })).toBeVisible()
  })

  it('refuses an empty message on the spot', async () => {
    const { posts } = threadServer(thread())
    const { user } = openSenderItem()
    const section = await messagesSection()
    await user.type(
      await within(section).findByRole('textbox', { name: 'Message to Dana Deliverer' }),
      '   ',
    )
    await user.click(within(section).getByRole('button', { name: 'Send' }))
    expect(await within(section).findByText(messageMessages.empty)).toBeVisible()
    expect(posts).toHaveLength(0)
  })

  it('is read-only, with the reason, once the thread has closed', async () => {
    threadServer(
      thread({ state: 'closed', can_write: false, messages: [fromDeliverer('m1', 'Bye', 1)] }),
    )
    openSenderItem({ ...accepted, status: 'delivered' })
    server.use(
      http.get(`/api/items/${ITEM_ID}/ratings`, () =>
        HttpResponse.json({
          success: true,
          message: 'Ratings',
          data: { mine: null, theirs: null, closes_at: at(0), can_rate: false },
        }),
      ),
    )
    const section = await messagesSection()
    expect(await within(section).findByText(messageMessages.closed)).toBeVisible()
    expect(within(section).queryByRole('textbox')).toBeNull()
    expect(within(section).queryByRole('button', { name: 'Send' })).toBeNull()
  })

  it('is not shown (nor fetched) before a deliverer is accepted', async () => {
    const { state } = threadServer(thread())
    openSenderItem({ ...accepted, request_status: 'pending', unread_messages: undefined })
    expect(await screen.findByRole('heading', { name: 'Delivery request' })).toBeVisible()
    expect(screen.queryByRole('region', { name: 'Messages' })).toBeNull()
    expect(state.reads).toBe(0)
  })
})

describe('the navigation', () => {
  it('names the unread count on the Messages link, which leads to the one conversation', async () => {
    threadServer(thread({ unread: 3, messages: [fromDeliverer('m1', 'Hi', 1)] }))
    storeSession('sender')
    server.use(...senderBase())
    renderApp('/items')
    const link = await screen.findByRole('link', { name: 'Messages, 3 unread' })
    expect(link).toHaveAttribute('href', `/items/${ITEM_ID}#messages`)
  })
})

describe('the conversation on the deliverer’s delivery', () => {
  it('opened at #messages (a notification, the navigation), goes to the thread once it is there', async () => {
    threadServer(thread({ messages: [fromDeliverer('m1', 'Hi', 1)] }))
    const scrolled: Element[] = []
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this)
    }
    storeSession('deliverer')
    const item = makeDelivererItem({ ...accepted, id: ITEM_ID })
    server.use(
      userDataHandler('deliverer'),
      http.get(`/api/item/${ITEM_ID}`, async () => {
        // The page shows before the item arrives (its loader does not wait): the router's own
        // scroll to #messages finds nothing yet.
        await new Promise((resolve) => setTimeout(resolve, 300))
        return answer(delivererItemAnswer, { success: true, message: 'OK', data: item })
      }),
    )
    renderApp(`/my-deliveries/${ITEM_ID}#messages`)
    const section = await messagesSection()
    await waitFor(() => expect(scrolled).toContain(section))
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView')
  })

  it('is there for the accepted deliverer, addressed to the sender', async () => {
    threadServer(
      thread({
        other: { id: testUsers.sender.id, name: 'Sam Sender' },
        messages: [{ ...mineFrom('m1', 'Hello', at(1)), mine: false }],
      }),
    )
    storeSession('deliverer')
    const item = makeDelivererItem({ ...accepted, id: ITEM_ID })
    server.use(
      userDataHandler('deliverer'),
      http.get(`/api/item/${ITEM_ID}`, () =>
        answer(delivererItemAnswer, { success: true, message: 'OK', data: item }),
      ),
    )
    renderApp(`/my-deliveries/${ITEM_ID}`)
    const section = await messagesSection()
    expect(
      await within(section).findByRole('textbox', { name: 'Message to Sam Sender' }),
    ).toBeVisible()
    expect(within(section).getByText('Hello')).toBeVisible()
  })
})

describe('the conversation for admins', () => {
  it('is read on the item view without a form, saying admins do not write', async () => {
    const { state } = threadServer(
      thread({
        other: null,
        can_write: false,
        messages: [fromDeliverer('m1', 'Where are you?', 1)],
      }),
    )
    storeSession('admin')
    const accepted = {
      step: 'accepted',
      at: at(0),
      recorded_at: at(0),
      location: null,
      photo_url: null,
      proof: 'none',
      reason: null,
    } as const
    server.use(
      userDataHandler('admin'),
      http.get(`/api/admin/items/${ITEM_ID}`, () =>
        answer(adminItemDetailAnswer, {
          success: true,
          message: 'OK',
          data: itemDetail({ item: itemRow({ timeline: [accepted] }) }),
        }),
      ),
    )
    renderApp(`/sending-approval/item/${ITEM_ID}`)
    const section = await messagesSection()
    expect(await within(section).findByText('Where are you?')).toBeVisible()
    expect(within(section).getByText(messageMessages.adminsRead)).toBeVisible()
    expect(within(section).queryByRole('textbox')).toBeNull()
    expect(state.reads).toBe(1)
  })
})
