import { Avatar, Box, Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { getStoredUser } from '@/lib/auth-storage'
import { setColorModeChoice, useColorModeChoice, type ColorModeChoice } from '@/lib/color-mode'
import { useOutbox } from '@/lib/outbox/use-outbox'
import { useSession } from '@/lib/use-session'
import { useLogout } from './api'
import { LogoutConfirm } from './logout-confirm'

/** Light, dark, or as the device is set (the default). */
function ThemeSelect() {
  const choice = useColorModeChoice()
  return (
    <Field.Root orientation="horizontal" gap="2">
      <Field.Label fontSize="sm" flexShrink="0">
        Theme
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={choice}
          onChange={(event) => setColorModeChoice(event.target.value as ColorModeChoice)}
        >
          <option value="system">As on this device</option>
          <option value="light">Light</option>
          <option value="dark">Dark</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}

export function UserBlock({ onOpenProfileSettings }: { onOpenProfileSettings: () => void }) {
  const session = useSession()
  const logout = useLogout()
  const [leaving, setLeaving] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const { pending } = useOutbox()
  const leave = () => {
    setConfirming(false)
    setLeaving(true)
    void logout()
  }
  // docs/spec.md section 2: with no stored user the block still renders, as 'Demo User'.
  const name = (session?.user ?? getStoredUser())?.name || 'Demo User'

  return (
    <Stack gap="3" borderTopWidth="1px" pt="4">
      <HStack gap="3">
        <Avatar.Root size="sm" colorPalette="brand" variant="solid">
          <Avatar.Fallback name={name} />
        </Avatar.Root>
        <Box minW="0">
          <Text fontWeight="semibold" truncate>
            {name}
          </Text>
          {session?.user.role && (
            <Text fontSize="xs" color="fg.muted" textTransform="capitalize">
              {session.user.role}
            </Text>
          )}
        </Box>
      </HStack>
      <ThemeSelect />
      <Button variant="ghost" justifyContent="flex-start" size="sm" onClick={onOpenProfileSettings}>
        Profile Settings
      </Button>
      <Button
        variant="outline"
        size="sm"
        justifyContent="flex-start"
        loading={leaving}
        disabled={leaving}
        onClick={() => (pending > 0 ? setConfirming(true) : leave())}
      >
        Logout
      </Button>
      <LogoutConfirm
        pending={pending}
        open={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={leave}
      />
    </Stack>
  )
}
