import { eq } from 'drizzle-orm'
import { isUuid } from '../../contract/ids'
import type { Db } from '../db/client'
import { deliveryRequests, items } from '../db/schema'
import { DomainError, ITEM_NOT_FOUND } from '../errors'
import type { Viewer } from './files'

type ItemRow = typeof items.$inferSelect
type RequestRow = typeof deliveryRequests.$inferSelect

const DAY_MS = 24 * 60 * 60 * 1000

export interface DeliveryParties {
  item: ItemRow
  /** The item's current request once its sender accepted it; null before. */
  accepted: RequestRow | null
  /** The caller's side of the delivery, or admin. */
  side: 'sender' | 'deliverer' | 'admin'
}

/**
 * The two sides of an item's delivery as `viewer` stands to it (decision 039): its sender, the
 * deliverer of its accepted current request, or an admin. Anyone else, a deliverer whose request
 * is pending or was rejected included, gets 404 'Item not found', as for an item that does not
 * exist.
 */
export async function partiesOf(db: Db, itemId: string, viewer: Viewer): Promise<DeliveryParties> {
  if (!isUuid(itemId)) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
  const [row] = await db
    .select({ item: items, request: deliveryRequests })
    .from(items)
    .leftJoin(deliveryRequests, eq(deliveryRequests.id, items.currentRequestId))
    .where(eq(items.id, itemId))
  if (!row) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
  const accepted = row.request?.requestStatus === 'accepted' ? row.request : null
  const side =
    viewer.role === 'admin'
      ? 'admin'
      : viewer.id === row.item.senderId
        ? 'sender'
        : accepted && accepted.delivererId === viewer.id
          ? 'deliverer'
          : null
  if (!side) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
  return { item: row.item, accepted, side }
}

/** When a delivery's conversation and its ratings close: `days` after the delivery; null before it. */
export const windowEnd = (item: Pick<ItemRow, 'deliveredAt'>, days: number): Date | null =>
  item.deliveredAt ? new Date(item.deliveredAt.getTime() + days * DAY_MS) : null
