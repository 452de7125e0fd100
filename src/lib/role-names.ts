import type { Role } from '@contract/user'

/** How each role is named in a sentence ("This page is for deliverers"). */
export const rolePlural: Record<Role, string> = {
  sender: 'senders',
  deliverer: 'deliverers',
  admin: 'admins',
}

export const roleSingular: Record<Role, string> = {
  sender: 'a sender',
  deliverer: 'a deliverer',
  admin: 'an admin',
}
