import type { Readable } from 'node:stream'

/** SPEC-less but user-facing: what an upload or a download answers when the store is away. */
export const STORAGE_UNAVAILABLE = 'Storage is unavailable, try again'

/** The store could not be reached or failed (the caller answers 503, never 500). */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(STORAGE_UNAVAILABLE, { cause })
    this.name = 'StorageUnavailableError'
  }
}

/** No object under this key (the caller answers 404). */
export class ObjectNotFoundError extends Error {
  constructor(key: string) {
    super(`No object ${key}`)
    this.name = 'ObjectNotFoundError'
  }
}

export interface StoredObject {
  key: string
  lastModified: Date
}

/**
 * Where uploaded files live: the local folder (DATA_DIR/uploads, the default) or an S3-compatible
 * bucket (S3_BUCKET). Objects are private: the server streams them to whoever may read them.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3'
  /** Writes a new object; never overwrites (keys are random). */
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The object's bytes as a stream, and its length. */
  get(key: string): Promise<{ body: Readable; size: number }>
  /** Removes an object; a missing one is not an error. */
  delete(key: string): Promise<void>
  /** Every object, for the orphan purge. */
  list(): AsyncIterable<StoredObject>
}
