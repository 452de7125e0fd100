import postgres from 'postgres'

/** The PostgreSQL the server tests use when it answers (TEST_DATABASE_URL overrides it). */
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'

/** Answers whether PostgreSQL answers at PG_URL within a short timeout. */
export async function postgresAnswers(): Promise<boolean> {
  const sql = postgres(PG_URL, { max: 1, connect_timeout: 2, idle_timeout: 1, onnotice: () => {} })
  try {
    await Promise.race([
      sql`select 1`,
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000)),
    ])
    return true
  } catch {
    return false
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {})
  }
}

/** A connection for creating and dropping databases. */
export const adminConnection = () => postgres(PG_URL, { max: 1, onnotice: () => {} })

/** PG_URL with another database name. */
export function databaseUrl(name: string): string {
  const url = new URL(PG_URL)
  url.pathname = `/${name}`
  return url.toString()
}
