import type { SetupServerApi } from 'msw/node'

/** The msw server tests/setup/web.ts starts for every web test; add answers with server.use(). */
export const server = (globalThis as { __toteMswServer?: SetupServerApi }).__toteMswServer!
