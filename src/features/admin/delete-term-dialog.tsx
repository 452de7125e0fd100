import { Button, Dialog, Stack, Text } from '@chakra-ui/react'
import type { Term } from '@contract/terms'
import { ErrorAlert } from '@/components/form-alert'
import { AppDialog } from '@/components/app-dialog'
import { useDeleteTermMutation } from './terms-api'

interface DeleteTermDialogProps {
  term: Term
  onClose: () => void
  onDeleted: (message: string) => void
}

export function DeleteTermDialog({ term, onClose, onDeleted }: DeleteTermDialogProps) {
  const mutation = useDeleteTermMutation()
  return (
    <AppDialog title="Delete agreement?" role="alertdialog" open onClose={onClose}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            “{term.title}” will no longer be shown to {term.role}s. Consents already given are kept
            on record.
          </Text>
          <ErrorAlert error={mutation.error} fallback="Failed to delete the agreement" />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button
          colorPalette="red"
          loading={mutation.isPending}
          onClick={() =>
            mutation.mutate(term.id, {
              onSuccess: (answer) => onDeleted(answer.message || 'Agreement deleted'),
            })
          }
        >
          Delete agreement
        </Button>
      </Dialog.Footer>
    </AppDialog>
  )
}
