import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type {
  LedgerAccountKind,
  LedgerEntry,
  LedgerTransactionKind,
} from '../../../contract/ledger'
import { fromCents, releaseSplit } from '../../../contract/money'
import { DomainError, ITEM_NOT_FOUND } from '../../errors'
import type { Db } from '../../db/client'
import { one } from '../../db/one'
import {
  items,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  payments,
  refunds,
} from '../../db/schema'

// The double-entry ledger (docs/decisions/037-ledger.md). Every function takes the caller's
// transaction and plain values: money moves in the same commit as the change it belongs to. The
// database refuses an unbalanced transaction and any edit of an entry; this module keeps the keys
// that make each movement happen once, and locks the accounts it touches in one order (by id), so
// two flows touching the same accounts wait for each other instead of deadlocking.

/** An account: Tote's own by kind, or a sender's card or a deliverer's by user. */
export type AccountRef =
  | { kind: Extract<LedgerAccountKind, 'held' | 'refunds' | 'platform_fees' | 'transfers'> }
  | { kind: Extract<LedgerAccountKind, 'sender_card' | 'deliverer'>; userId: string }

export const HELD: AccountRef = { kind: 'held' }
const REFUNDS: AccountRef = { kind: 'refunds' }
export const PLATFORM_FEES: AccountRef = { kind: 'platform_fees' }
const senderCard = (userId: string): AccountRef => ({ kind: 'sender_card', userId })
export const delivererAccount = (userId: string): AccountRef => ({ kind: 'deliverer', userId })

/** `held`, `sender_card:<user id>`: what ledger_accounts.key holds and the admin's ledger shows. */
export const accountKey = (ref: AccountRef) =>
  'userId' in ref ? `${ref.kind}:${ref.userId}` : ref.kind

interface Posting {
  account: AccountRef
  /** Whole cents, signed: into the account (+) or out of it (-); never 0. */
  cents: number
}

export interface NewLedgerTransaction {
  kind: LedgerTransactionKind
  /** Makes it happen once: a second post with this key changes nothing. */
  key: string
  itemId: string
  requestId?: string | null
  paymentId?: string | null
  refundId?: string | null
  reversesId?: string | null
  memo?: string | null
  entries: Posting[]
}

/**
 * Posts a ledger transaction in `tx`: answers its id, or null when one with this key was posted
 * already (by this call's twin in another process, a retried job…). Refuses, before the database
 * would, entries that are not whole non-zero cents or do not sum to zero.
 */
export async function post(tx: Db, t: NewLedgerTransaction): Promise<string | null> {
  if (t.entries.length < 2) throw new Error(`ledger ${t.key}: a transaction needs two entries`)
  for (const e of t.entries)
    if (!Number.isSafeInteger(e.cents) || e.cents === 0)
      throw new Error(`ledger ${t.key}: ${e.cents} is not a whole, non-zero number of cents`)
  const sum = t.entries.reduce((s, e) => s + e.cents, 0)
  if (sum !== 0) throw new Error(`ledger ${t.key}: the entries sum to ${sum} cents, not 0`)

  const [created] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: t.kind,
      key: t.key,
      itemId: t.itemId,
      requestId: t.requestId ?? null,
      paymentId: t.paymentId ?? null,
      refundId: t.refundId ?? null,
      reversesId: t.reversesId ?? null,
      memo: t.memo ?? null,
    })
    .onConflictDoNothing({ target: ledgerTransactions.key })
    .returning({ id: ledgerTransactions.id })
  if (!created) return null

  const ids = await lockAccounts(
    tx,
    t.entries.map((e) => e.account),
  )
  await tx.insert(ledgerEntries).values(
    t.entries.map((e) => ({
      transactionId: created.id,
      accountId: idOf(ids, e.account),
      amountCents: e.cents,
    })),
  )
  return created.id
}

function idOf(ids: Map<string, string>, ref: AccountRef): string {
  const id = ids.get(accountKey(ref))
  if (!id) throw new Error(`ledger account ${accountKey(ref)} was not created`)
  return id
}

/**
 * The accounts' ids by key, each row locked FOR UPDATE in id order (the one order every flow
 * takes). Accounts seen for the first time are created first, in key order.
 */
