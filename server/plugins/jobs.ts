import fp from 'fastify-plugin'
import { JobQueue } from '../jobs/queue'
import { registerHousekeeping, scheduleHousekeeping } from '../services/housekeeping'
import { registerMailJobs } from '../services/mail-jobs'
import { registerTripJobs } from '../services/trip-alerts'

/** `app.jobs`: the durable queue; its worker runs once the app is ready and stops with it. */
export const jobsPlugin = fp<{ startWorker?: boolean }>(
  async (app, opts) => {
    app.decorate('jobs', new JobQueue(app.db, { log: app.log }))
    registerMailJobs(app)
    registerHousekeeping(app)
    registerTripJobs(app)
    if (opts.startWorker !== false) {
      app.addHook('onReady', async () => {
        await scheduleHousekeeping(app.db, app.jobs)
        app.jobs.start()
      })
      app.addHook('preClose', async () => app.jobs.stop())
    }
  },
  { name: 'jobs', dependencies: ['config', 'db', 'mail'] },
)
