import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'
import { messages } from '../db/schema'
import { defineJob } from '../jobs/define-job'
import type { Mailer } from './mail'

/**
 * The mail of a message, queued by notify() to run 15 minutes after it (decision 039): sent only
 * if its addressee has still not read it then (read_at is set when they open the thread), so
 * someone answering in the app gets no mail. A throw (SMTP down) retries, and looks again.
 */
export const unreadMessageMailJob = defineJob({
  name: 'messages.unread_mail',
  payload: z.object({
    messageId: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
  }),
  async run({ messageId, ...mail }, { db, mailer }: { db: Db; mailer: Mailer }) {
    const [row] = await db
      .select({ readAt: messages.readAt })
      .from(messages)
      .where(eq(messages.id, messageId))
    // Read meanwhile, or gone with its item: nothing to tell.
    if (!row || row.readAt) return
    await mailer.send(mail)
  },
})
