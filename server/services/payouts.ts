import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  earning,
  payoutAccountView,
  payoutDetails as payoutDetailsShape,
} from '../../contract/deliveries'
import type { Db } from '../db/client'
import {
  deliveryRequests,
  items,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  payoutAccounts,
  payoutDetails,
  disputes,
  releaseFreezes,
  releases,
} from '../db/schema'
import type { MoneyRules } from '../config'
import { accountKey, delivererAccount } from './payments/ledger'
import { audit } from './audit'
import type { PaymentProvider } from './payments/provider'
import {
  paidCentsOf,
  queuePayout,
  refreshPayoutAccount,
  transfersByItem,
} from './payments/transfers'
import type { JobQueue } from '../jobs/queue'
import { fromCents, releaseSplit } from '../../contract/money'

type Payout = z.infer<typeof payoutDetailsShape>
type Earning = z.infer<typeof earning>
type PayoutAccountView = z.infer<typeof payoutAccountView>

/** 'DE89 3704 0044 0532 0130 00' -> '•••• 3000': only the last four characters survive. */
function maskAccount(account: string): { masked: string; last4: string } {
  const compact = account.replace(/\s+/g, '').toUpperCase()
  const last4 = compact.slice(-4)
  return { masked: `•••• ${last4}`, last4 }
}

export type PayoutRow = typeof payoutDetails.$inferSelect

async function payoutRow(db: Db, userId: string): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payoutDetails).where(eq(payoutDetails.userId, userId))
  return row
}

/** The answer's payout block; a row that only holds a Stripe account id has no manual details. */
function payoutView(row: PayoutRow | undefined): Payout | null {
  if (!row || !row.accountMasked) return null
  return {
    account_holder: row.accountHolder,
    account_masked: row.accountMasked,
    routing_or_bic: row.routingOrBic,
    updated_at: row.updatedAt.toISOString(),
  }
}

/** Stores the details masked (the full number is never written anywhere). */
export async function savePayout(
  db: Db,
  userId: string,
  body: { account_holder: string; iban_or_account: string; routing_or_bic: string },
) {
  const { masked, last4 } = maskAccount(body.iban_or_account)
  const values = {
    accountHolder: body.account_holder,
    accountMasked: masked,
    accountLast4: last4,
    routingOrBic: body.routing_or_bic,
  }
  await db.transaction(async (tx) => {
    await tx
      .insert(payoutDetails)
      .values({ userId, ...values })
      .onConflictDoUpdate({
        target: payoutDetails.userId,
        set: { ...values, updatedAt: new Date() },
      })
    await audit(tx, {
      actorId: userId,
      action: 'payout_details.save',
      targetType: 'user',
      targetId: userId,
    })
  })
}

/**
 * What the deliverer earned: each delivered item whose current, accepted request is theirs, at the
 * price agreed when the sender accepted it (decision 030), summed in cents; delivered_at is when
 * they marked it delivered. Beside it, from the ledger (decision 038): what the sender finally
 * paid (gross), Tote's fee and the deliverer's share (net), as released, or as they would be
 * released now while held; where the share is (status) and when it is (or was) released.
 */
