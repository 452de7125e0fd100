import { Button, Dialog, Stack } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { adminCreateUserBody } from '@contract/admin'
import { roles } from '@contract/user'
import { ErrorAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { serverFieldErrors, validate, type FieldErrors } from '@/lib/validation'
import { AppDialog } from '@/components/app-dialog'
import { humanize } from '@/lib/format'
import { optionsOf, SelectField } from './select-field'
import { useCreateUserMutation } from './users-api'

interface CreateUserDialogProps {
  open: boolean
  onClose: () => void
  onCreated: (message: string) => void
}

export function CreateUserDialog({ open, onClose, onCreated }: CreateUserDialogProps) {
  const mutation = useCreateUserMutation()
  const [form, setForm] = useState({ name: '', email: '', role: 'sender' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }))

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const result = validate(adminCreateUserBody, form)
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    mutation.mutate(result.data, {
      // The person chooses their own password: the server mails them a set-password link.
      onSuccess: (answer) =>
        onCreated(
          `${answer.data.user.name} was created. A set-password email was sent to ${answer.data.user.email}.`,
        ),
      onError: (error) => setErrors(serverFieldErrors(error)),
    })
  }

  return (
    <AppDialog title="Create user" open={open} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            <ErrorAlert error={mutation.error} fallback="Failed to create user" />
            <FormField
              label="Name"
              name="name"
              autoComplete="off"
              value={form.name}
              onValueChange={set('name')}
              error={errors.name}
              required
            />
            <FormField
              label="Email"
              name="email"
              type="email"
              autoComplete="off"
              value={form.email}
              onValueChange={set('email')}
              error={errors.email}
              required
            />
            <SelectField
              label="Role"
              name="role"
              value={form.role}
              onValueChange={set('role')}
              options={optionsOf(roles, humanize)}
              error={errors.role}
            />
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={mutation.isPending}>
            Create user
          </Button>
        </Dialog.Footer>
      </form>
    </AppDialog>
  )
}
