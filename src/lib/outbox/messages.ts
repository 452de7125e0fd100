/** Told to the user when a write was kept on the device to be sent later (DESIGN.md Offline). */
export const QUEUED_MESSAGE =
  'You are offline. Saved on this device as Queued; it will be sent when you are back online.'
