import type { AddressInfo } from 'node:net'
import fp from 'fastify-plugin'
import { originOf, type Config } from '../config'
import { handoffKeyring, resolveHandoffKeys } from '../services/handoff-keys'
import { resolveVapid } from '../services/push'
import { resolveJwtSecret } from '../services/tokens'

export const configPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('config', config)
    app.decorate('jwtSecret', resolveJwtSecret(config))
    app.decorate('handoffKeys', handoffKeyring(resolveHandoffKeys(config), app.jwtSecret))
    app.decorate('vapid', resolveVapid(config))
    // The port actually bound, which differs from PORT when PORT=0 lets the system pick one.
    app.decorate('publicOrigin', () => {
      const address = app.server.address() as AddressInfo | string | null
      return originOf(config, address && typeof address === 'object' ? address.port : config.port)
    })
  },
  { name: 'config' },
)
