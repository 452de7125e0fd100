/**
 * npm run create-admin [-- --email admin@example.org --name "Ada Admin"]
 * Creates an admin account without a password and sends (SMTP) or prints (dev outbox) a
 * set-password link, valid 7 days. Run again for an existing admin to get a fresh link.
 */
import path from 'node:path'
import { stdin, stdout } from 'node:process'
import { createInterface } from 'node:readline/promises'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { email as emailSchema, personName } from '../../contract/user'
import { loadConfig, originOf } from '../config'
import { openDatabase } from '../db/client'
import { one } from '../db/one'
import { users } from '../db/schema'
import { createMailer, mails } from '../services/mail'
import { issueLink } from '../services/one-time-links'

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } })

let rl: ReturnType<typeof createInterface> | undefined
let piped: string[] | undefined
async function ask(question: string, given: string | undefined): Promise<string> {
  if (given) return given
  if (!stdin.isTTY) {
    // Piped answers: read them all at once (readline would drop lines that arrive early).
    if (!piped) {
      const chunks: Buffer[] = []
      for await (const chunk of stdin) chunks.push(chunk as Buffer)
      piped = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)
    }
    return piped.shift() ?? ''
  }
  rl ??= createInterface({ input: stdin, output: stdout })
  return rl.question(question)
}

const config = loadConfig()
const email = emailSchema.safeParse(await ask('Admin email: ', values.email))
if (!email.success) {
  console.error(email.error.issues[0]?.message ?? 'Invalid email')
  process.exit(1)
}
const name = personName.safeParse(await ask('Admin name: ', values.name))
rl?.close()
if (!name.success) {
  console.error(name.error.issues[0]?.message ?? 'Invalid name')
  process.exit(1)
}

const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pglite'),
})
try {
  await database.migrate()
  const { db } = database
  const [existing] = await db.select().from(users).where(eq(users.email, email.data))
  if (existing && existing.role !== 'admin') {
    console.error(
      `${email.data} already has a ${existing.role} account; refusing to turn it into an admin.`,
    )
    process.exitCode = 1
  } else {
    let user = existing
    if (!user) {
      user = one(
        await db
          .insert(users)
          .values({ email: email.data, name: name.data, role: 'admin' })
          .returning(),
        'admin',
      )
      console.log(`Created admin ${email.data}.`)
    } else {
      console.log(`${email.data} is already an admin; issuing a new set-password link.`)
    }
    const link = await issueLink(db, originOf(config), user.id, 'set_password')
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      db,
      log: { info: () => {} },
    })
    await mailer.send({ to: email.data, ...mails.setPassword(user.name, link) })
    console.log(
      mailer.mode === 'smtp'
        ? `A set-password link was mailed to ${email.data}.`
        : 'Mail kept in the dev outbox.',
    )
    console.log(`Set-password link (valid 7 days, single use):\n${link}`)
  }
} finally {
  await database.close()
}
