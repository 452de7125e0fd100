import fp from 'fastify-plugin'
import { createMailer } from '../services/mail'

export const mailPlugin = fp(
  async (app) => {
    app.decorate(
      'mailer',
      createMailer({
        smtpUrl: app.config.smtpUrl,
        from: app.config.mailFrom,
        db: app.db,
        log: app.log,
      }),
    )
  },
  { name: 'mail', dependencies: ['config', 'db'] },
)
