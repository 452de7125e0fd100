import { onlineManager } from '@tanstack/react-query'
import { HTTPError } from 'ky'
import { describe, expect, it } from 'vitest'
import { createQueryClient, keepPreviousOnline, retryNetworkFailures } from './query-client'

const answered = (status: number) =>
  new HTTPError(
    new Response('{}', { status }),
    new Request('http://tote.test/api/x'),
    {} as ConstructorParameters<typeof HTTPError>[2],
  )

describe('query retries', () => {
  it('never ask again once the server answered, 4xx or 5xx', () => {
    for (const status of [400, 401, 404, 500, 502, 503])
      expect(retryNetworkFailures(0, answered(status))).toBe(false)
  })

  it('try a request that got no answer twice more', () => {
    const noAnswer = new TypeError('Failed to fetch')
    expect([0, 1, 2].map((count) => retryNetworkFailures(count, noAnswer))).toEqual([
      true,
      true,
      false,
    ])
  })

  it('show a 500 after one request', async () => {
    const client = createQueryClient()
    let calls = 0
    await expect(
      client.fetchQuery({
        queryKey: ['boom'],
        queryFn: () => {
          calls++
          throw answered(500)
        },
      }),
    ).rejects.toBeInstanceOf(HTTPError)
    expect(calls).toBe(1)
  })
})

describe("a list's previous page while the next loads", () => {
  it('stays on screen online, and not offline, where it would pass for the new answer', () => {
    const previous = { items: ['a'] }
    expect(keepPreviousOnline(previous)).toBe(previous)
    onlineManager.setOnline(false)
    try {
      expect(keepPreviousOnline(previous)).toBeUndefined()
    } finally {
      onlineManager.setOnline(true)
    }
  })
})
