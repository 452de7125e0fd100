import { and, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import { expiry } from '../../../contract/lifecycle'
import type { MoneyRules } from '../../config'
import type { Db } from '../../db/client'
import { deliveryRequests, items } from '../../db/schema'
import { defineJob } from '../../jobs/define-job'
import type { JobQueue } from '../../jobs/queue'
import { audit } from '../audit'
import { notify, type Notifier } from '../notify'
import { releasePayments } from './refunds'

// No money is held forever (decision 038): an accepted item not delivered AUTO_REFUND_DAYS after
// its deadline is cancelled and its sender refunded in full; both sides are told.

const DAY_MS = 24 * 60 * 60 * 1000

const dueAt = (deadline: Date, days: number) => new Date(deadline.getTime() + days * DAY_MS)

/** Queues the request's auto-refund for its deadline plus AUTO_REFUND_DAYS, in the acceptance's transaction. */
export async function scheduleAutoRefund(
  tx: Db,
  jobs: JobQueue,
  money: Pick<MoneyRules, 'autoRefundDays'>,
  r: { requestId: string; deadline: Date },
): Promise<void> {
  await jobs.enqueue(
    autoRefundJob,
    { requestId: r.requestId },
    { db: tx, runAt: dueAt(r.deadline, money.autoRefundDays) },
  )
}

type AutoRefundOutcome = 'refunded' | 'not_due' | 'moved_on'

/**
 * Cancels and refunds the request's item if it is still on its way (ready_to_pickup or
 * in_process, its current request accepted) AUTO_REFUND_DAYS after its deadline, under the item's
 * row lock, so a delivery at the same moment either happens first (nothing is refunded) or is
 * refused. A job that runs early (the setting grew since it was queued) queues itself again.
 */
async function autoRefund(
  db: Db,
  notifier: Notifier,
  money: Pick<MoneyRules, 'autoRefundDays'>,
  requestId: string,
  now = new Date(),
): Promise<AutoRefundOutcome> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(deliveryRequests)
      .where(eq(deliveryRequests.id, requestId))
    if (!request || request.requestStatus !== 'accepted') return 'moved_on'
    const [item] = await tx.select().from(items).where(eq(items.id, request.itemId)).for('update')
    if (
      !item ||
      item.currentRequestId !== requestId ||
      !(expiry.from as readonly string[]).includes(item.status)
    )
      return 'moved_on'
    const due = dueAt(item.deliveryDeadline, money.autoRefundDays)
    if (due > now) {
      await scheduleAutoRefund(tx, notifier.jobs, money, {
        requestId,
        deadline: item.deliveryDeadline,
      })
      return 'not_due'
    }
    const [moved] = await tx
      .update(items)
      .set({ status: expiry.to })
      .where(and(eq(items.id, item.id), inArray(items.status, [...expiry.from])))
      .returning({ id: items.id })
    if (!moved) return 'moved_on'
    await releasePayments(tx, notifier.jobs, {
      requestIds: [requestId],
      reason: 'not_delivered',
      actorId: null,
    })
    await audit(tx, {
      actorId: null,
      action: 'item.auto_cancelled',
      targetType: 'item',
      targetId: item.id,
      reason: `not delivered ${money.autoRefundDays} days after its deadline`,
    })
    await notify(tx, notifier, {
      kind: 'auto_refunded',
      itemId: item.id,
      delivererId: request.delivererId,
    })
    await notify(tx, notifier, {
      kind: 'delivery_expired',
      itemId: item.id,
      delivererId: request.delivererId,
    })
    return 'refunded'
  })
}

/** The auto-refund as a job, queued at acceptance for the deadline plus AUTO_REFUND_DAYS. */
export const autoRefundJob = defineJob({
  name: 'payments.auto_refund',
  payload: z.object({ requestId: z.string() }),
  maxAttempts: 30,
  run: async (
    { requestId },
    deps: { db: Db; notifier: Notifier; money: Pick<MoneyRules, 'autoRefundDays'> },
  ) => {
    await autoRefund(deps.db, deps.notifier, deps.money, requestId)
  },
})
