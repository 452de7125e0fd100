import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import { loadQuery } from './load-query'
import { createQueryClient } from './query-client'

const noAnswer = () => Promise.reject(new TypeError('Failed to fetch'))

describe("a route loader's data", () => {
  afterEach(() => onlineManager.setOnline(true))

  it('is what the server answered', async () => {
    const client = createQueryClient()
    await expect(loadQuery(client, { queryKey: ['a'], queryFn: () => 'answer' })).resolves.toBe(
      'answer',
    )
  })

  it('is what this device saved, without asking, offline', async () => {
    const client = createQueryClient()
    client.setQueryData(['a'], 'saved')
    onlineManager.setOnline(false)
    await expect(loadQuery(client, { queryKey: ['a'], queryFn: noAnswer })).resolves.toBe('saved')
  })

  it('does not wait for the network offline when nothing is saved, and the query loads later', async () => {
    const client = createQueryClient()
    // As QueryClientProvider does: the client resumes paused queries when the network is back.
    client.mount()
    onlineManager.setOnline(false)
    let online = false
    const queryFn = () => (online ? Promise.resolve('answer') : noAnswer())
    await expect(loadQuery(client, { queryKey: ['a'], queryFn })).resolves.toBeUndefined()
    // It waits for the network itself (the page says so), retried when the network is back.
    await expect
      .poll(() => client.getQueryState(['a'])?.fetchStatus, { timeout: 5_000 })
      .toBe('paused')

    online = true
    onlineManager.setOnline(true)
    await expect.poll(() => client.getQueryData(['a']), { timeout: 5_000 }).toBe('answer')
    client.unmount()
  })

  it('online, waits through the retries of a request that got no answer', async () => {
    const client = createQueryClient()
    let tries = 0
    const queryFn = () => (++tries < 3 ? noAnswer() : Promise.resolve('answer'))
    await expect(loadQuery(client, { queryKey: ['a'], queryFn, retryDelay: 0 })).resolves.toBe(
      'answer',
    )
    expect(tries).toBe(3)
  })

  it('is undefined when the server refused, for the page to show the failure', async () => {
    const client = createQueryClient()
    const { HTTPError } = await import('ky')
    const refused = new HTTPError(
      new Response('{}', { status: 404 }),
      new Request('http://tote.test/api/x'),
      {} as ConstructorParameters<typeof HTTPError>[2],
    )
    await expect(
      loadQuery(client, { queryKey: ['a'], queryFn: () => Promise.reject(refused) }),
    ).resolves.toBeUndefined()
    expect(client.getQueryState(['a'])?.status).toBe('error')
  })
})
