import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import type { S3Options } from '../services/storage/s3-store'

const TEST_BUCKET = 'tote-test'

/**
 * A real S3-compatible server (s3rver) on a free loopback port, with one empty bucket, in its own
 * folder; `env` is what Tote needs to use it.
 */
export async function startS3(): Promise<{
  options: S3Options
  env: Record<string, string>
  stop(): Promise<void>
}> {
  const directory = mkdtempSync(path.join(tmpdir(), 'tote-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  })
  const { port } = (await server.run()) as { port: number }
  const endpoint = `http://127.0.0.1:${port}`
  return {
    options: {
      bucket: TEST_BUCKET,
      region: 'us-east-1',
      endpoint,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    env: {
      S3_BUCKET: TEST_BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
