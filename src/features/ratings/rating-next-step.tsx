import { Button, Text, VisuallyHidden } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { itemRatingsQueryOptions } from './api'

/**
 * The delivered next-step card's rating action (decision 048): "Rate <name>" while the viewer may
 * still rate, their own rating once it is in (a second rating is refused, so the button would
 * only lead to a dead end), nothing after the window closed. Composed by the item routes, so the
 * sender's and deliverer's features stay apart from this one.
 */
export function RatingNextStep({ itemId, otherName }: { itemId: string; otherName: string }) {
  const data = useQuery(itemRatingsQueryOptions(itemId)).data
  if (data?.mine)
    return (
      <Text fontWeight="medium">
        You rated {otherName} {data.mine.stars} <span aria-hidden="true">★</span>{' '}
        <VisuallyHidden>{data.mine.stars === 1 ? 'star' : 'stars'}</VisuallyHidden>
      </Text>
    )
  if (!data?.can_rate) return null
  return (
    <Button asChild variant="outline">
      <a href="#rating">Rate {otherName}</a>
    </Button>
  )
}
