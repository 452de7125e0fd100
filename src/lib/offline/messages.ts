// Messages between the page and the service worker (no imports: the worker bundles this file).

/** Page -> worker at logout: delete runtime caches that could hold user data. */
export const CLEAR_USER_CACHES = 'CLEAR_USER_CACHES'
/** Worker -> pages after a Background Sync replay changed something: refresh what they show. */
export const OUTBOX_REPLAYED = 'OUTBOX_REPLAYED'
