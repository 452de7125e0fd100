import { and, eq, inArray } from 'drizzle-orm'
import { kindRules, type NotificationKind } from '../../contract/notifications'
import type { Db } from '../db/client'
import { items, notificationMailOff, notifications, users } from '../db/schema'
import type { JobQueue } from '../jobs/queue'
import { queueMail } from './mail-jobs'
import { unreadMessageMailJob } from './message-mail-job'
import { texts, type Subject } from './notification-texts'
import { pushJob } from './push-job'

/** What notify() queues with (app.notifier): the job queue, where links point, whether push is on. */
export interface Notifier {
  jobs: JobQueue
  /** Where the mail's links point (known once the server listens). */
  publicOrigin: () => string
  /** Whether Web Push is set up (VAPID keys): without it no push job is queued. */
  pushEnabled: boolean
}

/** Something that happened to an item, and whom it concerns; notify() finds the rest. */
export type NotifyEvent =
  | { kind: 'sending_approved' | 'item_to_review'; itemId: string }
  | { kind: 'sending_rejected'; itemId: string; reason: string | null }
  | {
      kind:
        | 'request_awaits_sender'
        | 'picked_up'
        | 'delivered'
        | 'delivery_approved'
        | 'request_accepted'
        | 'request_to_review'
        | 'auto_refunded'
        | 'delivery_expired'
        | 'earnings_released'
      itemId: string
      delivererId: string
    }
  | {
      kind: 'delivery_rejected' | 'request_rejected'
      itemId: string
      delivererId: string
      reason: string | null
    }
  | {
      /** The way out before pickup (decision 042): the other side is told why. */
      kind: 'delivery_cancelled' | 'deliverer_withdrew'
      itemId: string
      delivererId: string
      reason: string
    }
  | {
      kind: 'info_requested'
      itemId: string
      side: 'sender' | 'deliverer'
      userId: string
      question: string
    }
  | {
      kind: 'info_answered'
      itemId: string
      side: 'sender' | 'deliverer'
      userId: string
      answer: string
    }
  | {
      /** A message of the delivery's conversation, to its addressee (`to`: their side). */
      kind: 'message'
      itemId: string
      delivererId: string
      to: 'sender' | 'deliverer'
      messageId: string
      body: string
    }
  | { kind: 'rating_reported'; itemId: string; reason: string }
  | {
      /** Disputes and refunds (decision 040): `body` is what was decided, in the addressee's words. */
      kind: 'dispute_opened' | 'dispute_to_review' | 'dispute_resolved' | 'refund_issued'
      itemId: string
      delivererId: string
      to: 'sender' | 'deliverer' | 'admins'
      body: string
    }
  | {
      kind: 'trip_match'
      itemId: string
      delivererId: string
      trip: { id: string; label: string; travelDate: string }
      route: string
    }

/** Whom each kind reaches: one user of the event, or every active admin. */
function recipientOf(event: NotifyEvent, senderId: string): string | 'admins' {
  switch (event.kind) {
    case 'item_to_review':
    case 'request_to_review':
    case 'info_answered':
    case 'rating_reported':
      return 'admins'
    case 'sending_approved':
    case 'sending_rejected':
    case 'request_awaits_sender':
    case 'picked_up':
    case 'delivered':
    case 'auto_refunded':
    case 'deliverer_withdrew':
      return senderId
    case 'info_requested':
      return event.userId
    case 'delivery_approved':
    case 'delivery_rejected':
    case 'request_accepted':
    case 'request_rejected':
    case 'trip_match':
    case 'delivery_expired':
    case 'earnings_released':
    case 'delivery_cancelled':
      return event.delivererId
    case 'message':
    case 'dispute_opened':
    case 'dispute_to_review':
    case 'dispute_resolved':
    case 'refund_issued':
      return event.to === 'admins' ? 'admins' : event.to === 'sender' ? senderId : event.delivererId
  }
}

const nameOf = async (db: Db, id: string | undefined) =>
  id
    ? ((await db.select({ name: users.name }).from(users).where(eq(users.id, id)))[0]?.name ?? '')
    : ''

/**
 * THE way a notification is made (docs/decisions/033): inside the caller's transaction (`tx`), for
 * each person the event concerns (active users only), it writes the in-app row and queues its mail
 * (when the kind mails and the user did not turn that kind's mail off) and its Web Push. So the
 * notification exists exactly when the change it tells of commits, and never twice: a trip_match
 * already written for that user, item and trip is skipped (ON CONFLICT DO NOTHING), mail and push
 * with it. Answers how many notifications it wrote.
 */
export async function notify(tx: Db, notifier: Notifier, event: NotifyEvent): Promise<number> {
  const [item] = await tx.select().from(items).where(eq(items.id, event.itemId))
  if (!item) return 0
  const to = recipientOf(event, item.senderId)
  const people = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      and(eq(users.active, true), to === 'admins' ? eq(users.role, 'admin') : eq(users.id, to)),
    )
  if (people.length === 0) return 0

  const delivererId = 'delivererId' in event ? event.delivererId : undefined
  const subject: Subject = {
    item,
    sender: await nameOf(tx, item.senderId),
    deliverer:
      'side' in event && event.side === 'deliverer'
        ? await nameOf(tx, event.userId)
        : await nameOf(tx, delivererId),
    reason: 'reason' in event ? event.reason : null,
    text:
      'question' in event
        ? event.question
        : 'answer' in event
          ? event.answer
          : 'body' in event
            ? event.body
            : '',
    side:
      'side' in event ? event.side : 'to' in event && event.to !== 'admins' ? event.to : 'sender',
    trip: 'trip' in event ? event.trip : null,
    route: 'route' in event ? event.route : '',
  }
  const written = texts[event.kind](subject)
  const rule = kindRules[event.kind]
  const mail = rule.mail ? written.mail : null
  const mailOff = mail
    ? new Set(
        (
          await tx
            .select({ userId: notificationMailOff.userId })
            .from(notificationMailOff)
            .where(
              and(
                eq(notificationMailOff.kind, event.kind),
                inArray(
                  notificationMailOff.userId,
                  people.map((p) => p.id),
                ),
              ),
            )
        ).map((r) => r.userId),
      )
    : new Set<string>()

  let count = 0
  for (const person of people) {
    const [row] = await tx
      .insert(notifications)
      .values({
        userId: person.id,
        kind: event.kind satisfies NotificationKind,
        title: written.title,
        body: written.body,
        link: written.link,
        itemId: item.id,
        tripId: 'trip' in event ? event.trip.id : null,
      })
      .onConflictDoNothing()
      .returning({ id: notifications.id })
    if (!row) continue
    count++
    if (mail && !mailOff.has(person.id)) {
      const url = `${notifier.publicOrigin()}${written.link}`
      const letter = { to: person.email, ...mail(person.name, url) }
      // A message mails only if it is still unread then: the job looks when it runs.
      if (rule.mailUnlessReadWithinMinutes && event.kind === 'message')
        await notifier.jobs.enqueue(
          unreadMessageMailJob,
          { messageId: event.messageId, ...letter },
          { db: tx, runAt: new Date(Date.now() + rule.mailUnlessReadWithinMinutes * 60_000) },
        )
      else await queueMail(notifier.jobs, letter, tx)
    }
    if (notifier.pushEnabled)
      await notifier.jobs.enqueue(pushJob, { notificationId: row.id }, { db: tx })
  }
  return count
}
