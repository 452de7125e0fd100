import { z } from 'zod'
import { uuidOf } from './ids'
import { envelope, pagination } from './envelope'

const notificationKinds = ['trip_match'] as const

/**
 * One in-app notification. trip_match: an approved item lies on one of the deliverer's trips
 * (sent once per item and trip); `link` is the PWA path that opens the item.
 */
const notification = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  item_id: z.string().nullable(),
  trip_id: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
})
export type Notification = z.infer<typeof notification>

/** GET /api/notifications: newest first. */
export const notificationsQuery = z.object({
  page: z.coerce.number().int().min(1).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).catch(20).default(20),
})
export const notificationsAnswer = envelope(
  z.object({ notifications: z.array(notification), unread: z.number().int(), pagination }),
)

/** GET /api/notifications/unread-count: what the bell shows. */
export const unreadCountAnswer = envelope(z.object({ unread: z.number().int() }))

/** POST /api/notifications/{id}/read */
export const notificationParams = z.object({ id: uuidOf('notification') })
export const notificationAnswer = envelope(z.object({ notification }))
/** POST /api/notifications/read-all answers the new unread count (0). */

/** GET /api/push/public-key: the VAPID public key (base64url) for PushManager.subscribe. */
export const pushKeyAnswer = envelope(z.object({ public_key: z.string() }))

/** POST /api/push-subscriptions (201; the same endpoint again replaces it): a PushSubscription's JSON. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string()
    .url('Endpoint must be a URL')
    .max(1000)
    .refine((v) => v.startsWith('https://'), 'Endpoint must be an https URL'),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
})
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>
/** DELETE /api/push-subscriptions: body */
export const pushUnsubscribeBody = z.object({ endpoint: z.string().max(1000) })
