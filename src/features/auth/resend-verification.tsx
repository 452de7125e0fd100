import { Button, Stack, Text } from '@chakra-ui/react'
import { failureMessage } from '@/lib/api-failure'
import { useResendVerificationMutation } from './api'

/** Offered wherever an unverified address blocks the user: the old link may be lost or expired. */
export function ResendVerification({ email }: { email: string }) {
  const resend = useResendVerificationMutation()
  if (!email) return null
  return (
    <Stack gap="2" align="flex-start">
      <Button
        variant="outline"
        size="sm"
        onClick={() => resend.mutate(email)}
        disabled={resend.isPending}
        loading={resend.isPending}
        loadingText="Sending…"
      >
        Resend verification email
      </Button>
      <Text role="status" fontSize="sm" color={resend.isError ? 'fg.error' : 'fg.muted'}>
        {resend.isSuccess && (resend.data.message || 'We sent you a new verification link.')}
        {resend.isError &&
          failureMessage(resend.error, 'Could not send the email. Please try again.')}
      </Text>
    </Stack>
  )
}
