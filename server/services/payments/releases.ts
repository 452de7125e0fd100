import { and, eq, isNull, lte, sql } from 'drizzle-orm'
import { z } from 'zod'
import { releaseSplit } from '../../../contract/money'
import type { MoneyRules } from '../../config'
import type { Db } from '../../db/client'
import { deliveryRequests, disputes, items, releaseFreezes, releases } from '../../db/schema'
import { defineJob } from '../../jobs/define-job'
import type { JobQueue } from '../../jobs/queue'
import { audit } from '../audit'
import { notify, type Notifier } from '../notify'
import { delivererAccount, ensureCaptured, HELD, heldCentsOf, PLATFORM_FEES, post } from './ledger'

// Hold, then release (docs/decisions/038-hold-and-release.md): the money captured at acceptance
// stays held until PAYOUT_HOLD_HOURS after delivery; then the deliverer's share goes to their
// available balance and Tote's fee to its own account. Paying that balance out to a bank (Stripe
// Connect transfers) is a later step: it reads the deliverer's account, not this table.

const HOUR_MS = 60 * 60 * 1000

/**
 * Holds a delivered request's money: a releases row (release_at = now + the hold) and the job that
 * releases it then, both in the delivery's transaction. A second delivery of the same request
 * (impossible through the lifecycle) changes nothing.
 */
export async function holdForRelease(
  tx: Db,
  jobs: JobQueue,
  money: Pick<MoneyRules, 'payoutHoldHours'>,
  r: { itemId: string; requestId: string; delivererId: string; deliveredAt: Date },
): Promise<Date> {
  const releaseAt = new Date(r.deliveredAt.getTime() + Math.round(money.payoutHoldHours * HOUR_MS))
  const [held] = await tx
    .insert(releases)
    .values({ requestId: r.requestId, itemId: r.itemId, delivererId: r.delivererId, releaseAt })
    .onConflictDoNothing({ target: releases.requestId })
    .returning({ releaseAt: releases.releaseAt })
  if (held) await jobs.enqueue(releaseJob, { requestId: r.requestId }, { db: tx, runAt: releaseAt })
  return held?.releaseAt ?? releaseAt
}

export type ReleaseOutcome =
  | {
      released: true
      gross: number
      fee: number
      net: number
      transactionId: string | null
      delivererId: string
    }
  | {
      released: false
      why: 'unknown' | 'already' | 'not_due' | 'not_delivered' | 'disputed' | 'frozen'
    }

/**
 * Releases the request's held money once it is due: one conditional update of its releases row
 * (released_at is null and release_at has passed) decides, under the item's row lock, so two
 * workers, a retried job or parallel calls pay once; the ledger key `release:<request id>` would
 * refuse a second all the same. The fee is taken from what is held, which is what the sender
 * finally paid (captured less refunds).
 */
export async function releaseHeld(
  db: Db,
  notifier: Notifier,
  money: Pick<MoneyRules, 'platformFeePercent'>,
  requestId: string,
): Promise<ReleaseOutcome> {
  return db.transaction((tx) => releaseWithin(tx, notifier, money, requestId))
}

/**
 * releaseHeld in the caller's transaction (a dispute's resolution releases in its own). Refuses
 * while the item has an open dispute (decision 040): the resolution releases it then.
 */
export async function releaseWithin(
  tx: Db,
  notifier: Notifier,
  money: Pick<MoneyRules, 'platformFeePercent'>,
  requestId: string,
): Promise<ReleaseOutcome> {
  const [hold] = await tx.select().from(releases).where(eq(releases.requestId, requestId))
  if (!hold) return { released: false, why: 'unknown' }
  // The item first, as every flow that moves its money (refunds, acceptance) locks it first.
  const [item] = await tx.select().from(items).where(eq(items.id, hold.itemId)).for('update')
  const [request] = await tx
    .select()
    .from(deliveryRequests)
    .where(eq(deliveryRequests.id, requestId))
  if (
    !item ||
    !request ||
    item.status !== 'delivered' ||
    item.currentRequestId !== requestId ||
    request.requestStatus !== 'accepted'
  )
    return { released: false, why: 'not_delivered' }
  const [open] = await tx
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.itemId, item.id), isNull(disputes.resolvedAt)))
  if (open) return { released: false, why: 'disputed' }
  // A card dispute (chargeback) freezes the release until it ends (decision 041).
  const [freeze] = await tx
    .select({ id: releaseFreezes.providerDisputeId })
    .from(releaseFreezes)
    .where(and(eq(releaseFreezes.itemId, item.id), isNull(releaseFreezes.liftedAt)))
  if (freeze) return { released: false, why: 'frozen' }
  const [claimed] = await tx
    .update(releases)
    .set({ releasedAt: sql`now()` })
    .where(
      and(
        eq(releases.requestId, requestId),
        isNull(releases.releasedAt),
        lte(releases.releaseAt, sql`now()`),
      ),
    )
    .returning({ requestId: releases.requestId })
  if (!claimed) return { released: false, why: hold.releasedAt ? 'already' : 'not_due' }

  await ensureCaptured(tx, requestId)
  const { gross, fee, net } = releaseSplit(await heldCentsOf(tx, item.id), money.platformFeePercent)
  let transactionId: string | null = null
  // Nothing held (refunded in full): released with nothing to move, nobody paid.
  if (gross > 0) {
    transactionId = await post(tx, {
      kind: 'release',
      key: `release:${requestId}`,
      itemId: item.id,
      requestId,
      memo: `fee ${money.platformFeePercent}% of ${gross} cents`,
      entries: [
        { account: HELD, cents: -gross },
        ...(net > 0 ? [{ account: delivererAccount(request.delivererId), cents: net }] : []),
        ...(fee > 0 ? [{ account: PLATFORM_FEES, cents: fee }] : []),
      ],
    })
    await tx.update(releases).set({ transactionId }).where(eq(releases.requestId, requestId))
  }
  await audit(tx, {
    actorId: null,
    action: 'payment.release',
    targetType: 'delivery_request',
    targetId: requestId,
    reason: `gross ${gross}, fee ${fee}, net ${net} cents`,
  })
  if (net > 0)
    await notify(tx, notifier, {
      kind: 'earnings_released',
      itemId: item.id,
      delivererId: request.delivererId,
    })
  return { released: true, gross, fee, net, transactionId, delivererId: request.delivererId }
}

/**
 * The release as a job, queued by holdForRelease to run at release_at. It survives restarts (a
 * row of the jobs table) and runs once across processes (the queue's lease, and releaseHeld's
 * conditional update should two runs meet).
 */
export const releaseJob = defineJob({
  name: 'payments.release',
  payload: z.object({ requestId: z.string() }),
  maxAttempts: 30,
  run: async (
    { requestId },
    deps: {
      db: Db
      notifier: Notifier
      money: Pick<MoneyRules, 'platformFeePercent'>
      /** Sends the released share on (the payout job, decision 041). */
      payOut?: (delivererId: string) => Promise<void>
    },
  ) => {
    const outcome = await releaseHeld(deps.db, deps.notifier, deps.money, requestId)
    if (outcome.released && outcome.net > 0) await deps.payOut?.(outcome.delivererId)
    // Queued for release_at by this process's clock; the database's may be a little behind. A
    // disputed release is done by the dispute's resolution, not by this job.
    if (!outcome.released && outcome.why === 'not_due')
      throw new Error(`the release of request ${requestId} is not due yet`)
  },
})
