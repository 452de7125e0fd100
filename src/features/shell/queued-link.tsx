import { Badge, Button } from '@chakra-ui/react'
import { useState } from 'react'
import { useOutbox } from '@/lib/outbox/use-outbox'
import { OutboxDialog } from './outbox-dialog'

/** 'Queued' with a count in the sidebar while the outbox holds unsent changes. */
export function QueuedLink() {
  const { pending, failed } = useOutbox()
  const [open, setOpen] = useState(false)
  if (pending === 0 && !open) return null
  return (
    <>
      <Button
        variant="ghost"
        justifyContent="space-between"
        w="full"
        px="3"
        onClick={() => setOpen(true)}
        aria-label={`Queued: ${pending} unsent change${pending === 1 ? '' : 's'}`}
      >
        Queued
        <Badge colorPalette={failed > 0 ? 'red' : 'orange'}>{pending}</Badge>
      </Button>
      <OutboxDialog open={open} onClose={() => setOpen(false)} />
    </>
  )
}
