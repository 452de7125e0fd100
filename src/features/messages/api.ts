import type { z } from 'zod'
import { queryOptions, useMutation } from '@tanstack/react-query'
import type { threadAnswer, unreadMessagesAnswer } from '@contract/messages'
import { api } from '@/lib/api-client'
import { liveRefresh, offlineReadable } from '@/lib/query-client'
import { enqueueWrite, replayOutbox } from '@/lib/outbox/client'

const messageKeys = {
  unread: ['messages', 'unread'] as const,
  thread: (itemId: string) => ['messages', 'thread', itemId] as const,
}

/** The outbox path of an item's messages: also how the thread finds its own queued entries. */
export const messagesPath = (itemId: string) => `items/${itemId}/messages`

/**
 * GET /api/items/{id}/messages. Reading marks the other side's messages read (decision 039), so
 * this query runs only where the thread is on screen: never prefetch it (a route loader, a hover)
 * or the messages count as read before anyone saw them. Kept on the device, so what arrived while
 * the app was open is there offline, and polled like the live lists while the thread is shown.
 */
export function threadQueryOptions(itemId: string) {
  return queryOptions({
    queryKey: messageKeys.thread(itemId),
    ...offlineReadable,
    queryFn: async () =>
      (await api.get(messagesPath(itemId)).json<z.infer<typeof threadAnswer>>()).data,
    ...liveRefresh,
  })
}

/** GET /api/messages/unread: the navigation's number. */
export function unreadMessagesQueryOptions() {
  return queryOptions({
    queryKey: messageKeys.unread,
    ...offlineReadable,
    queryFn: async () =>
      (await api.get('messages/unread').json<z.infer<typeof unreadMessagesAnswer>>()).data,
    ...liveRefresh,
  })
}

export const unreadMessagesKey = messageKeys.unread

export interface SendMessageInput {
  body: string
  file: File | null
  itemName: string
}

/**
 * Every message goes through the outbox (kind send-message), online or not: it shows at once as
 * "sending" from its entry, is replayed with the Idempotency-Key chosen here until the server has
 * it exactly once, and a refusal stays on the entry with the server's message. Online, the replay
 * starts at once.
 */
export function useSendMessageMutation(itemId: string) {
  return useMutation({
    // The outbox decides what offline means: a paused mutation would queue nothing.
    networkMode: 'always',
    mutationFn: async ({ body, file, itemName }: SendMessageInput) => {
      const entry = await enqueueWrite({
        kind: 'send-message',
        path: messagesPath(itemId),
        fields: { body },
        file,
        fileField: 'file',
        label: `Message about ${itemName}`,
      })
      if (navigator.onLine) void replayOutbox().catch(() => undefined)
      return entry
    },
  })
}