async function lockAccounts(tx: Db, refs: AccountRef[]): Promise<Map<string, string>> {
  const byKey = new Map(refs.map((r) => [accountKey(r), r]))
  const keys = [...byKey.keys()].sort()
  const existing = await tx
    .select({ key: ledgerAccounts.key })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.key, keys))
  const known = new Set(existing.map((r) => r.key))
  for (const [key, ref] of [...byKey].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (known.has(key)) continue
    await tx
      .insert(ledgerAccounts)
      .values({ key, kind: ref.kind, userId: 'userId' in ref ? ref.userId : null })
      .onConflictDoNothing({ target: ledgerAccounts.key })
  }
  const locked = await tx
    .select({ id: ledgerAccounts.id, key: ledgerAccounts.key })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.key, keys))
    .orderBy(asc(ledgerAccounts.id))
    .for('update')
  return new Map(locked.map((r) => [r.key, r.id]))
}

/**
 * A correction: a new transaction with the entries of `transactionId` negated (entries are never
 * edited). Answers its id, or null when this reversal (`key`) was posted already.
 */
export async function reverse(
  tx: Db,
  opts: { transactionId: string; key: string; memo: string },
): Promise<string | null> {
  const original = one(
    await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, opts.transactionId)),
    'ledger transaction',
  )
  const lines = await tx
    .select({
      kind: ledgerAccounts.kind,
      userId: ledgerAccounts.userId,
      cents: ledgerEntries.amountCents,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.transactionId, original.id))
  return post(tx, {
    kind: 'reversal',
    key: opts.key,
    itemId: original.itemId,
    requestId: original.requestId,
    paymentId: original.paymentId,
    refundId: original.refundId,
    reversesId: original.id,
    memo: opts.memo,
    entries: lines.map((l) => ({
      account: (l.userId ? { kind: l.kind, userId: l.userId } : { kind: l.kind }) as AccountRef,
      cents: -l.cents,
    })),
  })
}

/** Cents of the item's money held now: captured, less what was refunded or released. */
export async function heldCentsOf(tx: Db, itemId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string | null>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerTransactions.itemId, itemId), eq(ledgerAccounts.kind, 'held')))
  return Number(row?.cents ?? 0)
}

/**
 * Before a refund of `refundCents` of money already released (decision 040): takes back into
 * held what the refund needs, out of the deliverer's account and Tote's fees, so that both end as
 * a release of what the sender finally pays would have left them: the fee `percent` of it, the
 * deliverer the rest. Worked out from what the sender paid before and after the refund, not from
 * the accounts' balances, which payouts move. One `reversal` transaction (of the release, in
 * part), keyed by the refund. The deliverer's account may go below zero when their balance was
 * paid out already: a negative balance, recovered from their next earnings (a payout pays only a
 * positive balance). Answers the cents taken from the deliverer and from the fees.
 */
export async function takeBackReleased(
  tx: Db,
  opts: {
    itemId: string
    requestId: string
    delivererId: string
    refundId: string
    /** What the sender had paid, less earlier refunds: what the release (and earlier take-backs) split. */
    paidBeforeCents: number
    refundCents: number
    percent: number
    releaseTransactionId: string | null
  },
): Promise<{ fromDeliverer: number; fromFees: number }> {
  const before = releaseSplit(opts.paidBeforeCents, opts.percent)
  const after = releaseSplit(opts.paidBeforeCents - opts.refundCents, opts.percent)
  const fromDeliverer = before.net - after.net
  const fromFees = before.fee - after.fee
  const entries: Posting[] = [
    ...(fromDeliverer > 0
      ? [{ account: delivererAccount(opts.delivererId), cents: -fromDeliverer }]
      : []),
    ...(fromFees > 0 ? [{ account: PLATFORM_FEES, cents: -fromFees }] : []),
  ]
  if (entries.length > 0)
    await post(tx, {
      kind: 'reversal',
      key: `take_back:${opts.refundId}`,
      itemId: opts.itemId,
      requestId: opts.requestId,
      refundId: opts.refundId,
      reversesId: opts.releaseTransactionId,
      memo: `refund after release: ${fromDeliverer} cents from the deliverer, ${fromFees} from fees`,
      entries: [...entries, { account: HELD, cents: fromDeliverer + fromFees }],
    })
  return { fromDeliverer, fromFees }
}

/** Deliverers whose ledger balance is below zero (refunds after release), most negative first. */
export async function negativeDelivererBalances(db: Db) {
  return db
    .select({ userId: ledgerAccounts.userId, cents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'deliverer'), sql`${ledgerAccounts.balanceCents} < 0`))
    .orderBy(asc(ledgerAccounts.balanceCents))
}

