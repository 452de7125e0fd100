import { asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { termBody } from '../../contract/terms'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { terms } from '../db/schema'
import { DomainError } from '../errors'
import { audit } from './audit'

export const TERM_NOT_FOUND = 'Agreement not found'

type TermInput = z.output<typeof termBody>

const termView = (t: typeof terms.$inferSelect) => ({
  id: t.id,
  title: t.title,
  description: t.description,
  role: t.role,
})

/** Every agreement, oldest first: the order both the consent screen and the admin list show. */
export async function listTerms(db: Db) {
  const rows = await db.select().from(terms).orderBy(asc(terms.createdAt), asc(terms.id))
  return rows.map(termView)
}

export async function createTerm(db: Db, actorId: string, input: TermInput) {
  const created = await db.transaction(async (tx) => {
    const row = one(await tx.insert(terms).values(input).returning(), 'agreement')
    await audit(tx, { actorId, action: 'term.created', targetType: 'term', targetId: row.id })
    return row
  })
  return termView(created)
}

export async function updateTerm(db: Db, actorId: string, id: string, input: TermInput) {
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.update(terms).set(input).where(eq(terms.id, id)).returning()
    if (!row) throw new DomainError('TERM_NOT_FOUND', TERM_NOT_FOUND)
    await audit(tx, { actorId, action: 'term.updated', targetType: 'term', targetId: id })
    return row
  })
  return termView(updated)
}

export async function deleteTerm(db: Db, actorId: string, id: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(terms).where(eq(terms.id, id)).returning({ id: terms.id })
    if (!row) throw new DomainError('TERM_NOT_FOUND', TERM_NOT_FOUND)
    await audit(tx, { actorId, action: 'term.deleted', targetType: 'term', targetId: id })
  })
}
