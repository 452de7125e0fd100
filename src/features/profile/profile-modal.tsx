import { Button, Dialog, Stack } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { CURRENT_PASSWORD_REQUIRED, updateUserBody, type UserData } from '@contract/user'
import { PendingStatus } from '@/components/pending-status'
import { AppDialog } from '@/components/app-dialog'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { serverFieldErrors, validate, type FieldErrors } from '@/lib/validation'
import { useUpdateUserMutation, userDataQueryOptions } from './api'

/** docs/spec.md section 9: the modal closes 1.5 s after a successful save. */
const CLOSE_AFTER_SAVE_MS = 1500

interface ProfileModalProps {
  open: boolean
  onClose: () => void
}

export function ProfileModal({ open, onClose }: ProfileModalProps) {
  const userData = useQuery({ ...userDataQueryOptions(), enabled: open })

  return (
    <AppDialog title="Profile settings" open={open} onClose={onClose}>
      {userData.isPending && (
        <Dialog.Body>
          <PendingStatus spinner>Loading your profile…</PendingStatus>
        </Dialog.Body>
      )}
      {userData.isError && (
        <Dialog.Body>
          <FormAlert status="error">Failed to load user data</FormAlert>
        </Dialog.Body>
      )}
      {userData.isSuccess && <ProfileForm initial={userData.data} onClose={onClose} />}
    </AppDialog>
  )
}

function ProfileForm({ initial, onClose }: { initial: UserData; onClose: () => void }) {
  const update = useUpdateUserMutation()
  const [form, setForm] = useState({
    name: initial.name,
    phone: initial.phone,
    address: initial.address,
    password: '',
    current_password: '',
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }))

  // A ref so a parent re-render (new onClose identity) does not restart the countdown.
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })
  useEffect(() => {
    if (!update.isSuccess) return
    const timer = setTimeout(() => onCloseRef.current(), CLOSE_AFTER_SAVE_MS)
    return () => clearTimeout(timer)
  }, [update.isSuccess])

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const { current_password, ...fields } = form
    // The current password goes along only with a new one (the server asks for it then).
    const body = fields.password ? { ...fields, current_password } : fields
    const result = validate(updateUserBody, body)
    if (!result.ok) return setErrors(result.errors)
    if (fields.password && !current_password)
      return setErrors({ current_password: CURRENT_PASSWORD_REQUIRED })
    setErrors({})
    update.mutate(result.data, { onError: (error) => setErrors(serverFieldErrors(error)) })
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          {update.isSuccess && (
            <FormAlert status="success">
              {update.data.message || 'Profile updated successfully'}
            </FormAlert>
          )}
          <ErrorAlert error={update.error} fallback="Failed to update profile" />
          <FormField
            label="Name"
            name="name"
            autoComplete="name"
            value={form.name}
            onValueChange={set('name')}
            error={errors.name}
            required
          />
          <FormField
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="tel"
            value={form.phone}
            onValueChange={set('phone')}
            error={errors.phone}
          />
          <FormField
            label="Address"
            name="address"
            autoComplete="street-address"
            value={form.address}
            onValueChange={set('address')}
            error={errors.address}
          />
          <FormField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onValueChange={set('password')}
            error={errors.password}
            helperText="Leave blank to keep your current password"
          />
          {form.password && (
            <FormField
              label="Current password"
              name="current_password"
              type="password"
              autoComplete="current-password"
              value={form.current_password}
              onValueChange={set('current_password')}
              error={errors.current_password}
              required
            />
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose} type="button">
          Cancel
        </Button>
        <Button
          type="submit"
          colorPalette="brand"
          disabled={update.isPending || update.isSuccess}
          loading={update.isPending}
        >
          Save changes
        </Button>
      </Dialog.Footer>
    </form>
  )
}
