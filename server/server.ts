import { buildApp } from './app'
import { isLoopbackHost } from './config'

const app = await buildApp().catch((err: unknown) => {
  console.error(`Tote could not start: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
})

const { port, host, seedRefused } = app.config
if (seedRefused) app.log.warn('SEED=true is ignored in production: demo data is never seeded there')

try {
  await app.listen({ port, host })
} catch (err) {
  app.log.error(err)
  console.error(
    `Tote could not listen on ${host}:${port}: ${err instanceof Error ? err.message : String(err)}`,
  )
  await app.close().catch(() => {})
  process.exit(1)
}

const url = app.publicOrigin()
const outbox = app.mailer.mode === 'outbox' && !app.config.isProduction
if (app.seededAccounts.length) {
  const lines = app.seededAccounts.map(
    (a) => `  ${a.role.padEnd(9)} ${a.email.padEnd(24)} password: ${a.password}`,
  )
  console.log(`\nDemo accounts created (demo data seeded):\n${lines.join('\n')}\n`)
}
console.log(
  app.config.apiDocs
    ? `Tote is running at ${url} (API docs: ${url}/api/docs)`
    : `Tote is running at ${url}`,
)
if (outbox) console.log(`Dev mail outbox: ${url}/api/dev/outbox`)
if (!isLoopbackHost(host)) {
  console.log(`Listening on ${host}: reachable from other machines on the network.`)
  if (outbox || app.seedsDemoData)
    console.warn(
      'Warning: the dev mail outbox and any demo accounts (password printed above) are reachable ' +
        'from the network too. Use HOST=127.0.0.1 unless that is what you want.',
    )
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, shutting down`)
    app
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1))
  })
}
