import { Box, Text } from '@chakra-ui/react'
import type { Item } from '@contract/items'

/** The deliverer's own rejection on an item (the server lists no one else's), or undefined. */
function ownRejection(item: Item, userId: string | undefined) {
  return item.rejected_deliverer.find((r) => r.id === userId)
}

/** "The sender declined your request", with the reason they gave, if any. */
export function RejectionNotice({ item, userId }: { item: Item; userId: string | undefined }) {
  const rejection = ownRejection(item, userId)
  if (!rejection) return null
  return (
    <Box
      role="note"
      aria-label="Sender's decision"
      borderWidth="1px"
      borderColor="border.error"
      bg="bg.error"
      borderRadius="md"
      px="3"
      py="2"
    >
      <Text fontWeight="semibold" fontSize="sm">
        The sender declined your request.
      </Text>
      <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
        {rejection.reason ? `Reason: ${rejection.reason}` : 'No reason given.'}
      </Text>
    </Box>
  )
}
