import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import type { JobQueue } from '../jobs/queue'
import type { Mail } from './mail'
import { queueMail } from './mail-jobs'

type Body = Omit<Mail, 'to'>

const sign = '\n\n— Tote'
const because = (reason?: string | null) => (reason ? `\n\nReason: ${reason}` : '')

/** The mails of admin decisions and information requests (plain text, one link each). */
export const adminMails = {
  sendingApproved: (name: string, item: string, link: string): Body => ({
    subject: `Your item "${item}" was approved`,
    text: `Hello ${name},\n\nYour item "${item}" has been approved for sending. Deliverers travelling along its route can now see it and request to carry it.\n\nSee your item:\n${link}${sign}`,
  }),
  sendingRejected: (name: string, item: string, link: string, reason?: string | null): Body => ({
    subject: `Your item "${item}" was not approved`,
    text: `Hello ${name},\n\nYour item "${item}" was not approved for sending, so deliverers cannot see it.${because(reason)}\n\nSee your item:\n${link}${sign}`,
  }),
  deliveryApproved: (name: string, item: string, link: string): Body => ({
    subject: `Your request to deliver "${item}" was approved`,
    text: `Hello ${name},\n\nYour request to deliver "${item}" has been approved by Tote. The sender can now see it and accept or reject it; we will let you know.\n\nSee the item:\n${link}${sign}`,
  }),
  deliveryRejected: (name: string, item: string, link: string, reason?: string | null): Body => ({
    subject: `Your request to deliver "${item}" was not approved`,
    text: `Hello ${name},\n\nYour request to deliver "${item}" was not approved by Tote.${because(reason)}\n\nSee the item:\n${link}${sign}`,
  }),
  infoRequested: (name: string, item: string, link: string, description: string): Body => ({
    subject: `Tote needs more information about ${item}`,
    text: `Hello ${name},\n\nTote needs more information about the item "${item}":\n\n${description}\n\nPlease answer on the item's page:\n${link}${sign}`,
  }),
}

/** The mail of a trip match (issue 16): an approved item lies on one of the deliverer's trips. */
export const tripMails = {
  itemOnTrip: (
    name: string,
    trip: { label: string; travelDate: string },
    item: { name: string; from: string; to: string; deadline: string },
    link: string,
  ): Body => ({
    subject: `An item on your trip "${trip.label}"`,
    text: `Hello ${name},\n\nA new item lies on your trip "${trip.label}" of ${trip.travelDate}: "${item.name}", from ${item.from} to ${item.to}, to be delivered by ${item.deadline}.\n\nSee the item and request to carry it:\n${link}\n\nYou get this mail because you saved this trip in Tote; delete the trip to stop them.${sign}`,
  }),
}

/** The page of an item for its sender or for a deliverer. */
export const itemLink = (origin: string, party: 'sender' | 'deliverer', itemId: string) =>
  `${origin}${party === 'sender' ? '/items' : '/available-items'}/${itemId}`

/**
 * Queues a mail once the decision it tells of is committed (a job: retried while the mail server
 * is down, never holding up or undoing the decision; the user sees it in the app anyway).
 */
export async function notify(deps: { jobs: JobQueue }, to: string, mail: Body): Promise<void> {
  await queueMail(deps.jobs, { to, ...mail })
}

/** What mailing about an item needs: the users, the queue, and the origin its links point at. */
export interface NotifyDeps {
  db: Db
  jobs: JobQueue
  publicOrigin: () => string
}

/**
 * Mails a user about an item once a decision is committed: looks the user up (a deleted user gets
 * no mail) and hands `mail` their name and the item's page for their side.
 */
export async function notifyAboutItem(
  deps: NotifyDeps,
  to: { userId: string; party: 'sender' | 'deliverer'; itemId: string },
  mail: (name: string, link: string) => Body,
): Promise<void> {
  const [user] = await deps.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, to.userId))
  if (!user) return
  const link = itemLink(deps.publicOrigin(), to.party, to.itemId)
  await notify(deps, user.email, mail(user.name, link))
}
