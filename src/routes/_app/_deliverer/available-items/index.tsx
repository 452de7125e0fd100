import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { AvailableItemsPage } from '@/features/deliverer/available-items-page'
import {
  DEFAULT_RADIUS_KM,
  parseAvailableSearch,
  type AvailableSearch,
} from '@/features/deliverer/available-search'
import { SaveTripButton } from '@/features/trips/save-trip-button'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_deliverer/available-items/')({
  head: pageHead('Available Items'),
  validateSearch: (search: Record<string, unknown>): AvailableSearch =>
    parseAvailableSearch(search),
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
