import { Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import {
  startTransition,
  useDeferredValue,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import type { Item } from '@contract/items'
import { CorridorMap, type MapStop } from '@/components/corridor-map'
import { FormAlert } from '@/components/form-alert'
import { MapLocationPicker } from '@/components/map-location-picker'
import { PageIntro } from '@/components/page-intro'
import { failureMessage } from '@/lib/api-failure'
import { waitingWrite } from '@/lib/outbox/queued-writes'
import { useOutbox } from '@/lib/outbox/use-outbox'
import { quickPosition } from '@/lib/quick-position'
import { useIsPhone } from '@/lib/use-is-phone'
import { useSession } from '@/lib/use-session'
import { Pager } from '@/components/pager'
import { availableItemsQueryOptions } from './api'
import { AvailableFilters } from './available-filters'
import { AvailableItemCard } from './available-item-card'
import {
  DEFAULT_RADIUS_KM,
  rememberLastRoute,
  rememberListSearch,
  type AvailableSearch,
} from './available-search'
import { ConsentDialog } from './consent-dialog'
import { FailurePopup } from './failure-popup'
import { isDeclinedFor, isRequestedBy } from './is-requested'
import { RequestDialog } from './request-dialog'
import { RouteSummary } from './route-summary'
import { useRequestFlow } from './use-request-flow'
import { PendingStatus } from '@/components/pending-status'

interface AvailableItemsPageProps {
  search: AvailableSearch
  onSearchChange: (patch: Partial<AvailableSearch>) => void
  /** Shown under the route once both places are chosen (the route puts "Save as trip" here). */
  routeActions?: ReactNode
}

const CHOOSE_PLACES_PROMPT =
  'Please select your destination and current location to see available items.'
const NO_POSITION =
  'Tote could not get your location. Choose your current location above or allow location for this site.'
/** How long "Use my location" waits for a fix. */
const POSITION_WAIT_MS = 10_000

/** Each listed item's pickup and drop-off, numbered as the cards are. */
function stopsOf(items: Item[]): MapStop[] {
  return items.flatMap((item, index) => [
    {
      id: item.id,
      number: index + 1,
      kind: 'pickup' as const,
      lat: item.from_location.lat,
      lng: item.from_location.lng,
      label: `${index + 1}. ${item.name}: pickup`,
    },
    {
      id: item.id,
      number: index + 1,
      kind: 'dropoff' as const,
      lat: item.to_location.lat,
      lng: item.to_location.lng,
      label: `${index + 1}. ${item.name}: drop-off`,
    },
  ])
}

export function AvailableItemsPage({
  search,
  onSearchChange,
  routeActions,
}: AvailableItemsPageProps) {
  const userId = useSession()?.user.id
  const [dialogItem, setDialogItem] = useState<Item | null>(null)
  const flow = useRequestFlow()
  const outbox = useOutbox()
  const { origin, destination } = search
  const ready = Boolean(origin && destination)
  // Never an empty start (issue 29 part 4): the route's items, else those near the origin, else
  // the newest open items.
  const nearOnly = !ready && origin !== undefined

  // On a phone a route the page opens with folds into one line ("Change route" opens the fields
  // again), so the results start on the first screen. Places being chosen stay in view until
  // "Done": the field in use never vanishes under the thumb.
  const phone = useIsPhone()
  const [changingRoute, setChangingRoute] = useState(false)
  const compactRoute = phone && ready && !changingRoute
  const routeRef = useRef<HTMLElement>(null)
  const changeRef = useRef<HTMLButtonElement>(null)
  const moveFocus = useRef<'fields' | 'change' | null>(null)
  useEffect(() => {
    const target = moveFocus.current
    moveFocus.current = null
    if (target === 'fields') routeRef.current?.querySelector('input')?.focus()
    if (target === 'change') changeRef.current?.focus()
  }, [compactRoute])
  const changeRoute = (changing: boolean) => {
    moveFocus.current = changing ? 'fields' : 'change'
    setChangingRoute(changing)
  }
  const choosePlace = (patch: Pick<AvailableSearch, 'origin' | 'destination'>) => {
    setChangingRoute(true)
    onSearchChange({ ...patch, page: undefined })
  }

  // The request flow returns here from an item's detail page with these choices; the next visit
  // starts from the last route.
  useEffect(() => rememberListSearch(search), [search])
  useEffect(() => {
    if (userId) rememberLastRoute(userId, search)
  }, [userId, search])

  const list = useQuery({
    ...availableItemsQueryOptions({
      ...(origin && { origin }),
      ...(origin && destination && { destination }),
      radiusKm: search.radius ?? DEFAULT_RADIUS_KM,
      page: search.page ?? 1,
      perPage: search.per_page ?? 10,
      search: search.search,
    }),
  })

  // "Use my location": the position is asked for only on this tap.
  const [locating, setLocating] = useState(false)
  const [positionFailed, setPositionFailed] = useState(false)
  const locateMe = async () => {
    setLocating(true)
    setPositionFailed(false)
    const position = await quickPosition(POSITION_WAIT_MS)
    setLocating(false)
    if (!position) return setPositionFailed(true)
    onSearchChange({
      origin: { lat: position.latitude, lng: position.longitude, address: 'My location' },
      page: undefined,
    })
  }

  // In a transition: the tap is answered at once (the button's press is drawn) and the dialog
  // follows, rather than the page waiting for the dialog's first render before it paints.
  const openDialog = useCallback((item: Item) => startTransition(() => setDialogItem(item)), [])
  const closeDialog = useCallback(() => startTransition(() => setDialogItem(null)), [])

  // A marker chosen on the map: its card stands out, comes into view and takes the focus.
  const [activeItem, setActiveItem] = useState<string | null>(null)
  // The cards are drawn at a lower priority than input (React yields to a key or tap while it
  // draws them): clearing a place field reloads the list, and its answer came in while the
  // deliverer typed the next place, holding a key for ~200 ms on a phone (issue 30 part 2).
  // Shown only while the list has an answer, so a new search never shows the old cards.
  const answer = useDeferredValue(list.data)
  const results = list.data ? answer : undefined
  const items = results?.items
  const stops = useMemo(() => (items ? stopsOf(items) : []), [items])
  const showItem = useCallback((id: string) => {
    setActiveItem(id)
    const card = document.getElementById(`card-${id}`)
    // jsdom has no scrollIntoView; a browser always does.
    card?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' })
    card?.focus({ preventScroll: true })
  }, [])

  return (
    <Stack gap="6">
      {/* The lead sentence explains the place fields: not shown while they are folded away. */}
      <PageIntro title="Available items">
        {!compactRoute &&
          'Choose your current location and destination to find items along your route.'}
      </PageIntro>

      <Box
        as="section"
        ref={routeRef}
        aria-label="Your route"
        bg="bg"
        borderWidth="1px"
        rounded="lg"
        p="4"
      >
        {compactRoute && origin && destination ? (
          <RouteSummary
            origin={origin}
            destination={destination}
            onChange={() => changeRoute(true)}
            changeRef={changeRef}
          >
            {routeActions}
          </RouteSummary>
        ) : (
          <>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
              <MapLocationPicker
                label="Current location"
                pointName="where you are"
                value={origin ?? null}
                onChange={(value) => choosePlace({ origin: value ?? undefined })}
                required
              />
              <MapLocationPicker
                label="Destination"
                pointName="where you are going"
                value={destination ?? null}
                onChange={(value) => choosePlace({ destination: value ?? undefined })}
                required
              />
            </SimpleGrid>
            {!origin && (
              <Stack mt="4" gap="2">
                <HStack>
                  <Button variant="outline" loading={locating} onClick={() => void locateMe()}>
                    Use my location
                  </Button>
                </HStack>
                {positionFailed && <FormAlert status="error">{NO_POSITION}</FormAlert>}
              </Stack>
            )}
            {ready && (routeActions || (phone && changingRoute)) && (
              <HStack mt="4" gap="2" wrap="wrap">
                {routeActions}
                {phone && changingRoute && (
                  <Button variant="outline" onClick={() => changeRoute(false)}>
                    Done
                  </Button>
                )}
              </HStack>
            )}
          </>
        )}
      </Box>

      <AvailableFilters search={search} onChange={onSearchChange} />

      <Box as="section" aria-labelledby="results-heading">
        <Heading as="h2" size="lg" id="results-heading" mb="3">
          {ready ? 'Items on your route' : nearOnly ? 'Items near you' : 'Newest items'}
        </Heading>
        {!ready && (
          <Box mb="3">
            <FormAlert status="info">{CHOOSE_PLACES_PROMPT}</FormAlert>
          </Box>
        )}
        {(list.isPending || (list.data && !results)) && (
          <PendingStatus paused={list.isPaused}>Loading available items…</PendingStatus>
        )}
        {list.isError && (
          <FormAlert status="error">
            {failureMessage(list.error, 'Failed to load available items')}
          </FormAlert>
        )}
        {results && results.items.length === 0 && <Text color="fg.muted">No items available</Text>}
        {results && results.items.length > 0 && (
          <Stack gap="4">
            {origin && destination && (
              <CorridorMap
                from={origin}
                to={destination}
                radiusKm={search.radius ?? DEFAULT_RADIUS_KM}
                stops={stops}
                onStop={showItem}
                activeStop={activeItem}
              />
            )}
            <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
              {results.items.map((item, index) => (
                <AvailableItemCard
                  key={item.id}
                  number={index + 1}
                  highlighted={item.id === activeItem}
                  item={item}
                  requested={isRequestedBy(item, userId)}
                  declined={isDeclinedFor(item, userId)}
                  queued={waitingWrite(outbox.entries, 'request-item', item.id) !== null}
                  onRequest={openDialog}
                />
              ))}
            </SimpleGrid>
            <Pager pagination={results.pagination} onPage={(page) => onSearchChange({ page })} />
          </Stack>
        )}
      </Box>

      <RequestDialog
        item={dialogItem}
        onClose={closeDialog}
        onSubmit={(file, offer) => {
          if (dialogItem) flow.start({ item: dialogItem, file, offer })
          setDialogItem(null)
        }}
      />
      <ConsentDialog
        open={flow.consentOpen}
        busy={flow.busy}
        onAccept={flow.accept}
        onCancel={flow.cancel}
      />
      <FailurePopup message={flow.failure} onClose={flow.closeFailure} />
    </Stack>
  )
}
