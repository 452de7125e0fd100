// @vitest-environment node
import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it } from 'vitest'
import { getDb } from '../db'
import { offlineReadable } from '../query-client'
import { restoreQueries, startPersistingQueries } from './persist-queries'

const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

async function savedOf(userId: string) {
  return getDb().queries.where('userId').equals(userId).toArray()
}

beforeEach(async () => {
  await getDb().queries.clear()
})

describe('saved reads', () => {
  it('are written as they arrive, per user, and restored for that user only', async () => {
    const client = new QueryClient()
    const stop = startPersistingQueries(client, () => 'alice')
    await client.fetchQuery({
      queryKey: ['item', 1],
      queryFn: () => ({ name: 'Parcel' }),
      ...offlineReadable,
    })
    await settle()
    stop()
    expect((await savedOf('alice')).map((row) => row.data)).toEqual([{ name: 'Parcel' }])

    const restored = new QueryClient()
    expect(await restoreQueries(restored, 'alice')).toBe(1)
    expect(restored.getQueryData(['item', 1])).toEqual({ name: 'Parcel' })
    const stranger = new QueryClient()
    expect(await restoreQueries(stranger, 'bob')).toBe(0)
    expect(stranger.getQueryData(['item', 1])).toBeUndefined()
  })

  it('are only the queries that opt in: a payment intent and its client secret never are', async () => {
    const client = new QueryClient()
    const stop = startPersistingQueries(client, () => 'alice')
    await client.fetchQuery({
      queryKey: ['payment-intent', 'item-1'],
      queryFn: () => ({ client_secret: 'pi_123_secret_456', amount: 30 }),
    })
    await client.fetchQuery({ queryKey: ['item', 2], queryFn: () => 'kept', ...offlineReadable })
    await settle()
    stop()
    const saved = await savedOf('alice')
    expect(saved.map((row) => row.data)).toEqual(['kept'])
    expect(JSON.stringify(saved)).not.toContain('secret')
  })

  it('are not written again when a refetch brings the same answer, only when it changes', async () => {
    const first = new QueryClient()
    const stopFirst = startPersistingQueries(first, () => 'alice')
    await first.fetchQuery({
      queryKey: ['stats'],
      queryFn: () => ({ active: 1 }),
      ...offlineReadable,
    })
    await settle()
    stopFirst()
    const [written] = await savedOf('alice')

    // The next start: restored, then refetched as the page mounts.
    const client = new QueryClient()
    await restoreQueries(client, 'alice')
    const stop = startPersistingQueries(client, () => 'alice')
    await client.fetchQuery({
      queryKey: ['stats'],
      queryFn: () => ({ active: 1 }),
      ...offlineReadable,
    })
    await settle()
    expect((await savedOf('alice'))[0]?.dataUpdatedAt).toBe(written?.dataUpdatedAt)

    await client.fetchQuery({
      queryKey: ['stats'],
      queryFn: () => ({ active: 2 }),
      ...offlineReadable,
    })
    await settle()
    stop()
    expect((await savedOf('alice')).map((row) => row.data)).toEqual([{ active: 2 }])
  })

  it('keep the newest 300 answers of a user, dropping the oldest', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: `alice:q${i}`,
      userId: 'alice',
      queryHash: `q${i}`,
      queryKey: ['q', i],
      data: i,
      dataUpdatedAt: Date.now() - 1_000_000 + i,
    }))
    await getDb().queries.bulkPut(rows)
    const client = new QueryClient()
    const stop = startPersistingQueries(client, () => 'alice')
    await client.fetchQuery({ queryKey: ['newest'], queryFn: () => 'fresh', ...offlineReadable })
    await settle()
    stop()
    const saved = await savedOf('alice')
    expect(saved).toHaveLength(300)
    expect(saved.some((row) => row.queryHash === 'q0')).toBe(false)
    expect(saved.some((row) => row.data === 'fresh')).toBe(true)
  })
})
