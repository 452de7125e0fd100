import type { QueryClient } from '@tanstack/react-query'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { useCallback } from 'react'
import { AvailableItemsPage } from '@/features/deliverer/available-items-page'
import {
  DEFAULT_RADIUS_KM,
  lastRoute,
  parseAvailableSearch,
  type AvailableSearch,
} from '@/features/deliverer/available-search'
import { SaveTripButton } from '@/features/trips/save-trip-button'
import { loadQuery } from '@/lib/load-query'
import { pageHead } from '@/lib/page-title'

/**
 * Never an empty start (issue 29 part 4): opened without a place, the page takes the deliverer's
 * last route on this device, else the route of their next saved trip; else it shows the newest
 * open items (the page itself). Decided before the page's first paint, so the route section is
 * drawn once in its final shape (an effect deciding after the paint moved the whole page: CLS
 * 0.2 on a phone); and only on entering the page, so places cleared later stay cleared.
 */
async function startingRoute(
  userId: string,
  queryClient: QueryClient,
): Promise<AvailableSearch | null> {
  const last = lastRoute(userId)
  if (last) return last
  // Imported here: this file's own code runs at every start, the trips' code is the deliverer's.
  const [{ tripsQueryOptions }, { nextTrip }, { localToday }] = await Promise.all([
    import('@/features/trips/api'),
    import('@/features/trips/saved-trip'),
    import('@/features/trips/trip-dates'),
  ])
  // Offline: the trips kept on this device, or with none one try that fails at once; loadQuery
  // does not wait for the network.
  const trips = await loadQuery(queryClient, tripsQueryOptions())
  const trip = nextTrip(trips, localToday())
  return trip
    ? { origin: trip.origin, destination: trip.destination, radius: trip.radius_km }
    : null
}

export const Route = createFileRoute('/_app/_deliverer/available-items/')({
  head: pageHead('Available items'),
  validateSearch: (search: Record<string, unknown>): AvailableSearch =>
    parseAvailableSearch(search),
  beforeLoad: async ({ search, cause, context }) => {
    if (cause !== 'enter' || search.origin || search.destination) return
    const route = await startingRoute(context.session.user.id, context.queryClient)
    if (route)
      throw redirect({
        to: '/available-items',
        search: { ...search, ...route },
        replace: true,
      })
  },
  component: AvailableItemsRoute,
})

function AvailableItemsRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const onSearchChange = useCallback(
    (patch: Partial<AvailableSearch>) =>
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true }),
    [navigate],
  )
  const { origin, destination } = search
  return (
    <AvailableItemsPage
      search={search}
      onSearchChange={onSearchChange}
      routeActions={
        origin &&
        destination && (
          <SaveTripButton
            origin={origin}
            destination={destination}
            radiusKm={search.radius ?? DEFAULT_RADIUS_KM}
          />
        )
      }
    />
  )
}
