// Messages between the page and the service worker (no imports: the worker bundles this file).

/** Page -> worker at logout: delete runtime caches that could hold user data. */
export const CLEAR_USER_CACHES = 'CLEAR_USER_CACHES'
/** Worker -> pages after a Background Sync replay changed something: refresh what they show. */
export const OUTBOX_REPLAYED = 'OUTBOX_REPLAYED'
/**
 * Page -> worker once the first signed-in page has rendered and the browser is idle: cache the
 * map code and the offline base map now (the first visit's install leaves them out).
 */
export const WARM_MAP = 'WARM_MAP'
/**
 * Page -> worker once a signed-in page has rendered and the browser is idle, with the user's
 * `role`: cache that role's pages now (the first visit's install leaves every role's out).
 */
export const WARM_ROLE = 'WARM_ROLE'
