import { createHash } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { termBody } from '../../contract/terms'
import type { Db } from '../db/client'
import { one } from '../db/one'
import { terms, termsAcceptances } from '../db/schema'
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

/**
 * The sender terms (role sender, oldest first) and their version: a fingerprint of their ids,
 * titles and texts, so any change an admin makes (a new, changed or deleted term) is a new version
 * to accept, and saving an unchanged text is not. Null while there are none: nothing to accept.
 */
export async function currentSenderTerms(db: Db) {
  const rows = await db
    .select()
    .from(terms)
    .where(eq(terms.role, 'sender'))
    .orderBy(asc(terms.createdAt), asc(terms.id))
  const version = rows.length
    ? createHash('sha256')
        .update(JSON.stringify(rows.map((t) => [t.id, t.title, t.description])))
        .digest('hex')
        .slice(0, 16)
    : null
  return { version, terms: rows.map(termView) }
}

async function acceptedAt(db: Db, userId: string, document: 'site' | 'sender', version: string) {
  const [row] = await db
    .select({ acceptedAt: termsAcceptances.acceptedAt })
    .from(termsAcceptances)
    .where(
      and(
        eq(termsAcceptances.userId, userId),
        eq(termsAcceptances.document, document),
        eq(termsAcceptances.version, version),
      ),
    )
  return row?.acceptedAt ?? null
}

/** GET /api/sender-terms: the current sender terms and when this sender accepted them. */
export async function senderTermsFor(db: Db, senderId: string) {
  const current = await currentSenderTerms(db)
  const at = current.version && (await acceptedAt(db, senderId, 'sender', current.version))
  return { ...current, acceptedAt: at || null }
}

const SENDER_TERMS_CHANGED =
  'The sender terms changed while you were reading them. Please read them again.'
const SENDER_TERMS_NOT_ACCEPTED = 'Please accept the sender terms before paying'

/**
 * POST /api/sender-terms/accept: records the version the sender read, once (accepting it again
 * answers the first time). A version that is no longer the current one is refused.
 */
export async function acceptSenderTerms(db: Db, senderId: string, version: string) {
  const current = await currentSenderTerms(db)
  if (current.version !== version)
    throw new DomainError('SENDER_TERMS_CHANGED', SENDER_TERMS_CHANGED)
  await recordAcceptance(db, senderId, 'sender', version)
  const at = await acceptedAt(db, senderId, 'sender', version)
  if (!at) throw new Error('the acceptance was not stored')
  return { version, acceptedAt: at }
}

/** One acceptance of a document's version by a user; a second one keeps the first time. */
export async function recordAcceptance(
  db: Db,
  userId: string,
  document: 'site' | 'sender',
  version: string,
) {
  await db
    .insert(termsAcceptances)
    .values({ userId, document, version })
    .onConflictDoNothing({
      target: [termsAcceptances.userId, termsAcceptances.document, termsAcceptances.version],
    })
}

/** A payment needs the current sender terms accepted (none published: nothing to accept). */
export async function assertSenderTermsAccepted(db: Db, senderId: string) {
  const { version } = await currentSenderTerms(db)
  if (version && !(await acceptedAt(db, senderId, 'sender', version)))
    throw new DomainError('SENDER_TERMS_NOT_ACCEPTED', SENDER_TERMS_NOT_ACCEPTED)
}
