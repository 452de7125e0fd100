import type { AddressInfo } from 'node:net'
import fp from 'fastify-plugin'
import type { Config } from '../config'
import { resolveVapid } from '../services/push'
import { resolveJwtSecret } from '../services/tokens'

export const configPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('config', config)
    app.decorate('jwtSecret', resolveJwtSecret(config))
    app.decorate('vapid', resolveVapid(config))
    // Links in mails and Stripe return URLs: APP_ORIGIN, else this machine. Never the request's
    // Host or X-Forwarded-Host, which whoever sends the request chooses.
    app.decorate('publicOrigin', () => {
      if (config.appOrigin) return config.appOrigin
      const address = app.server.address() as AddressInfo | string | null
      const port = address && typeof address === 'object' ? address.port : config.port
      return `http://localhost:${port}`
    })
  },
  { name: 'config' },
)
