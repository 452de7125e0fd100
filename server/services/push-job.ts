import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'
import { notifications } from '../db/schema'
import { defineJob } from '../jobs/define-job'
import { pushToUser, type PushSender } from './push'

/** What the push job needs: how pushes go out, or null when push is not set up. */
export interface PushJobDeps {
  db: Db
  sender: PushSender | null
}

/** Sends one notification as Web Push to every browser its user subscribed. */
export const pushJob = defineJob({
  name: 'push.notification',
  payload: z.object({ notificationId: z.string() }),
  async run({ notificationId }, { db, sender }: PushJobDeps) {
    if (!sender) return
    const [row] = await db.select().from(notifications).where(eq(notifications.id, notificationId))
    // Read already (on another device) or gone with its user: nothing to push.
    if (!row || row.readAt) return
    await pushToUser(sender, row.userId, { title: row.title, body: row.body, link: row.link })
  },
})
