import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { users } from '../db/schema'
import type { Mail } from './mail'

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

/** The origin links in mails point at: APP_ORIGIN, else the origin the request reached. */
export function originOf(app: FastifyInstance, request: FastifyRequest): string {
  return (
    app.config.appOrigin ??
    (request.host ? `${request.protocol}://${request.host}` : `http://localhost:${app.config.port}`)
  )
}

/** The page of an item for its sender or for a deliverer. */
export const itemLink = (origin: string, party: 'sender' | 'deliverer', itemId: string) =>
  `${origin}${party === 'sender' ? '/items' : '/available-items'}/${itemId}`

/**
 * Sends after the decision is committed; a mail that cannot be sent is logged, never undoes the
 * decision (the user sees it in the app anyway).
 */
export async function notify(app: FastifyInstance, to: string, mail: Body): Promise<void> {
  try {
    await app.mailer.send({ to, ...mail })
  } catch (err) {
    app.log.error({ err, to }, 'mail could not be sent')
  }
}

/**
 * Mails a user about an item once a decision is committed: looks the user up (a deleted user gets
 * no mail) and hands `mail` their name and the item's page for their side.
 */
export async function notifyAboutItem(
  app: FastifyInstance,
  request: FastifyRequest,
  to: { userId: string; party: 'sender' | 'deliverer'; itemId: string },
  mail: (name: string, link: string) => Body,
): Promise<void> {
  const [user] = await app.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, to.userId))
  if (!user) return
  await notify(
    app,
    user.email,
    mail(user.name, itemLink(originOf(app, request), to.party, to.itemId)),
  )
}
