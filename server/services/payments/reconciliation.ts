import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { ReconciliationReport } from '../../../contract/reconciliation'
import { fromCents } from '../../../contract/money'
import type { Db } from '../../db/client'
import { one } from '../../db/one'
import {
  jobs,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  payments,
  payoutAccounts,
  reconciliations,
  transfers,
} from '../../db/schema'
import { defineJob } from '../../jobs/define-job'
import type { JobQueue } from '../../jobs/queue'
import type { PaymentProvider } from './provider'
import { queuePayout } from './transfers'

// The nightly comparison of Tote's ledger with the provider's books (decision 041): captured
// charges, refunds sent and transfers to deliverers, as totals and transfer by transfer. A
// difference is shown to admins (GET /api/admin/reconciliation); nothing is corrected by itself.

const PAID_STATES = ['succeeded', 'refund_pending', 'refunded']
/** A large random key: one chain of nightly runs, however many processes start. */
const SCHEDULE_LOCK_KEY = 0x7265636e

/** Sum of the ledger entries on accounts of `accountKind`, of transactions of `kinds`, for this provider's payments. */
async function ledgerSum(
  db: Db,
  provider: string,
  accountKind: 'held' | 'sender_card' | 'transfers',
  kinds: ('capture' | 'refund_sent' | 'payout' | 'payout_reversal')[],
): Promise<number> {
  const viaPayment = kinds.includes('capture') || kinds.includes('refund_sent')
  const [row] = await db
    .select({ cents: sql<string | null>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerAccounts.kind, accountKind),
        inArray(ledgerTransactions.kind, kinds),
        viaPayment
          ? sql`${ledgerTransactions.paymentId} in (select ${payments.id} from ${payments} where ${payments.provider} = ${provider})`
          : sql`${ledgerTransactions.requestId} in (select ${transfers.requestId} from ${transfers} where ${transfers.provider} = ${provider})`,
      ),
    )
  return Number(row?.cents ?? 0)
}

/** Compares the ledger with the provider and stores the report. */
export async function reconcile(db: Db, provider: PaymentProvider): Promise<ReconciliationReport> {
  const movements = await provider.balanceMovements()
  const sumOf = (type: string) =>
    movements.filter((m) => m.type === type).reduce((s, m) => s + m.amountCents, 0)

  // Charges: captured in the ledger, plus payments that succeeded and wait for the sender's
  // acceptance (the ledger captures them then, decision 037).
  const captured = await ledgerSum(db, provider.name, 'held', ['capture'])
  const [waiting] = await db
    .select({ cents: sql<string | null>`sum(${payments.amountCents})` })
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider.name),
        inArray(payments.status, PAID_STATES),
        sql`not exists (select 1 from ${ledgerTransactions} where ${ledgerTransactions.paymentId} = ${payments.id} and ${ledgerTransactions.kind} = 'capture')`,
      ),
    )
  const ledgerCharges = captured + Number(waiting?.cents ?? 0)
  const ledgerRefunds = await ledgerSum(db, provider.name, 'sender_card', ['refund_sent'])
  const ledgerTransfers = await ledgerSum(db, provider.name, 'transfers', [
    'payout',
    'payout_reversal',
  ])
  const totals = [
    { category: 'charges' as const, ledger: ledgerCharges, provider: sumOf('charge') },
    { category: 'refunds' as const, ledger: ledgerRefunds, provider: -sumOf('refund') },
    {
      category: 'transfers' as const,
      ledger: ledgerTransfers,
      provider: -(sumOf('transfer') + sumOf('transfer_reversal')),
    },
  ]

  // Transfer by transfer: Tote's rows against the provider's movements of that transfer.
  const ours = await db.select().from(transfers).where(eq(transfers.provider, provider.name))
  const theirs = new Map<string, number>()
  for (const m of movements)
    if ((m.type === 'transfer' || m.type === 'transfer_reversal') && m.source)
      theirs.set(m.source, (theirs.get(m.source) ?? 0) - m.amountCents)
  const differences: ReconciliationReport['transfers'] = []
  for (const t of ours) {
    if (!t.providerTransferId) continue // claimed, not sent yet: the payout job sends it
    const ledger = t.amountCents - t.reversalSentCents
    const at = theirs.get(t.providerTransferId)
    theirs.delete(t.providerTransferId)
    if (at === undefined || at !== ledger)
      differences.push({
        transfer_id: t.providerTransferId,
        item_id: t.itemId,
        ledger: fromCents(ledger),
        provider: fromCents(at ?? 0),
        problem: at === undefined ? 'missing_at_provider' : 'amount_differs',
      })
  }
  for (const [id, cents] of theirs)
    differences.push({
      transfer_id: id,
      item_id: null,
      ledger: 0,
      provider: fromCents(cents),
      problem: 'unknown_to_tote',
    })

  const lines = totals.map((l) => ({
    category: l.category,
    ledger: fromCents(l.ledger),
    provider: fromCents(l.provider),
    difference: fromCents(l.provider - l.ledger),
  }))
  const balanced = totals.every((l) => l.ledger === l.provider) && differences.length === 0
  const stored = one(
    await db
      .insert(reconciliations)
      .values({
        provider: provider.name,
        balanced,
        report: { lines, transfers: differences },
      })
      .returning(),
    'reconciliation',
  )
  return {
    provider: provider.name,
    checked_at: stored.ranAt.toISOString(),
    balanced,
    lines,
    transfers: differences,
  }
}

