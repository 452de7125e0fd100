import type { Role } from '../contract/user'

/**
 * The chunks only one role runs (its pages: the chunk groups of vite.config.ts; and the QR reader
 * only a deliverer's handoff opens): the worker's install leaves them out and caches a role's once
 * someone signs in as it (role-code.ts). A role's first chunk is named after it. What every
 * signed-in page runs ('account': the bell, messages, profile) comes with every app start, so it
 * stays in the install.
 * No imports but types: `npm run size` reads this file too.
 */
export const ROLE_CHUNKS: Record<Role, readonly string[]> = {
  sender: ['sender'],
  deliverer: ['deliverer', 'qr-reader'],
  admin: ['admin'],
}

/** A built script's chunk name: `assets/deliverer-CVt2Nbx5.js` -> `deliverer`. */
export const chunkName = (url: string) => /(?:^|\/)assets\/([a-z-]+)-[\w-]{8}\.js$/.exec(url)?.[1]

const ALL = new Set(Object.values(ROLE_CHUNKS).flat())

/** Whether a built file is a role's code (not part of the install). */
export const isRoleCode = (url: string) => ALL.has(chunkName(url) ?? '')
