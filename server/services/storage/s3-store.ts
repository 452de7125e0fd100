import type { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import {
  ObjectNotFoundError,
  StorageUnavailableError,
  type ObjectStore,
  type StoredObject,
} from './object-store'

export interface S3Options {
  bucket: string
  region: string
  endpoint?: string
  accessKeyId?: string
  secretAccessKey?: string
  forcePathStyle: boolean
}

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)

/**
 * Any S3-compatible store (AWS, MinIO, R2, s3rver in the tests). Without keys the SDK's own chain
 * (environment, instance role) applies. A store that cannot be reached fails fast (a few seconds
 * and one retry), so an upload answers 503 rather than hanging.
 */
export function s3Store(options: S3Options): ObjectStore {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? {
          credentials: {
            accessKeyId: options.accessKeyId,
            secretAccessKey: options.secretAccessKey,
          },
        }
      : {}),
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
  })
  const Bucket = options.bucket
  return {
    kind: 's3',
    async put(key, body, contentType) {
      try {
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
        )
      } catch (err) {
        throw new StorageUnavailableError(err)
      }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        return { body: answer.Body as Readable, size: Number(answer.ContentLength ?? 0) }
      } catch (err) {
        if (notFound(err)) throw new ObjectNotFoundError(key)
        throw new StorageUnavailableError(err)
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
      } catch (err) {
        if (!notFound(err)) throw new StorageUnavailableError(err)
      }
    },
    async *list(): AsyncIterable<StoredObject> {
      let ContinuationToken: string | undefined
      do {
        let page
        try {
          page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }))
        } catch (err) {
          throw new StorageUnavailableError(err)
        }
        for (const object of page.Contents ?? [])
          if (object.Key) yield { key: object.Key, lastModified: object.LastModified ?? new Date() }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
    },
  }
}
