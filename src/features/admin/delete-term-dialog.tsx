import type { Term } from '@contract/terms'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { useDeleteTermMutation } from './terms-api'

interface DeleteTermDialogProps {
  term: Term
  onClose: () => void
  onDeleted: (message: string) => void
}

export function DeleteTermDialog({ term, onClose, onDeleted }: DeleteTermDialogProps) {
  const mutation = useDeleteTermMutation()
  return (
    <ConfirmDialog
      title="Delete agreement?"
      confirmLabel="Delete agreement"
      busy={mutation.isPending}
      error={mutation.error}
      errorFallback="Failed to delete the agreement"
      onClose={onClose}
      onConfirm={() =>
        mutation.mutate(term.id, {
          onSuccess: (answer) => onDeleted(answer.message || 'Agreement deleted'),
        })
      }
    >
      “{term.title}” will no longer be shown to {term.role}s. Consents already given are kept on
      record.
    </ConfirmDialog>
  )
}