/**
 * The capture of a payment that succeeded: the sender's card to held. Posted when the sender
 * accepts, or, for a payment refunded before any acceptance, just before its refund (the card was
 * charged all the same). Once per payment (`capture:<payment id>`).
 */
export async function capturePayment(tx: Db, paymentId: string): Promise<string | null> {
  const [row] = await tx
    .select({ payment: payments, senderId: items.senderId })
    .from(payments)
    .innerJoin(items, eq(items.id, payments.itemId))
    .where(eq(payments.id, paymentId))
  if (!row) throw new Error(`payment ${paymentId} not found`)
  const { payment, senderId } = row
  return post(tx, {
    kind: 'capture',
    key: `capture:${payment.id}`,
    itemId: payment.itemId,
    requestId: payment.requestId,
    paymentId: payment.id,
    entries: [
      { account: senderCard(senderId), cents: -payment.amountCents },
      { account: HELD, cents: payment.amountCents },
    ],
  })
}

/**
 * The capture of the request's paid payment, if it was not recorded yet (demo data, a payment of
 * an acceptance older than the ledger). Answers whether the request has a captured payment.
 */
export async function ensureCaptured(tx: Db, requestId: string): Promise<boolean> {
  const [paid] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.requestId, requestId),
        inArray(payments.status, ['succeeded', 'refund_pending', 'refunded']),
      ),
    )
  if (paid) await capturePayment(tx, paid.id)
  return Boolean(paid)
}

/** A refund decided: its amount leaves the held money for the refunds under way. */
export async function recordRefundDecided(tx: Db, refundId: string): Promise<string | null> {
  const { refund, payment } = await refundWithPayment(tx, refundId)
  await capturePayment(tx, payment.id)
  const held = await heldCentsOf(tx, payment.itemId)
  // Money released to the deliverer is not held any more: taking it back is a reversal of the
  // release first (takeBackReleased, decision 040), never a negative held balance.
  if (held < refund.amountCents)
    throw new Error(
      `refund ${refund.id} of ${refund.amountCents} cents is more than the ${held} cents held for item ${payment.itemId}`,
    )
  return post(tx, {
    kind: 'refund',
    key: `refund:${refund.id}`,
    itemId: payment.itemId,
    requestId: payment.requestId,
    paymentId: payment.id,
    refundId: refund.id,
    entries: [
      { account: HELD, cents: -refund.amountCents },
      { account: REFUNDS, cents: refund.amountCents },
    ],
  })
}

/** A refund the provider confirmed: from the refunds under way back to the sender's card. */
export async function recordRefundSent(tx: Db, refundId: string): Promise<string | null> {
  const { refund, payment, senderId } = await refundWithPayment(tx, refundId)
  return post(tx, {
    kind: 'refund_sent',
    key: `refund_sent:${refund.id}`,
    itemId: payment.itemId,
    requestId: payment.requestId,
    paymentId: payment.id,
    refundId: refund.id,
    entries: [
      { account: REFUNDS, cents: -refund.amountCents },
      { account: senderCard(senderId), cents: refund.amountCents },
    ],
  })
}

async function refundWithPayment(tx: Db, refundId: string) {
  return one(
    await tx
      .select({ refund: refunds, payment: payments, senderId: items.senderId })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .innerJoin(items, eq(items.id, payments.itemId))
      .where(eq(refunds.id, refundId)),
    'refund',
  )
}

/**
 * GET /api/admin/ledger: the item's entries, oldest first, amounts signed in dollars; 404 'Item
 * not found' for an unknown item.
 */
export async function itemLedger(db: Db, itemId: string): Promise<LedgerEntry[]> {
  const [item] = await db.select({ id: items.id }).from(items).where(eq(items.id, itemId))
  if (!item) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
  return (await entriesOfItem(db, itemId)).map((e) => ({
    transaction_id: e.transactionId,
    account: e.account,
    amount: fromCents(e.cents),
    kind: e.kind,
    created_at: e.createdAt.toISOString(),
  }))
}

/** The item's entries, oldest first, in cents. */
async function entriesOfItem(tx: Db, itemId: string) {
  return tx
    .select({
      transactionId: ledgerTransactions.id,
      account: ledgerAccounts.key,
      cents: ledgerEntries.amountCents,
      kind: ledgerTransactions.kind,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerTransactions.itemId, itemId))
    .orderBy(asc(ledgerEntries.id))
}
