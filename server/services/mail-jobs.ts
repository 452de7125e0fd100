import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { defineJob } from '../jobs/define-job'
import type { JobQueue } from '../jobs/queue'
import { mails, type Mail, type Mailer } from './mail'
import { issueLink } from './one-time-links'

const accountMail = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('verify_email'), userId: z.string() }),
  z.object({ kind: z.literal('set_password'), userId: z.string() }),
  z.object({ kind: z.literal('password_reset'), email: z.string() }),
  z.object({ kind: z.literal('account_exists'), email: z.string() }),
  z.object({ kind: z.literal('resend_verification'), email: z.string() }),
])
export type AccountMail = z.infer<typeof accountMail>

/** A ready-written mail (admin notices, information requests); a throw (SMTP down) retries. */
export const mailJob = defineJob({
  name: 'mail.send',
  payload: z.object({ to: z.string(), subject: z.string(), text: z.string() }),
  run: (mail, { mailer }: { mailer: Mailer }) => mailer.send(mail),
})

export interface AccountMailDeps {
  db: Db
  mailer: Mailer
  /** Where the mail's links point (known once the server listens). */
  publicOrigin: () => string
}

/**
 * A mail about an account, written when the job runs: the one-time link is issued there, so its
 * token is never stored in the queue, and the request that asked for it does the same work whether
 * or not the account exists (no account probing by timing).
 */
export const accountMailJob = defineJob({
  name: 'mail.account',
  payload: accountMail,
  async run(mail, { db, mailer, publicOrigin }: AccountMailDeps) {
    const [user] = await db
      .select()
      .from(users)
      .where('userId' in mail ? eq(users.id, mail.userId) : eq(users.email, mail.email))
    if (!user || !user.active) return
    const origin = publicOrigin()
    const link = (purpose: 'verify_email' | 'reset_password' | 'set_password') =>
      issueLink(db, origin, user.id, purpose)
    let body: Omit<Mail, 'to'>
    switch (mail.kind) {
      case 'set_password':
        body = mails.setPassword(user.name, await link('set_password'))
        break
      case 'password_reset':
        body = mails.resetPassword(user.name, await link('reset_password'))
        break
      case 'verify_email':
      case 'resend_verification':
      case 'account_exists':
        // Signing up again with an address that never got verified most likely means the first
        // mail was lost: a fresh verification link helps more than "you already have an account".
        if (!user.emailVerifiedAt) body = mails.verifyEmail(user.name, await link('verify_email'))
        else if (mail.kind === 'account_exists') body = mails.accountExists(user.name, origin)
        else return
        break
    }
    await mailer.send({ to: user.email, ...body })
  },
})

/** Queues a written mail; pass the transaction (`db`) when it belongs to a write. */
export const queueMail = (jobs: JobQueue, mail: Mail, db?: Db) =>
  jobs.enqueue(mailJob, mail, { db })

export const queueAccountMail = (jobs: JobQueue, mail: AccountMail, db?: Db) =>
  jobs.enqueue(accountMailJob, mail, { db })
