// The limits and words the PWA shows without building the calls' zod schemas (a module's
// schemas are all built when it is first imported: decision 054). Messages.

/**
 * The conversation of a delivery (issue 28, decision 039): the item's sender and its accepted
 * deliverer write to each other from the acceptance until THREAD_DAYS after the delivery; admins
 * read every thread and write in none.
 */
export const THREAD_DAYS = 14
export const MESSAGE_MAX = 4000

export const messageMessages = {
  empty: 'Please write a message',
  tooLong: `A message must be at most ${MESSAGE_MAX} characters`,
  notStarted: 'The conversation opens once the sender accepts a deliverer',
  closed: `The conversation closed ${THREAD_DAYS} days after the delivery`,
  adminsRead: 'Admins read conversations but do not write in them',
  sent: 'Message sent',
} as const
