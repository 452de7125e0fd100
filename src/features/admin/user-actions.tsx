import { Button, Dialog, Menu, Portal, Stack, Text } from '@chakra-ui/react'
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

type Open = 'role' | 'deactivate' | null

// The theme (src/components/ui/system.ts) carries no menu recipe yet: the menu's own look here.
const menuContentStyle = {
  bg: 'bg.panel',
  borderWidth: '1px',
  borderRadius: 'md',
  boxShadow: 'lg',
  p: '1',
  minW: '44',
  outline: 'none',
  zIndex: 'dropdown',
} as const
const menuItemStyle = {
  display: 'flex',
  alignItems: 'center',
  px: '3',
  py: '2',
  minH: '10',
  borderRadius: 'sm',
  cursor: 'pointer',
  _highlighted: { bg: 'bg.muted' },
} as const

/**
 * A row's actions in one menu ("Actions", named for its user): the table stays narrow and each
 * row reads the same; each action opens its own dialog (reactivating needs none).
 */
export function UserActions({ user, isSelf, onDone }: UserActionsProps) {
  const mutation = useUpdateUserMutation()
  const [open, setOpen] = useState<Open>(null)

  if (isSelf) return <Text color="fg.muted">This is you</Text>

  function show(next: Open) {
    mutation.reset()
    setOpen(next)
  }
  function saveRole(role: Role) {
    mutation.mutate(
      { user_id: user.id, role },
      {
        onSuccess: (a) => {
          setOpen(null)
          onDone(a.message || `${user.name} is now ${humanize(role).toLowerCase()}`)
        },
      },
    )
  }
  function setActive(active: boolean) {
    mutation.mutate(
      { user_id: user.id, active },
      {
        onSuccess: (a) => {
          setOpen(null)
          onDone(a.message || `${user.name} was ${active ? 'reactivated' : 'deactivated'}`)
        },
      },
    )
  }

  const error = mutation.isError ? failureMessage(mutation.error, 'Failed to update user') : null
  const label = `Actions for ${user.name}`
  return (
    <Stack gap="2" align="flex-start">
      <Menu.Root
        onSelect={({ value }) => {
          if (value === 'role') show('role')
          else if (value === 'deactivate') show('deactivate')
          else if (value === 'reactivate') {
            mutation.reset()
            setActive(true)
          }
        }}
      >
        <Menu.Trigger asChild>
          <Button
            size="sm"
            variant="outline"
            aria-label={label}
            loading={mutation.isPending && open === null}
            loadingText="Saving…"
          >
            Actions
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content aria-label={label} {...menuContentStyle}>
              <Menu.Item value="role" {...menuItemStyle}>
                Change role…
              </Menu.Item>
              {user.active ? (
                <Menu.Item value="deactivate" color="fg.error" {...menuItemStyle}>
                  Deactivate…
                </Menu.Item>
              ) : (
                <Menu.Item value="reactivate" {...menuItemStyle}>
                  Reactivate
                </Menu.Item>
              )}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {error && open === null && <FormAlert status="error">{error}</FormAlert>}
      <RoleDialog
        user={user}
        open={open === 'role'}
        busy={mutation.isPending}
        error={error}
        onClose={() => setOpen(null)}
        onSave={saveRole}
      />
      <AppDialog
        title={`Deactivate ${user.name}?`}
        role="alertdialog"
        open={open === 'deactivate'}
        onClose={() => setOpen(null)}
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
          <Button variant="outline" onClick={() => setOpen(null)}>
            Cancel
          </Button>
          <Button
            colorPalette="red"
            loading={mutation.isPending}
            loadingText="Deactivating…"
            onClick={() => setActive(false)}
          >
            Deactivate user
          </Button>
        </Dialog.Footer>
      </AppDialog>
    </Stack>
  )
}

function RoleDialog({
  user,
  open,
  busy,
  error,
  onClose,
  onSave,
}: {
  user: AdminUser
  open: boolean
  busy: boolean
  error: string | null
  onClose: () => void
  onSave: (role: Role) => void
}) {
  return (
    <AppDialog title={`Change the role of ${user.name}`} open={open} onClose={onClose}>
      {/* Mounted with the dialog: each opening starts from the user's current role. */}
      {open && <RoleForm user={user} busy={busy} error={error} onClose={onClose} onSave={onSave} />}
    </AppDialog>
  )
}

function RoleForm({
  user,
  busy,
  error,
  onClose,
  onSave,
}: {
  user: AdminUser
  busy: boolean
  error: string | null
  onClose: () => void
  onSave: (role: Role) => void
}) {
  const [role, setRole] = useState<Role>(user.role)
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        onSave(role)
      }}
    >
      <Dialog.Body>
        <Stack gap="4">
          {error && <FormAlert status="error">{error}</FormAlert>}
          <SelectField
            label="Role"
            value={role}
            onValueChange={(value) => setRole(value as Role)}
            options={roleOptions}
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
          disabled={role === user.role || busy}
          loading={busy}
          loadingText="Saving…"
        >
          Save role
        </Button>
      </Dialog.Footer>
    </form>
  )
}
