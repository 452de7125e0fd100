import { buildApp } from './app'

const app = await buildApp().catch((err: unknown) => {
  console.error('Tote could not start:', err instanceof Error ? err.message : err)
  process.exit(1)
})

const { port, host, isProduction, appOrigin } = app.config
if (isProduction && !appOrigin) {
  app.log.warn('APP_ORIGIN is not set: mail links will use the origin each request arrived on')
}

try {
  await app.listen({ port, host })
} catch (err) {
  app.log.error(err)
  process.exit(1)
}

const url = `http://localhost:${port}`
if (app.seededAccounts.length) {
  const lines = app.seededAccounts.map(
    (a) => `  ${a.role.padEnd(9)} ${a.email.padEnd(24)} password: ${a.password}`,
  )
  console.log(`\nDemo accounts created (demo data seeded):\n${lines.join('\n')}\n`)
}
console.log(`Tote is running at ${url} (API docs: ${url}/api/docs)`)
if (app.mailer.mode === 'outbox' && !isProduction)
  console.log(`Dev mail outbox: ${url}/api/dev/outbox`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal} received, shutting down`)
    app
      .close()
      .then(() => process.exit(0))
      .catch(() => process.exit(1))
  })
}
