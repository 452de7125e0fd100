// One outbox replay at a time, across every tab AND the service worker: the Web Locks API is
// shared by all contexts of the origin and exists in windows and workers alike. Where it is
// missing (old browsers, jsdom) an in-memory lock serialises replays within this context.

const OUTBOX_LOCK = 'tote-outbox'

let local: Promise<unknown> = Promise.resolve()

/** Runs `fn` holding the outbox lock; waits for a replay already running to finish first. */
export function withOutboxLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  if (locks) return locks.request(OUTBOX_LOCK, fn) as Promise<T>
  const run = local.then(fn, fn)
  local = run.catch(() => {})
  return run
}
