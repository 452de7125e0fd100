import { Badge, Button, Dialog, HStack, Stack, Text } from '@chakra-ui/react'
import { AppDialog } from '@/components/app-dialog'
import type { OutboxEntry } from '@/lib/db'
import { discardWrite, retryWrite } from '@/lib/outbox/client'
import { useOutbox } from '@/lib/outbox/use-outbox'

const statusText: Record<OutboxEntry['status'], string> = {
  queued: 'Waiting for the network',
  sending: 'Sending',
  failed: 'Not accepted',
  sent: 'Sent',
}
const statusPalette: Record<OutboxEntry['status'], string> = {
  queued: 'gray',
  sending: 'blue',
  failed: 'red',
  sent: 'green',
}

function EntryRow({ entry }: { entry: OutboxEntry }) {
  return (
    <Stack as="li" gap="2" borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between" align="start" gap="3">
        <Stack gap="0">
          <Text fontWeight="semibold">{entry.label}</Text>
          <Text fontSize="sm" color="fg.muted">
            {new Date(entry.createdAt).toLocaleString('en-US')}
            {entry.file ? ` · ${entry.file.name}` : ''}
          </Text>
        </Stack>
        <Badge colorPalette={statusPalette[entry.status]}>{statusText[entry.status]}</Badge>
      </HStack>
      {entry.status !== 'sent' && entry.error && (
        <Text fontSize="sm" color={entry.status === 'failed' ? 'fg.error' : 'fg'}>
          {entry.error}
        </Text>
      )}
      {entry.status !== 'sent' && (
        <HStack gap="2">
          <Button
            size="xs"
            onClick={() => void retryWrite(entry.id)}
            disabled={entry.status === 'sending'}
          >
            Retry
          </Button>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={() => void discardWrite(entry.id)}
          >
            Discard
          </Button>
        </HStack>
      )}
    </Stack>
  )
}

/** The outbox (docs/design.md "Offline"): changes saved on this device, with Retry and Discard. */
export function OutboxDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { entries } = useOutbox()
  return (
    <AppDialog title="Queued changes" open={open} onClose={onClose} size="md">
      <Dialog.Body>
        <Text fontSize="sm" color="fg.muted" mb="3">
          Changes made without a connection are sent in order when the network is back.
        </Text>
        {entries.length === 0 ? (
          <Text>Nothing is waiting to be sent.</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none">
            {entries.map((entry) => (
              <EntryRow key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
      </Dialog.Body>
    </AppDialog>
  )
}
