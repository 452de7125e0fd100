/** Told to the user when a write was kept on the device to be sent later (docs/design.md Offline). */
export const QUEUED_MESSAGE =
  'You are offline. Saved on this device as Queued; it will be sent when you are back online.'

/**
 * Kept on an entry the server answered 401 (expired or revoked session): it stays queued and goes
 * once its user signs in again; the shell and the login page say so (decision 013).
 */
export const SIGN_IN_AGAIN_ERROR = 'Sign in again to send this change.'

export const signInAgainMessage = (count: number) =>
  `Sign in again to send ${count} queued change${count === 1 ? '' : 's'}`
