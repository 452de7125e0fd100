import { z } from 'zod'
import { envelope } from './envelope'
import { MESSAGE_MAX, messageMessages } from './message-rules'

/**
 * POST /api/items/{id}/messages: JSON `{ body }`, or multipart with the field `body` and an
 * optional `file` (PDF, JPEG or PNG, at most 2 MB: the rules of the proofs). The body is plain
 * text, trimmed, 1 to 4000 characters; it is stored and answered as written and never rendered
 * as HTML.
 */
export const messageFields = z.object({
  body: z
    .string({ error: messageMessages.empty })
    .trim()
    .min(1, messageMessages.empty)
    .max(MESSAGE_MAX, messageMessages.tooLong),
})

/** Whether the thread can be written in: not yet (no accepted request), open, or closed. */
const threadStates = ['not_started', 'open', 'closed'] as const
export type ThreadState = (typeof threadStates)[number]

const message = z.object({
  id: z.string(),
  author: z.object({
    id: z.string(),
    /** The author's side of the delivery. */
    role: z.enum(['sender', 'deliverer']),
    name: z.string(),
  }),
  /** Plain text: show it as text, never as HTML. */
  body: z.string(),
  /** GET /api/proof-of-travel/{id} of the attached file, or null. */
  file_url: z.string().nullable(),
  file_name: z.string().nullable(),
  created_at: z.string(),
  /** When its addressee first read the thread after it came; null while unread. */
  read_at: z.string().nullable(),
  /** Whether the caller wrote it (always false for admins). */
  mine: z.boolean(),
})
export type Message = z.infer<typeof message>

/**
 * GET /api/items/{id}/messages: oldest first (newest at the bottom). Reading marks what the other
 * side wrote to the caller as read (and its notifications); `unread` counts what was unread before.
 */
export const threadAnswer = envelope(
  z.object({
    messages: z.array(message),
    state: z.enum(threadStates),
    /** Whether the caller may write now (an open thread, and not an admin). */
    can_write: z.boolean(),
    /** When the thread becomes read-only (THREAD_DAYS after the delivery); null until delivered. */
    closes_at: z.string().nullable(),
    unread: z.number().int(),
    /** The other side, as the caller sees it (null for admins and before acceptance). */
    other: z.object({ id: z.string(), name: z.string() }).nullable(),
  }),
)
export type Thread = z.infer<typeof threadAnswer>['data']

/** POST /api/items/{id}/messages answers 201 with the message as written. */
export const messageAnswer = envelope(z.object({ message }))

/** GET /api/messages/unread: what the navigation and each delivery show. */
export const unreadMessagesAnswer = envelope(
  z.object({
    total: z.number().int(),
    items: z.array(z.object({ item_id: z.string(), unread: z.number().int() })),
  }),
)
