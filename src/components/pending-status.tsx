import { HStack, Spinner, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** What a page waiting for data shows offline, when nothing of it is saved on this device. */
export const NOT_SAVED_OFFLINE =
  'You are offline and this is not saved on this device yet. It loads when you are back online.'

/**
 * The loading line of a query: its own words ('Loading trips…'), or, when the query waits for the
 * network (paused offline with nothing saved), says so instead of spinning without end. `spinner`
 * adds the turning wheel of the pages that have one; a paused query never shows it.
 */
export function PendingStatus({
  paused = false,
  spinner = false,
  children,
}: {
  /** The query waits for the network with nothing saved (not given: a wait that is not a query's). */
  paused?: boolean
  spinner?: boolean
  children: ReactNode
}) {
  if (paused) return <Text role="status">{NOT_SAVED_OFFLINE}</Text>
  if (!spinner) return <Text role="status">{children}</Text>
  return (
    <HStack role="status" gap="3">
      <Spinner size="sm" />
      <Text>{children}</Text>
    </HStack>
  )
}
