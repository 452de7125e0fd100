import { Button, Link, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import type { Location } from '@contract/items'
import { toaster } from '@/components/ui/toaster'
import { useOpenedOnce } from '@/lib/use-opened-once'
import { tripsQueryOptions, useSaveTripMutation } from './api'
import { savedTripOn } from './saved-trip'
import { tripTitle } from './trip-name'
import { localToday } from './trip-dates'

// Loaded on first open: the form and its fields are not part of /available-items' start.
const TripFormDialog = lazy(() =>
  import('./trip-form-dialog').then((m) => ({ default: m.TripFormDialog })),
)

interface SaveTripButtonProps {
  origin: Location
  destination: Location
  radiusKm: number
}

/**
 * /available-items: keeps the current search as a trip, so new items on it are announced; a route
 * already saved says so instead (issue 29 part 8: "Find items" from a trip is not offered again).
 */
export function SaveTripButton({ origin, destination, radiusKm }: SaveTripButtonProps) {
  const trips = useQuery(tripsQueryOptions())
  const saved = savedTripOn(trips.data, origin, destination)
  if (saved) {
    // Two pieces, not one sentence: the link is a 44 px tap target, which wrapped alone under a
    // trailing "·" on a phone.
    return (
      <>
        <Text fontSize="sm" color="fg.muted">
          Saved as your trip “{tripTitle(saved)}”
        </Text>
        <Link asChild colorPalette="brand" fontSize="sm">
          <RouterLink to="/trips">All trips</RouterLink>
        </Link>
      </>
    )
  }
  return <SaveTripDialogButton origin={origin} destination={destination} radiusKm={radiusKm} />
}

function SaveTripDialogButton({ origin, destination, radiusKm }: SaveTripButtonProps) {
  const [open, setOpen] = useState(false)
  const opened = useOpenedOnce(open)
  const save = useSaveTripMutation()
  const close = () => {
    setOpen(false)
    save.reset()
  }
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Save as trip
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <TripFormDialog
            title="Save this route as a trip"
            submitLabel="Save trip"
            open={open}
            origin={origin}
            destination={destination}
            initial={{ name: '', travelDate: localToday(), radiusKm }}
            busy={save.isPending}
            error={save.error}
            onClose={close}
            onSubmit={(values) =>
              save.mutate(
                { origin, destination, ...values },
                {
                  onSuccess: () => {
                    close()
                    toaster.create({
                      type: 'success',
                      title: 'Trip saved',
                      description: 'New items on this route will be announced. See My trips.',
                    })
                  },
                },
              )
            }
          />
        </Suspense>
      )}
    </>
  )
}
