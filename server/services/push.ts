import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import webpush from 'web-push'
import { z } from 'zod'
import type { PushSubscriptionBody } from '../../contract/notifications'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { pushSubscriptions } from '../db/schema'
import {
  checkOutboundUrl,
  sendOutbound,
  type OutboundNetwork,
  type OutboundProblem,
} from './outbound-guard'

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
const NOT_A_PUSH_SERVICE = "Endpoint must be a browser push service's address"

/**
 * What POST /api/push-subscriptions answers (400) to an endpoint the outbound guard refuses
 * (docs/decisions/026): the server POSTs to it, so only a push service's plain https address.
 */
export const ENDPOINT_REFUSED: Record<OutboundProblem, string> = {
  'not-https': 'Endpoint must be an https URL',
  userinfo: 'Endpoint must not hold a user name or password',
  port: 'Endpoint must not name a port other than 443',
  host: 'Endpoint host may hold only a-z, 0-9, dots and hyphens',
  'ip-literal': 'Endpoint must name a host, not an IP address',
  'not-allowed': NOT_A_PUSH_SERVICE,
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
const PUSH_TIMEOUT_MS = 10_000

/** Where and how pushes go out: the outbound guard's network and the allowed push hosts. */
export interface PushSender {
  db: Db
  vapid: Vapid
  network: OutboundNetwork
  pushServiceHosts: readonly string[]
  log: { warn(obj: object, msg: string): void }
}

/**
 * Sends `payload` to every browser `userId` subscribed, each through the outbound guard
 * (docs/decisions/026): web-push only encrypts and signs, the guard connects. A subscription the
 * push service says is gone (404, 410), or whose endpoint the guard refuses on its face (stored
 * before the guard), is deleted; other failures, an endpoint resolving to an address the guard
 * refuses included, are logged and skipped, never retried: the in-app notification and the mail
 * carry the same news.
 */
export async function pushToUser(
  sender: PushSender,
  userId: string,
  payload: PushPayload,
): Promise<{ sent: number; removed: number }> {
  const { db, vapid, network, pushServiceHosts, log } = sender
  const subs = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
  let sent = 0
  let removed = 0
  const remove = async (id: string) => {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id))
    removed++
  }
  for (const sub of subs) {
    const checked = checkOutboundUrl(sub.endpoint, pushServiceHosts)
    if (!checked.ok) {
      log.warn({ subscriptionId: sub.id, problem: checked.problem }, 'push endpoint refused')
      await remove(sub.id)
      continue
    }
    try {
      // Signed for the checked URL, so the token's audience is the host connected to.
      const details = webpush.generateRequestDetails(
        { endpoint: checked.target.url, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(payload),
        { vapidDetails: vapid, TTL: PUSH_TTL_S },
      )
      const answer = await sendOutbound(network, checked.target, {
        method: 'POST',
        headers: details.headers,
        body: details.body,
        timeoutMs: PUSH_TIMEOUT_MS,
      })
      if (answer.statusCode >= 200 && answer.statusCode < 300) sent++
      else if (answer.statusCode === 404 || answer.statusCode === 410) await remove(sub.id)
      else
        log.warn(
          { subscriptionId: sub.id, statusCode: answer.statusCode, body: answer.body },
          'web push failed',
        )
    } catch (err) {
      log.warn({ err, subscriptionId: sub.id }, 'web push failed')
    }
  }
  return { sent, removed }
}
