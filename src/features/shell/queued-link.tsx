import { Badge, Button } from '@chakra-ui/react'
import { useOutbox } from '@/lib/outbox/use-outbox'

/** 'Queued' with a count in the sidebar while the outbox holds unsent changes; opens the list. */
export function QueuedLink({ onOpen }: { onOpen: () => void }) {
  const { pending, failed } = useOutbox()
  if (pending === 0) return null
  return (
    <>
      <Button
        variant="ghost"
        justifyContent="space-between"
        w="full"
        px="3"
        onClick={onOpen}
        aria-label={`Queued: ${pending} unsent change${pending === 1 ? '' : 's'}`}
      >
        Queued
        <Badge colorPalette={failed > 0 ? 'red' : 'orange'}>{pending}</Badge>
      </Button>
    </>
  )
}
