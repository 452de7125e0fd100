import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import webpush from 'web-push'
import { z } from 'zod'
import type { PushSubscriptionBody } from '../../contract/notifications'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { pushSubscriptions } from '../db/schema'

/** What signs Web Push requests (RFC 8292): the key pair and the contact push services see. */
export interface Vapid {
  publicKey: string
  privateKey: string
  subject: string
}

export const PUSH_NOT_SET_UP = 'Push notifications are not set up'

const vapidFile = z.object({ publicKey: z.string().min(1), privateKey: z.string().min(1) })

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, else (outside production) a pair generated once into
 * DATA_DIR/vapid.json (0600) and reused: browsers tie a subscription to the public key, so a new
 * key at every start would silently end every subscription. In production without them: null,
 * push is off (the keys must be the same on every process, which only the environment ensures).
 */
export function resolveVapid(
  config: Pick<Config, 'vapid' | 'vapidSubject' | 'isProduction' | 'dataDir'>,
): Vapid | null {
  if (config.vapid) return { ...config.vapid, subject: config.vapidSubject }
  if (config.isProduction) return null
  const file = path.join(config.dataDir, 'vapid.json')
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true })
    const keys = webpush.generateVAPIDKeys()
    try {
      writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' })
    } catch (err) {
      // Another process on the same DATA_DIR wrote it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
  }
  const keys = vapidFile.parse(JSON.parse(readFileSync(file, 'utf8')))
  return { ...keys, subject: config.vapidSubject }
}

/** POST /api/push-subscriptions: the endpoint is the browser's; subscribing it again moves it. */
export const NOT_A_PUSH_SERVICE = "Endpoint must be a browser push service's address"

/** Whether an endpoint's host is one of the push services (or a subdomain of one). */
export function isPushServiceEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let host: string
  try {
    host = new URL(endpoint).hostname.toLowerCase()
  } catch {
    return false
  }
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
}

export async function savePushSubscription(db: Db, userId: string, sub: PushSubscriptionBody) {
  const values = { userId, p256dh: sub.keys.p256dh, auth: sub.keys.auth }
  await db
    .insert(pushSubscriptions)
    .values({ endpoint: sub.endpoint, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
}

/** DELETE /api/push-subscriptions: only the caller's own; answers whether one was removed. */
export async function deletePushSubscription(db: Db, userId: string, endpoint: string) {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id })
  return gone.length > 0
}

/** What the service worker shows (sw/ reads the same three fields). */
export interface PushPayload {
  title: string
  body: string
  link: string
}

/** Push services keep an undelivered message this long (the trip is days away at most). */
const PUSH_TTL_S = 24 * 60 * 60

/**
 * Sends `payload` to every browser `userId` subscribed. A subscription the push service says is
 * gone (404, 410) is deleted; other failures are logged and skipped, never retried: the in-app
 * notification and the mail carry the same news.
 */
export async function pushToUser(
  db: Db,
  vapid: Vapid,
  userId: string,
  payload: PushPayload,
  log: { warn(obj: object, msg: string): void },
): Promise<{ sent: number; removed: number }> {
  const subs = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
  let sent = 0
  let removed = 0
  for (const sub of subs) {
    try {
      await webpush.sendNotification(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(payload),
        { vapidDetails: vapid, TTL: PUSH_TTL_S, timeout: 10_000 },
      )
      sent++
    } catch (err) {
      if (
        err instanceof webpush.WebPushError &&
        (err.statusCode === 404 || err.statusCode === 410)
      ) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id))
        removed++
      } else log.warn({ err, subscriptionId: sub.id }, 'web push failed')
    }
  }
  return { sent, removed }
}
