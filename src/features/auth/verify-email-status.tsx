import { Spinner, Stack, Text } from '@chakra-ui/react'
import { useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { FormAlert } from '@/components/form-alert'
import { failureMessage } from '@/lib/api-failure'
import { useAsyncAction } from '@/lib/use-async-action'
import { verifyEmailOnce } from './api'
import { AuthCard } from './auth-card'
import { TextLink } from './text-link'

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Set by /verify-email on its way to /login: the address it verified and the server's words. */
    verified?: { email: string; message: string }
  }
}

/**
 * Verifies the address of the link, then opens the login with it filled in, where it says once
 * that the address is verified (the address travels in the history state, never in the URL).
 */
export function VerifyEmailStatus({ token }: { token?: string }) {
  const verify = useAsyncAction(verifyEmailOnce)
  const navigate = useNavigate()
  const { mutate } = verify
  useEffect(() => {
    if (token) mutate(token)
  }, [token, mutate])
  const verified = verify.isSuccess ? verify.data : null
  useEffect(() => {
    if (!verified) return
    void navigate({
      to: '/login',
      replace: true,
      state: (prev) => ({
        ...prev,
        verified: { email: verified.data.email, message: verified.message },
      }),
    })
  }, [verified, navigate])

  if (!token) {
    return (
      <AuthCard title="Verify your email">
        <FormAlert status="error">
          This verification link is missing its token. Open the link from your email again.
        </FormAlert>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Verify your email">
      <Stack gap="4">
        {!verify.isError && (
          <Stack direction="row" align="center" gap="3" role="status">
            <Spinner size="sm" />
            <Text>Verifying your email…</Text>
          </Stack>
        )}
        {verify.isError && (
          <>
            <FormAlert status="error">
              {failureMessage(
                verify.error,
                'This verification link is not valid. Please request a new one.',
              )}
            </FormAlert>
            <Text>
              Already verified? <TextLink to="/login">Log in</TextLink>. Otherwise log in with your
              email and password to get a new link.
            </Text>
          </>
        )}
      </Stack>
    </AuthCard>
  )
}
