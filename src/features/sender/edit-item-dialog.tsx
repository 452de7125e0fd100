import { Button, Dialog, Stack } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import type { Item } from '@contract/items'
import { AppDialog } from '@/components/app-dialog'
import { ErrorAlert } from '@/components/form-alert'
import { serverFieldErrors, type FieldErrors } from '@/lib/validation'
import { useUpdateItemMutation } from './api'
import { itemToForm, normaliseFieldErrors, parseUpdateItem, type ItemFormValues } from './item-form'
import { ItemFormFields } from './item-form-fields'

interface EditItemDialogProps {
  item: Item
  open: boolean
  onClose: () => void
  onSaved: () => void
}

/** docs/spec.md section 5: offered only while sending_approval is pending (the caller decides). */
export function EditItemDialog({ item, open, onClose, onSaved }: EditItemDialogProps) {
  return (
    <AppDialog title="Edit item" open={open} onClose={onClose} size="lg" scrollBehavior="inside">
      {open && <EditForm item={item} onClose={onClose} onSaved={onSaved} />}
    </AppDialog>
  )
}

function EditForm({ item, onClose, onSaved }: Omit<EditItemDialogProps, 'open'>) {
  const update = useUpdateItemMutation()
  const [values, setValues] = useState<ItemFormValues>(() => itemToForm(item))
  const [errors, setErrors] = useState<FieldErrors>({})

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = parseUpdateItem(item, values)
    if (!parsed.ok) return setErrors(parsed.errors)
    setErrors({})
    update.mutate(parsed.data, {
      onSuccess: onSaved,
      onError: (error) => setErrors(normaliseFieldErrors(serverFieldErrors(error))),
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          <ErrorAlert error={update.error} fallback="Failed to update item" />
          <ItemFormFields
            values={values}
            errors={errors}
            onChange={(patch) => setValues((v) => ({ ...v, ...patch }))}
          />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" type="button" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="submit"
          colorPalette="brand"
          loading={update.isPending}
          loadingText="Saving..."
        >
          Save changes
        </Button>
      </Dialog.Footer>
    </form>
  )
}
