import { Badge, VisuallyHidden } from '@chakra-ui/react'

/**
 * A delivery's unread messages (`unread_messages` of the item, decision 039) beside its name in
 * the lists: nothing when none. Red on white text passes AA; the word "messages" is for screen
 * readers, the eye has the short form.
 */
export function UnreadMessagesBadge({ count }: { count: number | undefined }) {
  if (!count) return null
  return (
    <Badge colorPalette="red" variant="solid" ms="2">
      {count > 99 ? '99+' : count} unread
      <VisuallyHidden> message{count === 1 ? '' : 's'}</VisuallyHidden>
    </Badge>
  )
}
