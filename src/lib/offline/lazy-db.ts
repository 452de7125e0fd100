// Page code reaches Dexie only through these dynamic imports, so the ~25 KB gzip of Dexie and the
// outbox code load after the first paint, never in the first-visit bundle.
export const loadDb = () => import('@/lib/db')
export const loadOutboxStore = () => import('@/lib/outbox/store')
export const loadReplay = () => import('@/lib/outbox/replay')
export const loadWorkerSession = () => import('@/lib/outbox/worker-session')

/** jsdom and some private modes have no IndexedDB: the offline layer then stays out of the way. */
export const hasIndexedDb = () => typeof indexedDB !== 'undefined'
