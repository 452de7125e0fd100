import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReplayResult } from '../src/lib/outbox/replay'
import { OUTBOX_SYNC_TAG } from '../src/lib/outbox/sync-tag'
import { registerOutboxSync } from './outbox-sync'

const script = vi.hoisted(() => ({ results: [] as ReplayResult[], calls: 0 }))
vi.mock('../src/lib/outbox/replay', () => ({
  replay: async () => {
    script.calls++
    return script.results.shift() ?? { sent: 0, failed: 0, stopped: null }
  },
}))
vi.mock('../src/lib/outbox/worker-session', () => ({ readWorkerSession: async () => null }))

const network: ReplayResult = { sent: 0, failed: 0, stopped: 'network' }

/** A worker scope with one open page, and a way to fire a sync event at it. */
function fakeWorker(delays = [0, 0, 0], registerAnswer = () => Promise.resolve()) {
  const listeners = new Map<string, (event: unknown) => void>()
  const registered: string[] = []
  const posted: unknown[] = []
  const registration = {
    waiting: null as object | null,
    sync: {
      register: (tag: string) => {
        registered.push(tag)
        return registerAnswer()
      },
    },
  }
  const scope = {
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      listeners.set(type, listener)
    },
    clients: { matchAll: async () => [{ postMessage: (m: unknown) => posted.push(m) }] },
    registration,
  } as unknown as ServiceWorkerGlobalScope
  registerOutboxSync(scope, delays)
  const onSync = listeners.get('sync')
  const activate = async () => {
    let done: Promise<unknown> = Promise.resolve()
    listeners.get('activate')!({ waitUntil: (p: Promise<unknown>) => (done = p) })
    await done
  }
  const fire = async () => {
    let done: Promise<unknown> = Promise.resolve()
    onSync!({
      tag: OUTBOX_SYNC_TAG,
      lastChance: false,
      waitUntil: (p: Promise<unknown>) => (done = p),
    })
    await done
  }
  return { fire, activate, registered, posted, registration }
}

beforeEach(() => {
  script.results = []
  script.calls = 0
})

describe('Background Sync of the outbox', () => {
  it('tries again within the event when the link flaps, and tells the pages once it went', async () => {
    script.results = [network, network, { sent: 1, failed: 0, stopped: null }]
    const worker = fakeWorker()
    await worker.fire()
    expect(script.calls).toBe(3)
    expect(worker.posted).toHaveLength(1)
    expect(worker.registered).toEqual([])
  })

  it('leaves a sync registered when the link never came back', async () => {
    script.results = [network, network, network, network]
    const worker = fakeWorker()
    await worker.fire()
    expect(script.calls).toBe(4)
    expect(worker.registered).toEqual([OUTBOX_SYNC_TAG])
  })

  it('registers nothing when the user must sign in first (the page asks them)', async () => {
    script.results = [{ sent: 0, failed: 0, stopped: 'unauthorized' }]
    const worker = fakeWorker()
    await worker.fire()
    expect(script.calls).toBe(1)
    expect(worker.registered).toEqual([])
  })

  it('stops trying within the event once a new version waits, so the update is not held', async () => {
    script.results = [network, network, network, network]
    const worker = fakeWorker([60_000, 60_000])
    const fired = worker.fire()
    await vi.waitFor(() => expect(script.calls).toBe(1))
    // The worker is now in its minute's pause; a new version arrives and it wakes within a second.
    await new Promise((resolve) => setTimeout(resolve, 50))
    worker.registration.waiting = {}
    await fired
    expect(script.calls).toBe(1)
    expect(worker.registered).toEqual([])
  }, 5_000)

  it('registers a sync when a new version activates, so what the old one left is sent', async () => {
    const worker = fakeWorker()
    await worker.activate()
    expect(worker.registered).toEqual([OUTBOX_SYNC_TAG])
  })

  it('activates without waiting for Background Sync, which may answer only once it is active', async () => {
    // As Chromium did while a new version was activating: register() never answered.
    const worker = fakeWorker([0, 0, 0], () => new Promise<void>(() => {}))
    await worker.activate()
    expect(worker.registered).toEqual([OUTBOX_SYNC_TAG])
  }, 5_000)
})
