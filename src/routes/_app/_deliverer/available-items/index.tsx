import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { AvailableItemsPage } from '@/features/deliverer/available-items-page'
import {
  DEFAULT_RADIUS_KM,
  lastRoute,
  parseAvailableSearch,
  type AvailableSearch,
} from '@/features/deliverer/available-search'
import { tripsQueryOptions } from '@/features/trips/api'
import { SaveTripButton } from '@/features/trips/save-trip-button'
import { nextTrip } from '@/features/trips/saved-trip'
import { localToday } from '@/features/trips/trip-dates'
import { pageHead } from '@/lib/page-title'
import { useSession } from '@/lib/use-session'

export const Route = createFileRoute('/_app/_deliverer/available-items/')({
  head: pageHead('Available items'),
  validateSearch: (search: Record<string, unknown>): AvailableSearch =>
    parseAvailableSearch(search),
  component: AvailableItemsRoute,
})

/**
 * Never an empty start (issue 29 part 4): opened without a place, the page takes the deliverer's
 * last route on this device, else the route of their next saved trip; else it shows the newest
 * open items (the page itself). Decided once, when the page opens: places cleared later stay
 * cleared. Answers whether it is still deciding.
 */
function useStartingRoute(
  search: AvailableSearch,
  start: (route: AvailableSearch) => void,
): boolean {
  const userId = useSession()?.user.id
  // deciding -> moving (navigated to a route, waiting for it in the URL) -> done.
  const [phase, setPhase] = useState<'deciding' | 'moving' | 'done'>(
    search.origin || search.destination ? 'done' : 'deciding',
  )
  const trips = useQuery({ ...tripsQueryOptions(), enabled: phase === 'deciding' })
  const tripsSettled = !trips.isPending || trips.isPaused
  useEffect(() => {
    if (phase !== 'deciding') return
    const last = userId ? lastRoute(userId) : null
    if (last) {
      start(last)
      return setPhase('moving')
    }
    if (!tripsSettled) return
    const trip = nextTrip(trips.data, localToday())
    if (!trip) return setPhase('done')
    start({ origin: trip.origin, destination: trip.destination, radius: trip.radius_km })
    setPhase('moving')
  }, [phase, userId, tripsSettled, trips.data, start])
  const arrived = Boolean(search.origin && search.destination)
  useEffect(() => {
    if (phase === 'moving' && arrived) setPhase('done')
  }, [phase, arrived])
  return phase !== 'done'
}

function AvailableItemsRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const onSearchChange = useCallback(
    (patch: Partial<AvailableSearch>) =>
      void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true }),
    [navigate],
  )
  const starting = useStartingRoute(search, onSearchChange)
  const { origin, destination } = search
  return (
    <AvailableItemsPage
      search={search}
      onSearchChange={onSearchChange}
      starting={starting}
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
