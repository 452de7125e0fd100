import { Button, Dialog, Stack } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { termBody, termRole, type Term } from '@contract/terms'
import { ErrorAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { TextareaField } from '@/components/textarea-field'
import { serverFieldErrors, validate, type FieldErrors } from '@/lib/validation'
import { AppDialog } from '@/components/app-dialog'
import { humanize } from '@/lib/format'
import { optionsOf, SelectField } from './select-field'
import { useSaveTermMutation } from './terms-api'

interface TermDialogProps {
  /** The agreement being edited; none to add a new one. */
  term?: Term
  onClose: () => void
  onSaved: (message: string) => void
}

export function TermDialog({ term, onClose, onSaved }: TermDialogProps) {
  const mutation = useSaveTermMutation()
  const [form, setForm] = useState({
    title: term?.title ?? '',
    description: term?.description ?? '',
    role: term?.role ?? 'deliverer',
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }))

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const result = validate(termBody, form)
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    mutation.mutate(
      { id: term?.id, body: result.data },
      {
        onSuccess: (answer) =>
          onSaved(answer.message || (term ? 'Agreement updated' : 'Agreement added')),
        onError: (error) => setErrors(serverFieldErrors(error)),
      },
    )
  }

  return (
    <AppDialog title={term ? 'Edit agreement' : 'Add agreement'} open onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            <ErrorAlert error={mutation.error} fallback="Failed to save the agreement" />
            <FormField
              label="Title"
              name="title"
              value={form.title}
              onValueChange={set('title')}
              error={errors.title}
              required
            />
            <TextareaField
              label="Description"
              name="description"
              value={form.description}
              onValueChange={set('description')}
              error={errors.description}
              rows={8}
              required
            />
            <SelectField
              label="Role"
              name="role"
              value={form.role}
              onValueChange={set('role')}
              options={optionsOf(termRole.options, humanize)}
              error={errors.role}
            />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={mutation.isPending}>
            {term ? 'Save agreement' : 'Add agreement'}
          </Button>
        </Dialog.Footer>
      </form>
    </AppDialog>
  )
}
