/** The Background Sync tag the page registers and the worker (sw/outbox-sync.ts) answers. */
export const OUTBOX_SYNC_TAG = 'tote-outbox'
