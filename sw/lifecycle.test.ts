import { describe, expect, it, vi } from 'vitest'
import { untilDoneOrUpdate } from './lifecycle'

const scopeWith = (waiting: { current: unknown }) =>
  ({
    registration: {
      get waiting() {
        return waiting.current
      },
    },
  }) as unknown as ServiceWorkerGlobalScope

describe('untilDoneOrUpdate', () => {
  it('ends with the work when no new version waits', async () => {
    const scope = scopeWith({ current: null })
    await expect(untilDoneOrUpdate(scope, Promise.resolve('cached'), 5)).resolves.toBeUndefined()
    await expect(untilDoneOrUpdate(scope, Promise.reject(new Error('offline')), 5)).resolves.toBe(
      undefined,
    )
  })

  it('ends as soon as a new version waits, while the work still runs', async () => {
    vi.useFakeTimers()
    try {
      const waiting = { current: null as unknown }
      let ended = false
      const never = new Promise(() => {})
      void untilDoneOrUpdate(scopeWith(waiting), never, 1000).then(() => {
        ended = true
      })
      await vi.advanceTimersByTimeAsync(3000)
      expect(ended).toBe(false)
      waiting.current = {}
      await vi.advanceTimersByTimeAsync(1000)
      expect(ended).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
