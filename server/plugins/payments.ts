import fp from 'fastify-plugin'
import { createPaymentProvider } from '../services/payments/provider'
import { autoRefundJob } from '../services/payments/auto-refund'
import { refundJob } from '../services/payments/refunds'
import { releaseJob } from '../services/payments/releases'
import { payoutJob, queuePayout } from '../services/payments/transfers'
import { reconciliationJob } from '../services/payments/reconciliation'

/**
 * `app.payments`: the one payment provider of this server (Stripe or the test provider), and the
 * jobs that move money: refunds, releases after the hold, auto-refunds (decision 038), payouts to
 * deliverers and the nightly reconciliation with the provider (decision 041).
 */
export const paymentsPlugin = fp(
  async (app) => {
    const provider = createPaymentProvider(app.config, app.db)
    app.decorate('payments', provider)
    app.jobs.register(refundJob, { db: app.db, provider })
    const money = app.config.money
    app.jobs.register(releaseJob, {
      db: app.db,
      notifier: app.notifier,
      money,
      payOut: (delivererId) => queuePayout(app.jobs, delivererId),
    })
    app.jobs.register(payoutJob, { db: app.db, provider })
    app.jobs.register(reconciliationJob, { db: app.db, provider, jobs: app.jobs })
    app.jobs.register(autoRefundJob, { db: app.db, notifier: app.notifier, money })
  },
  { name: 'payments', dependencies: ['config', 'db', 'jobs'] },
)
