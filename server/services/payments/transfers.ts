import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client'
import {
  ledgerAccounts,
  ledgerEntries,
  payments,
  payoutAccounts,
  releases,
  transfers,
} from '../../db/schema'
import { defineJob } from '../../jobs/define-job'
import type { JobQueue } from '../../jobs/queue'
import { accountKey, delivererAccount, post, type AccountRef } from './ledger'
import type { PaymentProvider } from './provider'

// Paying deliverers (docs/decisions/041-payouts-and-webhooks.md). A released share sits in the
// deliverer's ledger account (their available money) until they have a payout account able to
// receive transfers; then each release goes out as one transfer, out of the item's charge. Every
// movement is claimed in the database first (a transfers row and its ledger transaction, under the
// deliverer's account lock), then sent to the provider with a key derived from the claim: two
// processes, a retried job or a crash between the two steps send it once.

const TRANSFERS: AccountRef = { kind: 'transfers' }
const PAID_STATES = ['succeeded', 'refund_pending', 'refunded']

/** What settleDeliverer did, and why money still waits (null: nothing waits for an account). */
export interface Settlement {
  paidCents: number
  reversedCents: number
  waiting: 'no_account' | 'cannot_receive' | null
}

/** The deliverer's ledger balance, locked until `tx` ends (0 and unlocked when no account yet). */
async function lockedBalance(tx: Db, delivererId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, accountKey(delivererAccount(delivererId))))
    .for('update')
  return row?.cents ?? 0
}

/** Re-reads the payout account from the provider (the transfers capability) and stores it. */
export async function refreshPayoutAccount(
  db: Db,
  provider: PaymentProvider,
  delivererId: string,
): Promise<{ accountId: string; canReceive: boolean } | null> {
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.userId, delivererId), eq(payoutAccounts.provider, provider.name)))
  if (!row) return null
  const account = await provider.retrievePayoutAccount(row.accountId)
  if (account.canReceive !== row.canReceive)
    await db
      .update(payoutAccounts)
      .set({ canReceive: account.canReceive, updatedAt: new Date() })
      .where(eq(payoutAccounts.userId, delivererId))
  return { accountId: row.accountId, canReceive: account.canReceive }
}

/**
 * Brings the deliverer's money where it belongs; safe to call any time, from any process, again
 * and again (the payout job does; the coordinator calls it after a refund after release):
 * - a negative balance (a refund after the release took more than was left) is recovered by
 *   reversing their latest transfers, newest first, until it is zero or nothing is left to take;
 * - a positive balance goes out, one transfer per release not yet paid (the last one capped at
 *   what the balance allows), once the payout account can receive (`transfers` capability active,
 *   checked with the provider first); until then it waits as available;
 * - claims that were not yet sent (a crash, a provider outage) are sent again with the same keys.
 */
export async function settleDeliverer(
  db: Db,
  provider: PaymentProvider,
  delivererId: string,
): Promise<Settlement> {
  const reversedCents = await claimReversals(db, provider, delivererId)
  await sendClaimed(db, provider, delivererId)
  const account = await refreshPayoutAccount(db, provider, delivererId)
  const waiting = !account ? 'no_account' : account.canReceive ? null : 'cannot_receive'
  let paidCents = 0
  if (account?.canReceive) {
    paidCents = await claimTransfers(db, provider, delivererId, account.accountId)
    await sendClaimed(db, provider, delivererId)
  }
  return { paidCents, reversedCents, waiting }
}

/** Claims a transfer of each release not yet paid, while the balance allows. Answers the cents. */
async function claimTransfers(
  db: Db,
  provider: PaymentProvider,
  delivererId: string,
  destination: string,
): Promise<number> {
  const unpaid = await db
    .select({
      requestId: releases.requestId,
      itemId: releases.itemId,
      transactionId: releases.transactionId,
    })
    .from(releases)
    .leftJoin(transfers, eq(transfers.requestId, releases.requestId))
    .where(
      and(
        eq(releases.delivererId, delivererId),
        isNotNull(releases.transactionId),
        isNull(transfers.id),
      ),
    )
    .orderBy(asc(releases.releasedAt), asc(releases.requestId))
  let total = 0
  for (const release of unpaid) {
    const transactionId = release.transactionId
    if (!transactionId) continue
    const claimed = await db.transaction(async (tx) => {
      const balance = await lockedBalance(tx, delivererId)
      const net = await delivererCentsOf(tx, transactionId)
      const amount = Math.min(net, balance)
      if (amount <= 0) return -1
      const [row] = await tx
        .insert(transfers)
        .values({
          requestId: release.requestId,
          itemId: release.itemId,
          delivererId,
          provider: provider.name,
          destination,
          amountCents: amount,
        })
        .onConflictDoNothing({ target: transfers.requestId })
        .returning({ id: transfers.id })
      if (!row) return 0
      await post(tx, {
        kind: 'payout',
        key: `payout:${release.requestId}`,
        itemId: release.itemId,
        requestId: release.requestId,
        memo: `transfer ${row.id} to ${destination}`,
        entries: [
          { account: delivererAccount(delivererId), cents: -amount },
          { account: TRANSFERS, cents: amount },
        ],
      })
      return amount
    })
    // The balance is spent (or negative): later releases wait for more money.
    if (claimed < 0) break
    total += claimed
  }
  return total
}