async function earnings(
  db: Db,
  delivererId: string,
  money: Pick<MoneyRules, 'platformFeePercent'>,
) {
  const rows = await db
    .select({
      itemId: items.id,
      itemName: items.name,
      cents: deliveryRequests.agreedPriceCents,
      deliveredAt: items.deliveredAt,
      releaseAt: releases.releaseAt,
      releasedAt: releases.releasedAt,
    })
    .from(items)
    .innerJoin(deliveryRequests, eq(deliveryRequests.id, items.currentRequestId))
    .leftJoin(releases, eq(releases.requestId, deliveryRequests.id))
    .where(
      and(
        eq(deliveryRequests.delivererId, delivererId),
        eq(deliveryRequests.requestStatus, 'accepted'),
        eq(items.status, 'delivered'),
      ),
    )
    .orderBy(asc(items.updatedAt), asc(items.id))
  const itemIds = rows.map((r) => r.itemId)
  const books = await ledgerByItem(db, itemIds)
  const sent = await transfersByItem(db, itemIds)
  // Held while a card dispute (decision 041) or the sender's dispute (decision 040) is open.
  const frozen = new Set(
    itemIds.length === 0
      ? []
      : [
          ...(await db
            .select({ itemId: releaseFreezes.itemId })
            .from(releaseFreezes)
            .where(and(inArray(releaseFreezes.itemId, itemIds), isNull(releaseFreezes.liftedAt)))),
          ...(await db
            .select({ itemId: disputes.itemId })
            .from(disputes)
            .where(and(inArray(disputes.itemId, itemIds), isNull(disputes.resolvedAt)))),
        ].map((f) => f.itemId),
  )
  // Accepting writes agreed_price_cents; the migration filled it in for older acceptances.
  const cents = rows.map((r) => r.cents ?? 0)
  const totals = { held: 0, available: 0, paid: 0 }
  const list: Earning[] = rows.map((r, i) => {
    const agreed = cents[i] ?? 0
    const book = books.get(r.itemId)
    let figures: { gross: number; fee: number; net: number }
    let status: Earning['status']
    if (r.releasedAt && book?.released) {
      figures = book.released
      const transfer = sent.get(r.itemId)
      // Released, then taken back (a reversal of the release or of its transfer): reversed;
      // sent to the payout account: paid; else waiting in their balance: available.
      status =
        book.delivererCents <= 0
          ? 'reversed'
          : transfer
            ? transfer.reversed >= transfer.amount
              ? 'reversed'
              : 'paid'
            : 'available'
    } else if (r.releasedAt) {
      // Released with nothing held: refunded in full before the hold ended.
      figures = { gross: 0, fee: 0, net: 0 }
      status = 'reversed'
    } else {
      // Held: what is held now (the agreed price where the ledger has no capture: older data).
      figures = releaseSplit(book ? book.heldCents : agreed, money.platformFeePercent)
      // A card dispute (chargeback) froze the release: it waits for the dispute's end.
      status = frozen.has(r.itemId) ? 'disputed' : 'held'
      totals.held += figures.net
    }
    return {
      item_id: r.itemId,
      item_name: r.itemName,
      amount: fromCents(agreed),
      delivered_at: r.deliveredAt?.toISOString() ?? null,
      gross: fromCents(figures.gross),
      fee: fromCents(figures.fee),
      net: fromCents(figures.net),
      status,
      release_at: r.releaseAt?.toISOString() ?? null,
    }
  })
  // Available is the deliverer's ledger balance: released shares not yet transferred (negative
  // while a refund after release is being recovered); paid is what was transferred, less reversals.
  totals.available = await balanceCentsOf(db, delivererId)
  totals.paid = await paidCentsOf(db, delivererId)
  return {
    earnings: list,
    total_earned: fromCents(cents.reduce((sum, c) => sum + c, 0)),
    totals: {
      held: fromCents(totals.held),
      available: fromCents(totals.available),
      paid: fromCents(totals.paid),
    },
  }
}

/**
 * The ledger of these items, per item: cents held now, what the release moved (if any), and what
 * the deliverer's account holds of it after any reversal.
 */
