import { Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** What a page waiting for data shows offline, when nothing of it is saved on this device. */
export const NOT_SAVED_OFFLINE =
  'You are offline and this is not saved on this device yet. It loads when you are back online.'

/**
 * The loading line of a query: its own words ('Loading trips…'), or, when the query waits for the
 * network (paused offline with nothing saved), says so instead of spinning without end.
 */
export function PendingStatus({ paused, children }: { paused: boolean; children: ReactNode }) {
  return <Text role="status">{paused ? NOT_SAVED_OFFLINE : children}</Text>
}
