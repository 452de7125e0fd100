import { desc, eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /** 'smtp' sends for real; 'outbox' keeps mails in the database and prints them (development). */
  readonly mode: 'smtp' | 'outbox'
  send(mail: Mail): Promise<void>
}

export function createMailer(opts: {
  smtpUrl?: string
  from: string
  db: Db
  log: { info(msg: string): void }
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl)
    return {
      mode: 'smtp',
      async send(mail) {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        })
      },
    }
  }
  return {
    mode: 'outbox',
    async send(mail) {
      await opts.db.insert(mailOutbox).values(mail)
      // Development only (no SMTP_URL, never production): the link must be visible to be usable.
      opts.log.info(`dev outbox: mail to ${mail.to} — ${mail.subject}\n${mail.text}`)
    },
  }
}

export async function listOutbox(db: Db, to?: string) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(200)
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    created_at: r.createdAt.toISOString(),
  }))
}

const sign = '\n\n— Tote'

export const mails = {
  verifyEmail: (name: string, link: string): Omit<Mail, 'to'> => ({
    subject: 'Verify your email address',
    text: `Hello ${name},\n\nWelcome to Tote! Please confirm your email address by opening this link:\n\n${link}\n\nThe link is valid for 48 hours. If you did not sign up, ignore this mail.${sign}`,
  }),
  resetPassword: (name: string, link: string): Omit<Mail, 'to'> => ({
    subject: 'Reset your password',
    text: `Hello ${name},\n\nSomeone asked to reset the password of your Tote account. To choose a new password, open this link:\n\n${link}\n\nThe link is valid for 1 hour and can be used once. If it was not you, ignore this mail; your password stays as it is.${sign}`,
  }),
  accountExists: (name: string, origin: string): Omit<Mail, 'to'> => ({
    subject: 'Someone tried to sign up with your email address',
    text: `Hello ${name},\n\nSomeone, maybe you, tried to create a Tote account with this email address. You already have an account, so nothing was created.\n\nTo log in:\n${origin}/login\n\nForgot your password? Choose a new one here:\n${origin}/forgot-password\n\nIf it was not you, ignore this mail; your account is unchanged.${sign}`,
  }),
  setPassword: (name: string, link: string): Omit<Mail, 'to'> => ({
    subject: 'Set your password',
    text: `Hello ${name},\n\nAn account was created for you on Tote. To choose your password, open this link:\n\n${link}\n\nThe link is valid for 7 days and can be used once.${sign}`,
  }),
}
