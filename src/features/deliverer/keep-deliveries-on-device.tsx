import { useQueries, useQuery } from '@tanstack/react-query'
import {
  delivererItemQueryOptions,
  handoffKeysQueryOptions,
  MY_DELIVERIES_PER_PAGE,
  myDeliveriesQueryOptions,
} from './api'

/** Statuses of an accepted delivery still to make: its page is needed on the road. */
const CARRIED = new Set(['ready_to_pickup', 'in_process'])

/**
 * Issue 29 part 7: as soon as a delivery is accepted, its page (addresses, phones, route) and the
 * keys that check handoff codes are fetched and saved on the device (persisted reads, decision
 * 013) without the deliverer opening it, so it opens with everything when the signal drops.
 * Mounted on every signed-in deliverer page; the reads are observed here, so the visible-tab
 * refresh (liveRefresh) keeps them fresh. Renders nothing.
 */
export function KeepDeliveriesOnDevice() {
  // The first page of My deliveries lists deliveries to make first (server: in_process,
  // ready_to_pickup, then waiting requests), the same read as the My deliveries page.
  const list = useQuery(myDeliveriesQueryOptions(1, MY_DELIVERIES_PER_PAGE))
  const carried = list.data?.items.filter((item) => CARRIED.has(item.status)) ?? []
  useQueries({ queries: carried.map((item) => delivererItemQueryOptions(item.id)) })
  // With a delivery to make, the keys that check its handoff codes are fetched now, while there
  // is signal, and kept on the device (decision 036).
  useQuery({ ...handoffKeysQueryOptions(), enabled: carried.length > 0 })
  return null
}
