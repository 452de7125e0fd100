import { Box } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** The orange strip above a signed-in page: offline, or changes waiting for a sign-in. */
export function NoticeBanner({
  role,
  children,
}: {
  role: 'status' | 'alert'
  children: ReactNode
}) {
  return (
    <Box
      role={role}
      bg="orange.subtle"
      color="orange.fg"
      borderWidth="1px"
      borderColor="orange.muted"
      borderRadius="md"
      px="4"
      py="2"
      mb="4"
    >
      {children}
    </Box>
  )
}
