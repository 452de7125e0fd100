import { Avatar, Box, Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { getStoredUser } from '@/lib/auth-storage'
import { setColorModeChoice, useColorModeChoice, type ColorModeChoice } from '@/lib/color-mode'
import { useSession } from '@/lib/use-session'

/** Light, dark, or as the device is set (the default). */
function ThemeSelect() {
  const choice = useColorModeChoice()
  return (
    // Label above the select: beside it, "As on this device" was cut to "As on this dev".
    <Field.Root gap="1">
      <Field.Label fontSize="sm">Theme</Field.Label>
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

export function UserBlock({
  onOpenProfileSettings,
  onLogout,
  leaving = false,
}: {
  onOpenProfileSettings: () => void
  /** The layout's logout (it holds the confirmation, so a layout switch keeps it open). */
  onLogout: () => void
  leaving?: boolean
}) {
  const session = useSession()
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
        Profile settings
      </Button>
      <Button
        variant="outline"
        size="sm"
        justifyContent="flex-start"
        loading={leaving}
        loadingText="Logging out…"
        disabled={leaving}
        onClick={onLogout}
      >
        Logout
      </Button>
    </Stack>
  )
}
