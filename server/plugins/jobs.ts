import fp from 'fastify-plugin'
import { JobQueue } from '../jobs/queue'
import { recipientCodeMailJob } from '../services/handoffs'
import { housekeepingJob, scheduleHousekeeping } from '../services/housekeeping'
import { scheduleReconciliation } from '../services/payments/reconciliation'
import { accountMailJob, mailJob } from '../services/mail-jobs'
import { unreadMessageMailJob } from '../services/message-mail-job'
import { pushJob } from '../services/push-job'
import { tripMatchJob } from '../services/trip-alerts'

/**
 * `app.jobs`: the durable queue, and `app.notifier`, what notify() queues with; its worker runs once the app is ready and stops with it. Each job
 * gets what it needs as a plain object here, the one place that reads them off the app (the refund
 * job is registered by the payments plugin, which owns the provider).
 */
export const jobsPlugin = fp<{ startWorker?: boolean }>(
  async (app, opts) => {
    const jobs = new JobQueue(app.db, { log: app.log })
    app.decorate('jobs', jobs)
    const { db, mailer, storage, log, publicOrigin, vapid } = app
    const notifier = { jobs, publicOrigin, pushEnabled: vapid !== null }
    app.decorate('notifier', notifier)
    jobs.register(mailJob, { mailer })
    jobs.register(unreadMessageMailJob, { db, mailer })
    jobs.register(accountMailJob, { db, mailer, publicOrigin })
    jobs.register(recipientCodeMailJob, { db, mailer, publicOrigin })
    jobs.register(housekeepingJob, { db, storage, log, jobs })
    jobs.register(tripMatchJob, { db, ...notifier })
    jobs.register(pushJob, {
      db,
      sender: vapid && {
        db,
        vapid,
        network: app.outboundNetwork,
        pushServiceHosts: app.config.pushServiceHosts,
        log,
      },
    })
    if (opts.startWorker !== false) {
      app.addHook('onReady', async () => {
        await scheduleHousekeeping(app.db, app.jobs)
        // Registered by the payments plugin; queued here, where the worker starts.
        await scheduleReconciliation(app.db, app.jobs)
        app.jobs.start()
      })
      app.addHook('preClose', async () => app.jobs.stop())
    }
  },
  { name: 'jobs', dependencies: ['config', 'db', 'mail', 'storage'] },
)
