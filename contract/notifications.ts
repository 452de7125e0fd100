import { z } from 'zod'
import { uuidOf } from './ids'
import { envelope, pagination } from './envelope'

/**
 * Every kind of notification (docs/decisions/033-notify.md): who gets it, whether it can mail, and
 * the label the profile's mail settings show. The server writes each through one notify().
 */
export const notificationKinds = [
  'trip_match',
  'sending_approved',
  'sending_rejected',
  'request_awaits_sender',
  'picked_up',
  'delivered',
  'delivery_approved',
  'delivery_rejected',
  'request_accepted',
  'request_rejected',
  'info_requested',
  'item_to_review',
  'request_to_review',
  'info_answered',
  'auto_refunded',
  'delivery_expired',
  'earnings_released',
  'delivery_cancelled',
  'deliverer_withdrew',
  'message',
  'rating_reported',
  'dispute_opened',
  'dispute_to_review',
  'dispute_resolved',
  'refund_issued',
] as const
export type NotificationKind = (typeof notificationKinds)[number]

type Audience = 'sender' | 'deliverer' | 'admin' | 'sender_or_deliverer'

interface KindRule {
  /** Whose bell it rings. */
  audience: Audience
  /** Whether it is also mailed (unless the user turned its mail off): what asks the person to act. */
  mail: boolean
  /** The profile's checkbox label for its mail. */
  label: string
  /**
   * The mail waits this many minutes and goes only if the person has not read what it tells of by
   * then (a message: decision 039); without it the mail goes at once.
   */
  mailUnlessReadWithinMinutes?: number
}

export const kindRules: Record<NotificationKind, KindRule> = {
  trip_match: { audience: 'deliverer', mail: true, label: 'A new item lies on one of my trips' },
  sending_approved: { audience: 'sender', mail: true, label: 'My item was approved' },
  sending_rejected: { audience: 'sender', mail: true, label: 'My item was not approved' },
  request_awaits_sender: {
    audience: 'sender',
    mail: true,
    label: 'A deliverer waits for me to accept or decline',
  },
  picked_up: { audience: 'sender', mail: false, label: 'My item was picked up' },
  delivered: { audience: 'sender', mail: true, label: 'My item was delivered' },
  delivery_approved: {
    audience: 'deliverer',
    mail: true,
    label: 'Tote approved my request to deliver',
  },
  delivery_rejected: {
    audience: 'deliverer',
    mail: true,
    label: 'Tote did not approve my request to deliver',
  },
  request_accepted: { audience: 'deliverer', mail: false, label: 'The sender accepted my request' },
  request_rejected: { audience: 'deliverer', mail: false, label: 'The sender rejected my request' },
  info_requested: {
    audience: 'sender_or_deliverer',
    mail: true,
    label: 'Tote asks me for more information',
  },
  item_to_review: { audience: 'admin', mail: false, label: 'A new item waits for review' },
  request_to_review: {
    audience: 'admin',
    mail: false,
    label: 'A new delivery request waits for review',
  },
  info_answered: {
    audience: 'admin',
    mail: false,
    label: 'A user answered an information request',
  },
  auto_refunded: {
    audience: 'sender',
    mail: true,
    label: 'My item was not delivered in time and I was refunded',
  },
  delivery_expired: {
    audience: 'deliverer',
    mail: true,
    label: 'A delivery of mine was cancelled because it was not made in time',
  },
  earnings_released: {
    audience: 'deliverer',
    mail: false,
    label: 'My earnings for a delivery were released',
  },
  delivery_cancelled: {
    audience: 'deliverer',
    mail: true,
    label: 'A sender cancelled a delivery of mine before pickup',
  },
  deliverer_withdrew: {
    audience: 'sender',
    mail: true,
    label: 'My deliverer gave my item back before pickup',
  },
  message: {
    audience: 'sender_or_deliverer',
    mail: true,
    label: 'A message about one of my deliveries that I have not read for 15 minutes',
    mailUnlessReadWithinMinutes: 15,
  },
  rating_reported: { audience: 'admin', mail: false, label: 'A user reported a rating' },
  dispute_opened: {
    audience: 'deliverer',
    mail: true,
    label: 'A sender reported a problem with my delivery',
  },
  dispute_to_review: { audience: 'admin', mail: false, label: 'A sender opened a dispute' },
  dispute_resolved: {
    audience: 'sender_or_deliverer',
    mail: true,
    label: 'Tote resolved a dispute about one of my deliveries',
  },
  refund_issued: {
    audience: 'sender_or_deliverer',
    mail: true,
    label: 'Tote refunded money for one of my deliveries',
  },
}

/** The kinds whose mail a user of `role` can turn off, in the table's order. */
export const mailKindsFor = (role: 'sender' | 'deliverer' | 'admin'): NotificationKind[] =>
  notificationKinds.filter((kind) => {
    const { audience, mail } = kindRules[kind]
    if (!mail) return false
    return audience === role || (audience === 'sender_or_deliverer' && role !== 'admin')
  })

/**
 * One in-app notification; `link` is the PWA path where the person acts on it (the item's page for
 * its sender, the deliverer's item or delivery page, the admin's review page).
 */
const notification = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  item_id: z.string().nullable(),
  trip_id: z.string().nullable(),
  /**
   * A trip notification (trip_match): whether its item is still open to offers (approved, pending,
   * before its deadline, no request accepted); null for other kinds (issue 29 part 8).
   */
  item_open: z.boolean().nullable().optional(),
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

/** GET /api/notification-preferences: per kind the user may get by mail, whether they do. */
const mailPreference = z.object({ kind: z.enum(notificationKinds), mail: z.boolean() })
export const notificationPreferencesAnswer = envelope(
  z.object({ preferences: z.array(mailPreference) }),
)
/** PUT /api/notification-preferences: the kinds to change (others keep theirs); answers them all. */
export const notificationPreferencesBody = z.object({
  preferences: z
    .array(mailPreference)
    .min(1, 'Choose at least one kind')
    .max(notificationKinds.length),
})
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBody>
export const NOT_YOUR_KIND = 'You do not get mail of this kind'

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
