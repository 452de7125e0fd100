import {
  and,
  eq,
  getTableColumns,
  gte,
  isNull,
  lte,
  ne,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/client'
import { items, trips, users } from '../db/schema'
import { defineJob } from '../jobs/define-job'
import type { JobQueue } from '../jobs/queue'
import { notify, type Notifier } from './notify'
import { tripCellKeys } from './corridor-cells'
import { itemOnTrip } from './trip-match'
import { earliestTravelDate, type TripRow } from './trips'

/** What the matching needs: the database and what notify() queues with. */
export interface TripMatchDeps extends Notifier {
  db: Db
}

/** Finds the trips an approved item lies on and notifies their deliverers (once per item and trip). */
export const tripMatchJob = defineJob({
  name: 'trips.match',
  payload: z.object({ itemId: z.string() }),
  async run({ itemId }, deps: TripMatchDeps) {
    await notifyTripsOfItem(deps, itemId)
  },
})

/**
 * Queues the matching of an item whose sending was just approved. Pass the approval's transaction:
 * the job exists only if the approval commits, and runs after it, so it sees the approved item.
 */
export const queueTripMatch = (jobs: JobQueue, itemId: string, db?: Db) =>
  jobs.enqueue(tripMatchJob, { itemId }, { db })

/** The start of an address ("Berlin" of "Berlin, Germany"), or its coordinates. */
const placeName = (address: string, lat: number, lng: number) =>
  address.split(',')[0]?.trim() || `${lat.toFixed(3)}, ${lng.toFixed(3)}`

/** What a trip is called in notifications: its name, else "From → To". */
const tripLabel = (trip: CandidateTrip) =>
  trip.name ??
  `${placeName(trip.originAddress, trip.originLat, trip.originLng)} → ${placeName(trip.destinationAddress, trip.destinationLat, trip.destinationLng)}`

type ItemRow = typeof items.$inferSelect

/** A trip as matching reads it: without its route cells (up to 1 500 numbers, only SQL needs them). */
export type CandidateTrip = Omit<TripRow, 'routeCells'>
const { routeCells: _cells, ...candidateColumns } = getTableColumns(trips)

/**
 * The trips an approved item lies on: the candidate trips (not past, not after the item's
 * deadline, not the sender's own, of an active deliverer, their route cells holding the item's)
 * come from SQL, the route rule from itemOnTrip.
 */
export async function tripsOfItem(db: Db, item: ItemRow): Promise<CandidateTrip[]> {
  return (await candidateTrips(db, item)).filter((trip) => itemOnTrip(item, trip))
}

/** What tripsOfItem asks itemOnTrip about (the bench counts them). */
export function candidateTrips(db: Db, item: ItemRow): Promise<CandidateTrip[]> {
  const keys = tripCellKeys(
    { lat: item.fromLat, lng: item.fromLng },
    { lat: item.toLat, lng: item.toLng },
  )
  const candidates = (cells: SQL, travelDate: SQLWrapper) =>
    db
      .select(candidateColumns)
      .from(trips)
      .where(
        and(
          cells,
          gte(travelDate, earliestTravelDate()),
          // Not after the item's deadline (its UTC day): nobody can bring it on time from a later trip.
          lte(travelDate, item.deliveryDeadline.toISOString().slice(0, 10)),
          ne(trips.delivererId, item.senderId),
          // A sub-query, not a join: it looks up each candidate's deliverer by key. Joined,
          // PostgreSQL hashed every user for each item (2 ms of a 3 ms search at 5 000 users).
          sql`(select ${users.active} from ${users} where ${users.id} = ${trips.delivererId})`,
        ),
      )
  // Two searches in one statement, each on its own index: the trips whose cells hold one of the
  // item's (the GIN; a trip keeps the pairs of one grid, the item's are asked on all), and those
  // without cells, saved before them (trips_without_cells_idx, by date). One WHERE with an OR of
  // the two cannot use the GIN: PostgreSQL then walked every trip of the coming weeks by date and
  // unpacked its cells (1.9 s an item at 100 000 trips, docs/benchmarks.md). In the first the
  // date is `travel_date + 0`, which no index answers: PostgreSQL, taking the GIN for far less
  // selective than it is, otherwise ANDed it with a bitmap of every trip in the date range (2.8 to
  // 6 ms of 58 000 to 93 000 entries, for a GIN search of 0.03 to 0.5 ms).
  return candidates(
    sql`${trips.routeCells} && array[${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )}]::bigint[]`,
    sql`(${trips.travelDate} + 0)`,
  ).unionAll(candidates(isNull(trips.routeCells), trips.travelDate))
}

/**
 * The matching: the item must still be approved and pending; tripsOfItem finds its trips. Each
 * match goes through notify(), whose insert is ON CONFLICT DO NOTHING on (user, item, trip): only the
 * insert that wrote the row queues the mail and the push, in the same transaction, so a second
 * approval, a retried job or two approvals at once notify nobody twice. Answers how many it wrote.
 */
export async function notifyTripsOfItem(deps: TripMatchDeps, itemId: string): Promise<number> {
  const { db } = deps
  const [item] = await db
    .select()
    .from(items)
    .where(
      and(eq(items.id, itemId), eq(items.sendingApproval, 'approved'), eq(items.status, 'pending')),
    )
  if (!item) return 0
  let written = 0
  for (const trip of await tripsOfItem(db, item)) {
    // Each match in its own transaction: a failing one does not hold back the others.
    written += await db.transaction((tx) =>
      notify(tx, deps, {
        kind: 'trip_match',
        itemId: item.id,
        delivererId: trip.delivererId,
        trip: { id: trip.id, label: tripLabel(trip), travelDate: trip.travelDate },
        route: `${placeName(item.fromAddress, item.fromLat, item.fromLng)} → ${placeName(item.toAddress, item.toLat, item.toLng)}`,
      }),
    )
  }
  return written
}
