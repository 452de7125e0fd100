import { and, asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { earning, payoutDetails as payoutDetailsShape } from '../../contract/deliveries'
import type { Db } from '../db/client'
import { deliveryRequests, items, payoutDetails } from '../db/schema'
import { audit } from './audit'
import { stripeClient } from './payments/stripe'
import { fromCents } from '../../contract/money'

type Payout = z.infer<typeof payoutDetailsShape>
type Earning = z.infer<typeof earning>

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
 * price agreed when the sender accepted it (decision 030), summed in cents. delivered_at is when
 * they marked it delivered.
 */
async function earnings(db: Db, delivererId: string) {
  const rows = await db
    .select({
      itemId: items.id,
      itemName: items.name,
      cents: deliveryRequests.agreedPriceCents,
      deliveredAt: items.deliveredAt,
    })
    .from(items)
    .innerJoin(deliveryRequests, eq(deliveryRequests.id, items.currentRequestId))
    .where(
      and(
        eq(deliveryRequests.delivererId, delivererId),
        eq(deliveryRequests.requestStatus, 'accepted'),
        eq(items.status, 'delivered'),
      ),
    )
    .orderBy(asc(items.updatedAt), asc(items.id))
  // Accepting writes agreed_price_cents; the migration filled it in for older acceptances.
  const cents = rows.map((r) => r.cents ?? 0)
  const list: Earning[] = rows.map((r, i) => ({
    item_id: r.itemId,
    item_name: r.itemName,
    amount: fromCents(cents[i] ?? 0),
    delivered_at: r.deliveredAt?.toISOString() ?? null,
  }))
  return { earnings: list, total_earned: fromCents(cents.reduce((sum, c) => sum + c, 0)) }
}

/**
 * A Stripe Connect onboarding link for the deliverer: creates their Express account once (its id is
 * kept in payout_details), then an account link back to /payment-method. Null when Stripe fails.
 */
async function stripeOnboardingUrl(
  db: Db,
  opts: {
    secretKey: string
    user: { id: string; email: string; name: string }
    origin: string
    log: (err: unknown) => void
  },
): Promise<string | null> {
  const stripe = stripeClient(opts.secretKey)
  try {
    const existing = await payoutRow(db, opts.user.id)
    let accountId = existing?.stripeAccountId ?? null
    if (!accountId) {
      // One account per deliverer, even when two pages ask at the same moment.
      const account = await stripe.accounts.create(
        {
          type: 'express',
          email: opts.user.email,
          capabilities: { transfers: { requested: true } },
          metadata: { user_id: opts.user.id },
        },
        { idempotencyKey: `tote-connect-account-${opts.user.id}` },
      )
      accountId = account.id
      await db
        .insert(payoutDetails)
        .values({
          userId: opts.user.id,
          accountHolder: opts.user.name,
          accountMasked: '',
          accountLast4: '',
          stripeAccountId: accountId,
        })
        .onConflictDoUpdate({ target: payoutDetails.userId, set: { stripeAccountId: accountId } })
    }
    const link = await stripe.accountLinks.create({
      account: accountId,
      refresh_url: `${opts.origin}/payment-method`,
      return_url: `${opts.origin}/payment-method`,
      type: 'account_onboarding',
    })
    return link.url
  } catch (err) {
    opts.log(err)
    return null
  }
}

/**
 * GET and POST /api/payment-method's answer: where payouts go (masked), the Stripe onboarding
 * link when Stripe is set up, and what was earned.
 */
export async function paymentMethodView(
  db: Db,
  opts: {
    stripeSecretKey: string | undefined
    user: { id: string; email: string; name: string }
    origin: string
    log: (err: unknown) => void
  },
) {
  const stripeKey = opts.stripeSecretKey
  const onboarding_url = stripeKey
    ? await stripeOnboardingUrl(db, {
        secretKey: stripeKey,
        user: opts.user,
        origin: opts.origin,
        log: opts.log,
      })
    : null
  return {
    provider: stripeKey ? ('stripe' as const) : ('manual' as const),
    payout: payoutView(await payoutRow(db, opts.user.id)),
    onboarding_url,
    ...(await earnings(db, opts.user.id)),
  }
}
