import { Button, Dialog, HStack, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import type { AdminUser } from '@contract/admin'
import { roles, type Role } from '@contract/user'
import { FormAlert } from '@/components/form-alert'
import { failureMessage } from '@/lib/api-failure'
import { AppDialog } from '@/components/app-dialog'
import { humanize } from '@/lib/format'
import { optionsOf, SelectField } from './select-field'
import { useUpdateUserMutation } from './users-api'

const roleOptions = optionsOf(roles, humanize)

interface UserActionsProps {
  user: AdminUser
  /** The signed-in admin's own row: no role change or deactivation (it would lock them out). */
  isSelf: boolean
  onDone: (message: string) => void
}

export function UserActions({ user, isSelf, onDone }: UserActionsProps) {
  const mutation = useUpdateUserMutation()
  const [role, setRole] = useState<Role>(user.role)
  const [confirming, setConfirming] = useState(false)

  if (isSelf) return <Text color="fg.muted">This is you</Text>

  function saveRole() {
    mutation.mutate(
      { user_id: user.id, role },
      {
        onSuccess: (a) =>
          onDone(a.message || `${user.name} is now ${humanize(role).toLowerCase()}`),
      },
    )
  }
  function setActive(active: boolean) {
    mutation.mutate(
      { user_id: user.id, active },
      {
        onSuccess: (a) => {
          setConfirming(false)
          onDone(a.message || `${user.name} was ${active ? 'reactivated' : 'deactivated'}`)
        },
      },
    )
  }

  const error = mutation.isError ? failureMessage(mutation.error, 'Failed to update user') : null
  return (
    <Stack gap="2" minW="56">
      <HStack align="end" gap="2">
        <SelectField
          label={`Role of ${user.name}`}
          size="sm"
          value={role}
          onValueChange={(value) => setRole(value as Role)}
          options={roleOptions}
        />
        <Button
          size="sm"
          variant="outline"
          disabled={role === user.role || mutation.isPending}
          onClick={saveRole}
        >
          Save role
        </Button>
      </HStack>
      {user.active ? (
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          aria-label={`Deactivate ${user.name}`}
          onClick={() => {
            mutation.reset()
            setConfirming(true)
          }}
        >
          Deactivate
        </Button>
      ) : (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Reactivate ${user.name}`}
          loading={mutation.isPending}
          onClick={() => setActive(true)}
        >
          Reactivate
        </Button>
      )}
      {error && !confirming && <FormAlert status="error">{error}</FormAlert>}
      <AppDialog
        title={`Deactivate ${user.name}?`}
        role="alertdialog"
        open={confirming}
        onClose={() => setConfirming(false)}
      >
        <Dialog.Body>
          <Stack gap="4">
            <Text>
              {user.name} ({user.email}) is signed out on every device at once and cannot sign in
              again until reactivated. Their items and deliveries stay as they are.
            </Text>
            {error && <FormAlert status="error">{error}</FormAlert>}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button colorPalette="red" loading={mutation.isPending} onClick={() => setActive(false)}>
            Deactivate user
          </Button>
        </Dialog.Footer>
      </AppDialog>
    </Stack>
  )
}
