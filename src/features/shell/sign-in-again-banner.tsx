import { Button, HStack, Text } from '@chakra-ui/react'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { NoticeBanner } from '@/components/notice-banner'
import { clearSession } from '@/lib/auth-storage'
import { signInAgainMessage } from '@/lib/outbox/messages'
import { useSignInNeeded } from '@/lib/outbox/use-sign-in-needed'

/**
 * The server refused the session a queued change was sent with (401): the change stays on the
 * device and goes once the user signs in again. Signing in from here keeps the outbox and the saved
 * reads (not a logout) and comes back to this page.
 */
export function SignInAgainBanner() {
  const count = useSignInNeeded()
  const navigate = useNavigate()
  const href = useRouterState({ select: (state) => state.location.href })
  if (count === 0) return null
  return (
    <NoticeBanner role="alert">
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Text fontWeight="semibold">{signInAgainMessage(count)}</Text>
        <Button
          size="sm"
          colorPalette="brand"
          onClick={() => {
            clearSession()
            void navigate({ to: '/login', search: { redirect: href }, replace: true })
          }}
        >
          Sign in
        </Button>
      </HStack>
    </NoticeBanner>
  )
}
