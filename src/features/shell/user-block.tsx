import { Avatar, Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { getStoredUser } from '@/lib/auth-storage'
import { useSession } from '@/lib/use-session'
import { useLogout } from './api'

export function UserBlock({ onOpenProfileSettings }: { onOpenProfileSettings: () => void }) {
  const session = useSession()
  const logout = useLogout()
  const [leaving, setLeaving] = useState(false)
  // SPEC.md section 2: with no stored user the block still renders, as 'Demo User'.
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
      <Button variant="ghost" justifyContent="flex-start" size="sm" onClick={onOpenProfileSettings}>
        Profile Settings
      </Button>
      <Button
        variant="outline"
        size="sm"
        justifyContent="flex-start"
        loading={leaving}
        disabled={leaving}
        onClick={() => {
          setLeaving(true)
          void logout()
        }}
      >
        Logout
      </Button>
    </Stack>
  )
}