async function ledgerByItem(db: Db, itemIds: string[]) {
  const books = new Map<
    string,
    {
      heldCents: number
      delivererCents: number
      released: { gross: number; fee: number; net: number } | null
    }
  >()
  if (itemIds.length === 0) return books
  const sums = await db
    .select({
      itemId: ledgerTransactions.itemId,
      kind: ledgerTransactions.kind,
      account: ledgerAccounts.kind,
      cents: sql<string>`sum(${ledgerEntries.amountCents})`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        inArray(ledgerTransactions.itemId, itemIds),
        // Paying out moves the share on, it does not take it back: transfers are read apart.
        notInArray(ledgerTransactions.kind, ['payout', 'payout_reversal']),
      ),
    )
    .groupBy(ledgerTransactions.itemId, ledgerTransactions.kind, ledgerAccounts.kind)
  for (const s of sums) {
    const book = books.get(s.itemId) ?? { heldCents: 0, delivererCents: 0, released: null }
    const cents = Number(s.cents)
    if (s.account === 'held') book.heldCents += cents
    if (s.account === 'deliverer') book.delivererCents += cents
    if (s.kind === 'release') {
      book.released ??= { gross: 0, fee: 0, net: 0 }
      if (s.account === 'held') book.released.gross = -cents
      if (s.account === 'platform_fees') book.released.fee = cents
      if (s.account === 'deliverer') book.released.net = cents
    }
    books.set(s.itemId, book)
  }
  return books
}

/**
 * The deliverer's payout account (decision 041): created with the provider on their first visit
 * (one per deliverer: an idempotency key), re-read on each later one (the `transfers` capability),
 * and a fresh onboarding link while it cannot receive (links are single use and short-lived). An
 * account that just became able to receive gets its waiting money sent (the payout job).
 */
async function payoutSetup(
  db: Db,
  opts: {
    provider: PaymentProvider
    jobs: JobQueue
    user: { id: string; email: string }
    origin: string
    log: (err: unknown) => void
  },
): Promise<{ url: string | null; account: PayoutAccountView }> {
  const { provider, user } = opts
  const [row] = await db
    .select()
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.userId, user.id), eq(payoutAccounts.provider, provider.name)))
  const stored: PayoutAccountView = {
    status: row ? (row.canReceive ? 'active' : 'pending') : 'none',
    payout_failed: Boolean(row?.payoutFailedAt),
  }
  try {
    let accountId = row?.accountId
    let canReceive: boolean
    if (!accountId) {
      const account = await provider.createPayoutAccount({
        userId: user.id,
        email: user.email,
        idempotencyKey: `tote-connect-account-${user.id}`,
      })
      await db
        .insert(payoutAccounts)
        .values({
          userId: user.id,
          provider: provider.name,
          accountId: account.id,
          canReceive: account.canReceive,
        })
        .onConflictDoNothing({ target: payoutAccounts.userId })
      accountId = account.id
      canReceive = account.canReceive
    } else {
      canReceive = (await refreshPayoutAccount(db, provider, user.id))?.canReceive ?? false
    }
    if (canReceive && (await balanceCentsOf(db, user.id)) !== 0)
      await queuePayout(opts.jobs, user.id)
    const url = canReceive
      ? null
      : await provider.payoutAccountLink({
          accountId,
          returnUrl: `${opts.origin}/payment-method`,
        })
    return {
      url,
      account: { status: canReceive ? 'active' : 'pending', payout_failed: stored.payout_failed },
    }
  } catch (err) {
    opts.log(err)
    return { url: null, account: stored }
  }
}

async function balanceCentsOf(db: Db, delivererId: string): Promise<number> {
  const [account] = await db
    .select({ cents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, accountKey(delivererAccount(delivererId))))
  return account?.cents ?? 0
}

/**
 * GET and POST /api/payment-method's answer: where payouts go (masked), the payout account's
 * status and its onboarding link, and what was earned.
 */
export async function paymentMethodView(
  db: Db,
  opts: {
    money: Pick<MoneyRules, 'platformFeePercent'>
    provider: PaymentProvider
    jobs: JobQueue
    user: { id: string; email: string; name: string }
    origin: string
    log: (err: unknown) => void
  },
) {
  const setup = await payoutSetup(db, opts)
  return {
    provider: opts.provider.name === 'stripe' ? ('stripe' as const) : ('manual' as const),
    test_mode: opts.provider.name === 'test',
    payout: payoutView(await payoutRow(db, opts.user.id)),
    payout_account: setup.account,
    onboarding_url: setup.url,
    ...(await earnings(db, opts.user.id, opts.money)),
  }
}
