import { Text } from '@chakra-ui/react'
import type { RatingSummary as Summary } from '@contract/ratings'

/**
 * A person's record (decision 039): the average and count of their visible ratings, in words a
 * screen reader reads as they are. The server answers null below 3 of them, and this shows
 * nothing then (or when the field is absent).
 */
export function RatingSummary({ summary }: { summary: Summary | undefined }) {
  if (!summary) return null
  return (
    <Text as="span">
      <span aria-hidden="true">★ </span>
      Rated {summary.average.toFixed(1)} out of 5 from {summary.count} rating
      {summary.count === 1 ? '' : 's'}
    </Text>
  )
}
