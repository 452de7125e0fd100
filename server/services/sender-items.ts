import { and, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { itemFields, LocationInput } from '../../contract/items'
import type { Db } from '../db/client'
import { items } from '../db/schema'
import { httpError, ITEM_NOT_FOUND } from '../errors'

export const CHOOSE_LOCATION = 'Choose the location on the map or from the suggestions'
export const DEADLINE_IN_FUTURE = 'Delivery deadline must be in the future'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (s: string) => UUID.test(s)

/** A location as stored; a plain string (not geocoded here) is refused with a field error. */
function place(input: LocationInput, field: string) {
  if (typeof input === 'string')
    throw httpError(400, CHOOSE_LOCATION, { [field]: [CHOOSE_LOCATION] })
  return { lat: input.lat, lng: input.lng, address: input.address ?? '' }
}

type ItemFields = z.output<typeof itemFields>

/** The item columns of the create/edit form; refuses string locations and a deadline not in the future. */
export function itemColumns(body: ItemFields, now = new Date()) {
  const from = place(body.from_location, 'from_location')
  const to = place(body.to_location, 'to_location')
  const deadline = new Date(body.delivery_deadline)
  if (!(deadline.getTime() > now.getTime()))
    throw httpError(400, DEADLINE_IN_FUTURE, { delivery_deadline: [DEADLINE_IN_FUTURE] })
  return {
    name: body.name,
    category: body.category,
    description: body.description,
    quantity: body.quantity,
    weight: body.weight,
    length: body.dimensions.length,
    width: body.dimensions.width,
    height: body.dimensions.height,
    isFragile: body.is_fragile,
    fromLat: from.lat,
    fromLng: from.lng,
    fromAddress: from.address,
    toLat: to.lat,
    toLng: to.lng,
    toAddress: to.address,
    deliveryPhone: body.delivery_phone,
    deliveryAddress: body.delivery_address,
    deliveryDeadline: deadline,
    specialInstructions: body.special_instructions,
  }
}

/** The sender's own item row, or 404 'Item not found' (also for a malformed id or another's item). */
export async function ownedItem(db: Db, senderId: string, itemId: string) {
  if (!isUuid(itemId)) throw httpError(404, ITEM_NOT_FOUND)
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.senderId, senderId)))
  if (!row) throw httpError(404, ITEM_NOT_FOUND)
  return row
}
