import fp from 'fastify-plugin'
import type { Config } from '../config'
import { resolveJwtSecret } from '../services/tokens'

export const configPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('config', config)
    app.decorate('jwtSecret', resolveJwtSecret(config))
  },
  { name: 'config' },
)
