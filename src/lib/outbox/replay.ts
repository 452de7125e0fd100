// Imported by the service worker too, whose build has no '@' alias: relative imports only.
import { isErrorCode, RETRY_LATER_CODES, type ErrorCode } from '../../../contract/error-codes'
import { getDb, type OutboxEntry } from '../db'
import { env } from '../env'
import { withOutboxLock } from './lock'
import { SIGN_IN_AGAIN_ERROR } from './messages'

// Sends the queued writes of the signed-in user, oldest first, with the Idempotency-Key chosen at
// enqueue time (docs/design.md: the server changes nothing twice). No window-only API: the page and
// the service worker's `sync` event run this same module; each passes its own way to the token.

/** Who replays: the bearer token and the user it belongs to. */
export interface ReplaySession {
  token: string
  userId: string
}

export interface ReplayOptions {
  session: () => ReplaySession | null | Promise<ReplaySession | null>
  fetchImpl?: typeof fetch
  /** Origin of the API; the page's or the worker's own by default. */
  origin?: string
}

export interface ReplayResult {
  sent: number
  failed: number
  /** Why the replay stopped before the end of the queue; null when it got through. */
  stopped: 'signed-out' | 'network' | 'server' | 'unauthorized' | null
}

/** Entries sent more than a day ago are forgotten; the panel shows recent ones as 'Sent'. */
const KEEP_SENT_MS = 24 * 60 * 60 * 1000

type Outcome =
  | { kind: 'sent' }
  | { kind: 'failed'; message: string }
  | { kind: 'later'; reason: 'network' | 'server' | 'unauthorized' }

function toForm(entry: OutboxEntry): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(entry.fields)) form.append(name, value)
  if (entry.file) form.append(entry.file.field, entry.file.blob, entry.file.name)
  return form
}

/** The message (for the user) and code (for us, decision 032) of an error answer, when it has them. */
async function readFailure(
  response: Response,
): Promise<{ message: string | null; code: ErrorCode | null }> {
  try {
    const body = (await response.json()) as { message?: unknown; code?: unknown }
    return {
      message: typeof body.message === 'string' && body.message ? body.message : null,
      code: isErrorCode(body.code) ? body.code : null,
    }
  } catch {
    return { message: null, code: null }
  }
}

async function send(entry: OutboxEntry, session: ReplaySession, options: ReplayOptions) {
  const origin = options.origin ?? globalThis.location.origin
  const url = new URL(`${env.apiPrefix}/${entry.path.replace(/^\//, '')}`, origin)
  let response: Response
  try {
    response = await (options.fetchImpl ?? fetch)(url, {
      method: entry.method,
      headers: {
        Authorization: `Bearer ${session.token}`,
        'Idempotency-Key': entry.idempotencyKey,
      },
      body: toForm(entry),
    })
  } catch {
    return { kind: 'later', reason: 'network' } satisfies Outcome
  }
  // A 2xx, including the stored answer of an earlier attempt that did reach the server.
  if (response.ok) return { kind: 'sent' } satisfies Outcome
  // Signed out or expired: keep it until the user signs in again.
  if (response.status === 401) return { kind: 'later', reason: 'unauthorized' } satisfies Outcome
  const { message, code } = await readFailure(response)
  // By the code: the same key still running (IN_FLIGHT), throttled, the server away. An answer
  // without one (a proxy's page) by its status.
  const transient = code
    ? RETRY_LATER_CODES.includes(code)
    : response.status >= 500 || response.status === 408 || response.status === 429
  if (transient) return { kind: 'later', reason: 'server' } satisfies Outcome
  return {
    kind: 'failed',
    message: message ?? `The server refused this change (${response.status}).`,
  } satisfies Outcome
}

async function replayLocked(options: ReplayOptions): Promise<ReplayResult> {
  const result: ReplayResult = { sent: 0, failed: 0, stopped: null }
  const session = await options.session()
  if (!session) return { ...result, stopped: 'signed-out' }
  const db = getDb()
  const entries = await db.outbox.where('userId').equals(session.userId).sortBy('id')
  await db.outbox
    .where('id')
    .anyOf(
      entries
        .filter((e) => e.status === 'sent' && Date.now() - e.createdAt > KEEP_SENT_MS)
        .map((e) => e.id),
    )
    .delete()
  // 'sending' here means an attempt died with its tab: we hold the lock, so nobody else sends it.
  for (const entry of entries.filter((e) => e.status === 'queued' || e.status === 'sending')) {
    await db.outbox.update(entry.id, { status: 'sending', attempts: entry.attempts + 1 })
    const outcome = await send(entry, session, options)
    if (outcome.kind === 'sent') {
      await db.outbox.update(entry.id, { status: 'sent', error: null })
      result.sent++
    } else if (outcome.kind === 'failed') {
      await db.outbox.update(entry.id, { status: 'failed', error: outcome.message })
      result.failed++
    } else {
      // Stop at the first write that cannot go now, so later writes never overtake it. A 401 is
      // noted on the entry, so the user is told to sign in (a network error needs nothing).
      await db.outbox.update(entry.id, {
        status: 'queued',
        error: outcome.reason === 'unauthorized' ? SIGN_IN_AGAIN_ERROR : entry.error,
      })
      return { ...result, stopped: outcome.reason }
    }
  }
  return result
}

/** Replays the queue; a replay already running (any tab, or the worker) finishes first. */
export function replay(options: ReplayOptions): Promise<ReplayResult> {
  return withOutboxLock(() => replayLocked(options))
}
