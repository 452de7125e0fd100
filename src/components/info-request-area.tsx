import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { Item } from '@contract/items'
import { QUEUED_WRITE_MESSAGE, waitingWrite } from '@/lib/outbox/queued-writes'
import { useOutbox } from '@/lib/outbox/use-outbox'
import { DocumentViewer } from './document-viewer'
import { InfoResponseDialog } from './info-response-dialog'
import { toaster } from './ui/toaster'

export interface InfoRequestAreaProps {
  item: Item
  /** Whose side this is: picks info_request_to_sender or info_request_to_deliverer. */
  party: 'sender' | 'deliverer'
  /** docs/spec.md section 4: Respond shows only while the user's own approval is pending. */
  approvalPending: boolean
}

/** An admin's request for further information and the user's answer (docs/spec.md sections 2 and 4). */
export function InfoRequestArea({ item, party, approvalPending }: InfoRequestAreaProps) {
  const request = party === 'sender' ? item.info_request_to_sender : item.info_request_to_deliverer
  const [viewing, setViewing] = useState<{ path: string; title: string } | null>(null)
  const [responding, setResponding] = useState(false)
  const queued = waitingWrite(useOutbox().entries, 'respond-further-info', item.id)
  if (!request) return null

  const response =
    (party === 'sender' ? request.sender_response : request.deliverer_response) ?? null
  const answered = Boolean(response || request.response_at)

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text)
      toaster.create({ title: 'Copied to clipboard!', type: 'success' })
    } catch {
      // Clipboard access can be refused (permissions, insecure origin); the text stays selectable.
    }
  }

  return (
    <Box
      as="section"
      id="info-request"
      aria-label="Admin information request"
      borderWidth="1px"
      borderColor="orange.300"
      bg="orange.subtle"
      borderRadius="lg"
      p="4"
    >
      <Stack gap="3">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="semibold">The admin asked for more information</Text>
          <Badge
            colorPalette={answered || queued ? 'green' : approvalPending ? 'orange' : 'gray'}
            // Subtle: white on Chakra's solid green or orange is below AA for small text.
            variant="subtle"
          >
            {/* Unanswered once approval is no longer pending: it can no longer be answered. */}
            {queued
              ? 'Queued'
              : answered
                ? 'Information submitted'
                : approvalPending
                  ? 'Action required'
                  : 'Not needed anymore'}
          </Badge>
        </HStack>
        <Text whiteSpace="pre-wrap">{request.description}</Text>
        <HStack gap="2" wrap="wrap">
          <Button size="xs" variant="outline" onClick={() => void copy(request.description)}>
            Copy to clipboard
          </Button>
          {request.request_file_path && (
            <Button
              size="xs"
              variant="outline"
              onClick={() =>
                setViewing({ path: request.request_file_path!, title: "Admin's attached file" })
              }
            >
              View attached file
            </Button>
          )}
        </HStack>
        {queued && (
          <Box borderTopWidth="1px" pt="3">
            <Text fontSize="sm" fontWeight="semibold" color="orange.fg">
              {QUEUED_WRITE_MESSAGE}
            </Text>
            <Text whiteSpace="pre-wrap">{queued.fields.description}</Text>
            {queued.file && (
              <Text fontSize="sm" color="fg.muted">
                Attached: {queued.file.name}
              </Text>
            )}
          </Box>
        )}
        {answered && !queued && (
          <Box borderTopWidth="1px" pt="3">
            <Text fontSize="sm" color="fg.muted">
              Your response
            </Text>
            <Text whiteSpace="pre-wrap">{response}</Text>
            {request.response_file_path && (
              <Button
                mt="2"
                size="xs"
                variant="outline"
                onClick={() =>
                  setViewing({ path: request.response_file_path!, title: 'Your attached file' })
                }
              >
                View your file
              </Button>
            )}
          </Box>
        )}
        {approvalPending && !queued && (
          <Box>
            <Button size="sm" colorPalette="brand" onClick={() => setResponding(true)}>
              {answered ? 'Resubmit response' : 'Respond'}
            </Button>
          </Box>
        )}
      </Stack>
      <DocumentViewer
        filePath={viewing?.path ?? null}
        title={viewing?.title ?? 'Document'}
        open={viewing !== null}
        onClose={() => setViewing(null)}
      />
      <InfoResponseDialog
        itemId={item.id}
        party={party}
        open={responding}
        onClose={() => setResponding(false)}
      />
    </Box>
  )
}
