import fp from 'fastify-plugin'
import { z } from 'zod'
import { createPaymentProvider } from '../services/payments/provider'
import { REFUND_JOB, runRefund } from '../services/payments/refunds'

/** `app.payments`: the one payment provider of this server (Stripe or the test provider), and its refund job. */
export const paymentsPlugin = fp(
  async (app) => {
    const provider = createPaymentProvider(app.config, app.db)
    app.decorate('payments', provider)
    const data = z.object({ refundId: z.string() })
    app.jobs.register(REFUND_JOB, (job) => runRefund(app.db, provider, data.parse(job).refundId))
  },
  { name: 'payments', dependencies: ['config', 'db', 'jobs'] },
)
