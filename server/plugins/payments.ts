import fp from 'fastify-plugin'
import { createPaymentProvider } from '../services/payments/provider'
import { refundJob } from '../services/payments/refunds'

/** `app.payments`: the one payment provider of this server (Stripe or the test provider), and its refund job. */
export const paymentsPlugin = fp(
  async (app) => {
    const provider = createPaymentProvider(app.config, app.db)
    app.decorate('payments', provider)
    app.jobs.register(refundJob, { db: app.db, provider })
  },
  { name: 'payments', dependencies: ['config', 'db', 'jobs'] },
)
