import fp from 'fastify-plugin'
import { localStore } from '../services/storage/local-store'
import type { ObjectStore } from '../services/storage/object-store'
import { s3Store } from '../services/storage/s3-store'
import { uploadsDir } from '../services/files'

/** `app.storage`: an S3-compatible bucket when S3_BUCKET is set, DATA_DIR/uploads otherwise. */
export const storagePlugin = fp<{ store?: ObjectStore }>(
  async (app, opts) => {
    const { s3, dataDir } = app.config
    app.decorate('storage', opts.store ?? (s3 ? s3Store(s3) : localStore(uploadsDir(dataDir))))
  },
  { name: 'storage', dependencies: ['config'] },
)