/** What a release put into the deliverer's account, in cents. */
async function delivererCentsOf(tx: Db, transactionId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<string | null>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(eq(ledgerEntries.transactionId, transactionId), eq(ledgerAccounts.kind, 'deliverer')),
    )
  return Number(row?.cents ?? 0)
}

/** Sends the claimed transfers and reversals the provider has not confirmed yet. */
async function sendClaimed(db: Db, provider: PaymentProvider, delivererId: string) {
  const pending = await db
    .select({ transfer: transfers, intentId: payments.providerIntentId })
    .from(transfers)
    .innerJoin(
      payments,
      and(eq(payments.requestId, transfers.requestId), inArray(payments.status, PAID_STATES)),
    )
    .where(
      and(
        eq(transfers.delivererId, delivererId),
        eq(transfers.provider, provider.name),
        sql`(${transfers.providerTransferId} is null or ${transfers.reversedCents} > ${transfers.reversalSentCents})`,
      ),
    )
  for (const { transfer, intentId } of pending) {
    let providerId = transfer.providerTransferId
    if (!providerId) {
      const sent = await provider.createTransfer({
        amountCents: transfer.amountCents,
        destination: transfer.destination,
        sourceIntentId: intentId,
        transferGroup: transfer.itemId,
        idempotencyKey: `tote-transfer-${transfer.requestId}`,
        metadata: { item_id: transfer.itemId, request_id: transfer.requestId },
      })
      providerId = sent.id
      await db
        .update(transfers)
        .set({ providerTransferId: sent.id, sentAt: new Date() })
        .where(eq(transfers.id, transfer.id))
    }
    if (transfer.reversedCents > transfer.reversalSentCents) {
      await provider.reverseTransfer({
        transferId: providerId,
        amountCents: transfer.reversedCents - transfer.reversalSentCents,
        idempotencyKey: `tote-reversal-${transfer.id}-${transfer.reversedCents}`,
      })
      await db
        .update(transfers)
        .set({ reversalSentCents: transfer.reversedCents })
        .where(
          and(
            eq(transfers.id, transfer.id),
            eq(transfers.reversalSentCents, transfer.reversalSentCents),
          ),
        )
    }
  }
}

/**
 * Claims reversals of the deliverer's latest transfers, newest first, while their balance is
 * negative. Answers the cents claimed.
 */
async function claimReversals(
  db: Db,
  provider: PaymentProvider,
  delivererId: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    let balance = await lockedBalance(tx, delivererId)
    if (balance >= 0) return 0
    const latest = await tx
      .select()
      .from(transfers)
      .where(
        and(
          eq(transfers.delivererId, delivererId),
          eq(transfers.provider, provider.name),
          gt(transfers.amountCents, transfers.reversedCents),
        ),
      )
      .orderBy(desc(transfers.createdAt), desc(transfers.id))
    let total = 0
    for (const t of latest) {
      if (balance >= 0) break
      const take = Math.min(t.amountCents - t.reversedCents, -balance)
      const reversed = t.reversedCents + take
      await tx.update(transfers).set({ reversedCents: reversed }).where(eq(transfers.id, t.id))
      await post(tx, {
        kind: 'payout_reversal',
        key: `payout_reversal:${t.id}:${reversed}`,
        itemId: t.itemId,
        requestId: t.requestId,
        memo: `reversal of ${take} cents of transfer ${t.id}`,
        entries: [
          { account: TRANSFERS, cents: -take },
          { account: delivererAccount(delivererId), cents: take },
        ],
      })
      balance += take
      total += take
    }
    return total
  })
}

/** Queues the payout job of the deliverer (in `tx` when given: it exists only if `tx` commits). */
export async function queuePayout(jobs: JobQueue, delivererId: string, tx?: Db) {
  await jobs.enqueue(payoutJob, { delivererId }, tx ? { db: tx } : {})
}

/**
 * The payout as a job: queued after each release, on a visit that finds the payout account ready,
 * and on account.updated. Runs once across processes (the queue's lease); two runs that meet
 * claim each movement once (settleDeliverer).
 */
export const payoutJob = defineJob({
  name: 'payments.payout',
  payload: z.object({ delivererId: z.string() }),
  maxAttempts: 20,
  run: async ({ delivererId }, deps: { db: Db; provider: PaymentProvider }) => {
    await settleDeliverer(deps.db, deps.provider, delivererId)
  },
})

/** The deliverer's paid-out cents: transfers less their reversals. */
export async function paidCentsOf(db: Db, delivererId: string): Promise<number> {
  const [row] = await db
    .select({
      cents: sql<string | null>`sum(${transfers.amountCents} - ${transfers.reversedCents})`,
    })
    .from(transfers)
    .where(eq(transfers.delivererId, delivererId))
  return Number(row?.cents ?? 0)
}

/** Transfers of these items' releases, by item: how much went out and how much came back. */
export async function transfersByItem(db: Db, itemIds: string[]) {
  if (itemIds.length === 0) return new Map<string, { amount: number; reversed: number }>()
  const rows = await db
    .select({
      itemId: transfers.itemId,
      amount: transfers.amountCents,
      reversed: transfers.reversedCents,
    })
    .from(transfers)
    .where(inArray(transfers.itemId, itemIds))
  return new Map(rows.map((r) => [r.itemId, { amount: r.amount, reversed: r.reversed }]))
}
