import { Spinner, Stack, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { FormAlert } from '@/components/form-alert'
import { failureMessage } from '@/lib/api-failure'
import { useAsyncAction } from '@/lib/use-async-action'
import { verifyEmailOnce } from './api'
import { AuthCard } from './auth-card'
import { TextLink } from './text-link'

export function VerifyEmailStatus({ token }: { token?: string }) {
  const verify = useAsyncAction(verifyEmailOnce)
  const { mutate } = verify
  useEffect(() => {
    if (token) mutate(token)
  }, [token, mutate])

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
        {!verify.isSuccess && !verify.isError && (
          <Stack direction="row" align="center" gap="3" role="status">
            <Spinner size="sm" />
            <Text>Verifying your email…</Text>
          </Stack>
        )}
        {verify.isSuccess && (
          <>
            <FormAlert status="success">
              {verify.data.message || 'Your email is verified.'}
            </FormAlert>
            <Text>
              You can now <TextLink to="/login">log in</TextLink>.
            </Text>
          </>
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
