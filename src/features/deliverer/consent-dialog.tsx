import { Button, Dialog, Heading, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { AppDialog } from '@/components/app-dialog'
import { FormAlert } from '@/components/form-alert'
import { delivererTermsQueryOptions } from './api'
import { PendingStatus } from '@/components/pending-status'

interface ConsentDialogProps {
  open: boolean
  busy: boolean
  onAccept: () => void
  onCancel: () => void
}

/** docs/spec.md section 2 "Terms dialog": the deliverer's consent terms, with Accept and Cancel. */
export function ConsentDialog({ open, busy, onAccept, onCancel }: ConsentDialogProps) {
  const terms = useQuery({ ...delivererTermsQueryOptions(), enabled: open })
  return (
    <AppDialog
      title="Terms and conditions"
      open={open}
      onClose={onCancel}
      size="lg"
      scrollBehavior="inside"
    >
      <Dialog.Body>
        {terms.isPending && <PendingStatus paused={terms.isPaused}>Loading terms…</PendingStatus>}
        {terms.isError && <FormAlert status="error">Failed to fetch terms.</FormAlert>}
        {terms.isSuccess && (
          <Stack gap="4">
            <Text>By requesting this item you agree to the following terms.</Text>
            {terms.data.map((term) => (
              <Stack key={term.id} gap="1">
                <Heading as="h3" size="sm">
                  {term.title}
                </Heading>
                <Text whiteSpace="pre-line">{term.description}</Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          colorPalette="brand"
          onClick={onAccept}
          disabled={!terms.isSuccess || busy}
          loading={busy}
        >
          Accept
        </Button>
      </Dialog.Footer>
    </AppDialog>
  )
}
