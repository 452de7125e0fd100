import { Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'
import { useState } from 'react'
import { MAX_TRIPS, type Trip } from '@contract/trips'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { ErrorAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import { toaster } from '@/components/ui/toaster'
import { formatDate, formatPlace } from '@/lib/format'
import { tripsQueryOptions, useDeleteTripMutation, useUpdateTripMutation } from './api'
import { localToday } from './trip-dates'
import { TripFormDialog } from './trip-form-dialog'
import { tripTitle } from './trip-name'
import { PendingStatus } from '@/components/pending-status'

/** /trips: the deliverer's saved trips, with their search, edit and delete. */
export function TripsPage() {
  const trips = useQuery(tripsQueryOptions())
  const [editing, setEditing] = useState<Trip | null>(null)
  const [deleting, setDeleting] = useState<Trip | null>(null)
  return (
    <Stack gap="4">
      <PageIntro title="My trips">
        Routes you travel. When an item on one of them is approved, you get a notification.
      </PageIntro>
      {trips.isPending && <PendingStatus paused={trips.isPaused}>Loading trips…</PendingStatus>}
      <ErrorAlert error={trips.error} fallback="Failed to load trips" />
      {trips.data && trips.data.length === 0 && (
        <Box bg="bg" borderWidth="1px" rounded="md" px="4" py="3">
          <Text>
            No trips yet. On{' '}
            <Link asChild colorPalette="brand">
              <RouterLink to="/available-items">Available items</RouterLink>
            </Link>
            , choose where you start and where you go, then press “Save as trip”.
          </Text>
        </Box>
      )}
      {trips.data && trips.data.length > 0 && (
        <>
          <Stack as="ul" gap="3" listStyleType="none">
            {trips.data.map((trip) => (
              <TripCard
                key={trip.id}
                trip={trip}
                onEdit={() => setEditing(trip)}
                onDelete={() => setDeleting(trip)}
              />
            ))}
          </Stack>
          <Text fontSize="sm" color="fg.muted">
            {trips.data.length} of {MAX_TRIPS} trips
          </Text>
        </>
      )}
      {editing && <EditTripDialog trip={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteTripDialog trip={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  )
}

function TripCard({
  trip,
  onEdit,
  onDelete,
}: {
  trip: Trip
  onEdit: () => void
  onDelete: () => void
}) {
  const past = trip.travel_date < localToday()
  const title = tripTitle(trip)
  return (
    <Box as="li" bg="bg" borderWidth="1px" rounded="md" px="4" py="3">
      <Stack gap="2">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Text as="h2" fontWeight="semibold" wordBreak="break-word">
            {title}
          </Text>
          {past && <Badge colorPalette="gray">Past</Badge>}
        </HStack>
        {trip.name && (
          <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
            {formatPlace(trip.origin)} → {formatPlace(trip.destination)}
          </Text>
        )}
        <Text fontSize="sm">
          Travelling {formatDate(trip.travel_date)} · up to {trip.radius_km} km from the route
        </Text>
        <HStack gap="2" wrap="wrap">
          <Button asChild size="sm" colorPalette="brand">
            <RouterLink
              to="/available-items"
              search={{
                origin: trip.origin,
                destination: trip.destination,
                radius: trip.radius_km,
              }}
              aria-label={`Find items for ${title}`}
            >
              Find items
            </RouterLink>
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${title}`}>
            Edit
          </Button>
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={onDelete}
            aria-label={`Delete ${title}`}
          >
            Delete
          </Button>
        </HStack>
      </Stack>
    </Box>
  )
}

function EditTripDialog({ trip, onClose }: { trip: Trip; onClose: () => void }) {
  const update = useUpdateTripMutation()
  return (
    <TripFormDialog
      title="Edit trip"
      submitLabel="Save changes"
      open
      origin={trip.origin}
      destination={trip.destination}
      initial={{ name: trip.name ?? '', travelDate: trip.travel_date, radiusKm: trip.radius_km }}
      busy={update.isPending}
      error={update.error}
      onClose={onClose}
      onSubmit={(values) =>
        update.mutate(
          { id: trip.id, origin: trip.origin, destination: trip.destination, ...values },
          {
            onSuccess: () => {
              onClose()
              toaster.create({ type: 'success', title: 'Trip updated' })
            },
          },
        )
      }
    />
  )
}

function DeleteTripDialog({ trip, onClose }: { trip: Trip; onClose: () => void }) {
  const remove = useDeleteTripMutation()
  return (
    <ConfirmDialog
      title="Delete this trip?"
      confirmLabel="Delete trip"
      busy={remove.isPending}
      error={remove.error}
      errorFallback="Failed to delete the trip"
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(trip.id, {
          onSuccess: () => {
            onClose()
            toaster.create({ type: 'success', title: 'Trip deleted' })
          },
        })
      }
    >
      “{tripTitle(trip)}” will be deleted and you will no longer hear about new items on it.
      Notifications you already have stay.
    </ConfirmDialog>
  )
}
