import { Button, Dialog, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import type { Location } from '@contract/items'
import { AppDialog } from '@/components/app-dialog'
import { FormAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { apiFailure } from '@/lib/api-failure'
import { formatPlace } from '@/lib/format'
import { localToday } from './trip-dates'
import { travelDateProblem } from './travel-date'

interface TripFormValues {
  name: string
  travelDate: string
  radiusKm: number
}

interface TripFormDialogProps {
  title: string
  submitLabel: string
  open: boolean
  origin: Location
  destination: Location
  initial: TripFormValues
  busy: boolean
  /** The failed save's error, shown in the form (the server's message and field errors). */
  error: unknown
  onSubmit: (values: TripFormValues) => void
  onClose: () => void
}

/** Name, travel date and radius of a trip; the route itself comes from the search it was saved from. */
export function TripFormDialog(props: TripFormDialogProps) {
  return (
    <AppDialog title={props.title} open={props.open} onClose={props.onClose}>
      <TripForm {...props} />
    </AppDialog>
  )
}

function TripForm({
  submitLabel,
  origin,
  destination,
  initial,
  busy,
  error,
  onSubmit,
  onClose,
}: TripFormDialogProps) {
  const [name, setName] = useState(initial.name)
  const [travelDate, setTravelDate] = useState(initial.travelDate)
  const [radius, setRadius] = useState(String(initial.radiusKm))
  const [dateError, setDateError] = useState<string>()
  const [radiusError, setRadiusError] = useState<string>()
  const failure = apiFailure(error)

  function submit(event: FormEvent) {
    event.preventDefault()
    const radiusKm = Number(radius)
    const badDate = travelDateProblem(travelDate)
    const badRadius =
      radius.trim() === '' || !Number.isFinite(radiusKm) || radiusKm < 1 || radiusKm > 500
        ? 'Radius must be between 1 and 500 km'
        : undefined
    setDateError(badDate)
    setRadiusError(badRadius)
    if (badDate || badRadius) return
    onSubmit({ name, travelDate, radiusKm })
  }

  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            {formatPlace(origin)} → {formatPlace(destination)}
          </Text>
          <FormField
            label="Name (optional)"
            name="name"
            value={name}
            onValueChange={setName}
            maxLength={80}
            placeholder="e.g. Weekly visit to my parents"
          />
          <FormField
            label="Travel date"
            name="travel_date"
            type="date"
            required
            min={localToday()}
            value={travelDate}
            onValueChange={(value) => {
              setTravelDate(value)
              setDateError(undefined)
            }}
            error={dateError ?? failure?.errors.travel_date?.[0]}
            helperText="We tell you about new items on this route until this day has passed."
          />
          <FormField
            label="Radius (km)"
            name="radius_km"
            type="number"
            inputMode="decimal"
            required
            min={1}
            max={500}
            value={radius}
            onValueChange={(value) => {
              setRadius(value)
              setRadiusError(undefined)
            }}
            error={radiusError ?? failure?.errors.radius_km?.[0]}
            helperText="How far from your route you would go to pick up or drop off."
          />
          {error != null && (
            <FormAlert status="error">{failure?.message ?? 'Failed to save the trip'}</FormAlert>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" type="button" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="brand" loading={busy}>
          {submitLabel}
        </Button>
      </Dialog.Footer>
    </form>
  )
}