/** The latest stored report, or null before the first run. */
export async function latestReconciliation(db: Db): Promise<ReconciliationReport | null> {
  const [row] = await db
    .select()
    .from(reconciliations)
    .orderBy(desc(reconciliations.ranAt))
    .limit(1)
  if (!row) return null
  const report = row.report as Pick<ReconciliationReport, 'lines' | 'transfers'>
  return {
    provider: row.provider as ReconciliationReport['provider'],
    checked_at: row.ranAt.toISOString(),
    balanced: row.balanced,
    lines: report.lines,
    transfers: report.transfers,
  }
}

/** The next 03:00 UTC after `now`: the nightly run. */
function nextNightlyRun(now = new Date()): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 3))
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1)
  return next
}

/**
 * Payouts that should be under way and are not (a crash between a release and its payout job, an
 * account.updated never received): queued again, nightly.
 */
async function queueStuckPayouts(db: Db, queue: JobQueue, provider: PaymentProvider) {
  const owed = await db
    .select({ userId: ledgerAccounts.userId })
    .from(ledgerAccounts)
    .innerJoin(payoutAccounts, eq(payoutAccounts.userId, ledgerAccounts.userId))
    .where(
      and(
        eq(ledgerAccounts.kind, 'deliverer'),
        ne(ledgerAccounts.balanceCents, 0),
        eq(payoutAccounts.provider, provider.name),
      ),
    )
  for (const { userId } of owed) if (userId) await queuePayout(queue, userId)
}

export const reconciliationJob = defineJob({
  name: 'payments.reconcile',
  payload: z.object({}),
  maxAttempts: 3,
  async run(_payload, deps: { db: Db; provider: PaymentProvider; jobs: JobQueue }): Promise<void> {
    // The next night is queued first: a run that fails does not end the chain.
    await deps.jobs.enqueue(reconciliationJob, {}, { runAt: nextNightlyRun() })
    await queueStuckPayouts(deps.db, deps.jobs, deps.provider)
    await reconcile(deps.db, deps.provider)
  },
})

/**
 * Makes sure one nightly reconciliation is waiting (at start): several processes starting
 * together take turns on an advisory lock, so there is one chain.
 */
export async function scheduleReconciliation(db: Db, queue: JobQueue): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCHEDULE_LOCK_KEY})`)
    const [waiting] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.name, reconciliationJob.name), isNull(jobs.failedAt)))
      .limit(1)
    if (!waiting)
      await queue.enqueue(
        reconciliationJob,
        {},
        { db: tx as unknown as Db, runAt: nextNightlyRun() },
      )
  })
}
