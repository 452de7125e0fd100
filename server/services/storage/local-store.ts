import { createReadStream } from 'node:fs'
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  ObjectNotFoundError,
  StorageUnavailableError,
  type ObjectStore,
  type StoredObject,
} from './object-store'

const KEY = /^[0-9a-f]{32}$/

/** DATA_DIR/uploads: one file per object, readable by the server's user only. */
export function localStore(dir: string): ObjectStore {
  const pathOf = (key: string) => {
    // Keys are ours (random hex); anything else never reaches the file system.
    if (!KEY.test(key)) throw new ObjectNotFoundError(key)
    return path.join(dir, key)
  }
  const unavailable = (err: unknown): never => {
    throw new StorageUnavailableError(err)
  }
  return {
    kind: 'local',
    async put(key, body) {
      await mkdir(dir, { recursive: true }).catch(unavailable)
      await writeFile(pathOf(key), body, { flag: 'wx', mode: 0o600 }).catch(unavailable)
    },
    async get(key) {
      const file = pathOf(key)
      let size: number
      try {
        size = (await stat(file)).size
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ObjectNotFoundError(key)
        throw new StorageUnavailableError(err)
      }
      return { body: createReadStream(file), size }
    },
    async delete(key) {
      await unlink(pathOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw new StorageUnavailableError(err)
      })
    },
    async *list(): AsyncIterable<StoredObject> {
      let names: string[]
      try {
        names = await readdir(dir)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
        throw new StorageUnavailableError(err)
      }
      for (const key of names.filter((name) => KEY.test(name))) {
        const info = await stat(path.join(dir, key)).catch(() => null)
        if (info) yield { key, lastModified: info.mtime }
      }
    },
  }
}
