import { Button, Stack, Text } from '@chakra-ui/react'
import { useLocation, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { loginBody } from '@contract/auth'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { apiFailure } from '@/lib/api-failure'
import { safeRedirectTarget } from '@/lib/guards'
import { signInAgainMessage } from '@/lib/outbox/messages'
import { useSignInNeeded } from '@/lib/outbox/use-sign-in-needed'
import { roleHome } from '@/lib/role-home'
import { serverFieldErrors, validate, type FieldErrors } from '@/lib/validation'
import { useLoginMutation } from './api'
import { AuthCard } from './auth-card'
import { AuthForm } from './auth-form'
import { ResendVerification } from './resend-verification'
import { shownText } from './shown-text'
import { TextLink } from './text-link'

export function LoginForm({ redirectTo }: { redirectTo?: string }) {
  const navigate = useNavigate()
  const login = useLoginMutation()
  // Arriving from the verification link: the address is filled in and said verified, once.
  const verified = useLocation({ select: (location) => location.state.verified })
  const [email, setEmail] = useState(verified?.email ?? '')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  // Signed in, the next page loads (its code and data): the button keeps spinning until it shows.
  const [opening, setOpening] = useState(false)
  // Changes made offline wait on this device for their user (an expired or refused session).
  const waiting = useSignInNeeded()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const shown = shownText(event.currentTarget, { email, password })
    setEmail(shown.email)
    setPassword(shown.password)
    const result = validate(loginBody, shown)
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    login.mutate(result.data, {
      onSuccess: (answer) => {
        const target = safeRedirectTarget(redirectTo)
        setOpening(true)
        // A target of another role is bounced to this user's home by the route guard.
        const opened = target
          ? navigate({ href: target, replace: true })
          : navigate({ to: roleHome(answer.data.user.role), replace: true })
        // Still here afterwards only if the navigation failed: the form is usable again.
        void opened.finally(() => setOpening(false))
      },
      onError: (error) => setErrors(serverFieldErrors(error)),
    })
  }

  const failure = login.isError ? apiFailure(login.error) : null

  return (
    <AuthCard title="Log in" intro="Welcome back. Log in to send items or pick up deliveries.">
      <AuthForm onSubmit={onSubmit} action="sign in">
        <Stack gap="4">
          {waiting > 0 && <FormAlert status="info">{signInAgainMessage(waiting)}</FormAlert>}
          {verified && !login.isError && (
            <FormAlert status="success">
              {verified.message} Log in with your password to start.
            </FormAlert>
          )}
          <ErrorAlert error={login.error} fallback="Login failed. Please try again." />
          {failure?.code === 'EMAIL_NOT_VERIFIED' && <ResendVerification email={email} />}
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
            error={errors.email}
            required
          />
          <FormField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            autoFocus={Boolean(verified)}
            value={password}
            onValueChange={setPassword}
            error={errors.password}
            required
          />
          <Text textAlign="right" fontSize="sm">
            <TextLink to="/forgot-password">Forgot password?</TextLink>
          </Text>
          <Button
            type="submit"
            colorPalette="brand"
            disabled={login.isPending || opening}
            loading={login.isPending || opening}
            loadingText="Logging in…"
          >
            Log in
          </Button>
          <Text fontSize="sm" textAlign="center">
            New to Tote? <TextLink to="/signup">Create an account</TextLink>
          </Text>
        </Stack>
      </AuthForm>
    </AuthCard>
  )
}
