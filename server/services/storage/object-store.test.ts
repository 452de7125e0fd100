import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startS3 } from '../../testing/s3'
import { localStore } from './local-store'
import { ObjectNotFoundError, StorageUnavailableError, type ObjectStore } from './object-store'
import { s3Store } from './s3-store'

async function bytesOf(body: Readable) {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

const key = (n: number) => n.toString(16).padStart(32, 'a')

describe.each(['local', 's3'] as const)('the %s object store', (kind) => {
  let store: ObjectStore
  let stop: () => Promise<void>
  beforeAll(async () => {
    if (kind === 'local') {
      const dir = mkdtempSync(path.join(tmpdir(), 'tote-store-'))
      store = localStore(path.join(dir, 'uploads'))
      stop = async () => rmSync(dir, { recursive: true, force: true })
    } else {
      const s3 = await startS3()
      store = s3Store(s3.options)
      stop = s3.stop
    }
  })
  afterAll(() => stop?.())

  it('keeps bytes as they were sent, lists them, and forgets them', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251))
    await store.put(key(1), bytes, 'application/pdf')
    const got = await store.get(key(1))
    expect(got.size).toBe(bytes.length)
    expect((await bytesOf(got.body)).equals(bytes)).toBe(true)

    const listed = []
    for await (const object of store.list()) listed.push(object)
    expect(listed.map((o) => o.key)).toEqual([key(1)])
    expect(Math.abs(listed[0]!.lastModified.getTime() - Date.now())).toBeLessThan(60_000)

    await store.delete(key(1))
    await expect(store.get(key(1))).rejects.toBeInstanceOf(ObjectNotFoundError)
    // Deleting what is gone is fine.
    await store.delete(key(1))
  })

  it('answers a missing object as not found', async () => {
    await expect(store.get(key(2))).rejects.toBeInstanceOf(ObjectNotFoundError)
  })
})

describe('an S3 store that cannot be reached', () => {
  it('is unavailable, quickly, for writes and reads', async () => {
    const store = s3Store({
      bucket: 'tote-test',
      region: 'us-east-1',
      // Nothing listens on port 9 of this machine.
      endpoint: 'http://127.0.0.1:9',
      accessKeyId: 'x',
      secretAccessKey: 'y',
      forcePathStyle: true,
    })
    await expect(store.put(key(3), Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(
      StorageUnavailableError,
    )
    await expect(store.get(key(3))).rejects.toBeInstanceOf(StorageUnavailableError)
  }, 30_000)
})
