import { Button, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { forgotPasswordBody } from '@contract/auth'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { serverFieldErrors, validate, type FieldErrors } from '@/lib/validation'
import { useForgotPasswordMutation } from './api'
import { AuthCard } from './auth-card'
import { AuthForm } from './auth-form'
import { shownText } from './shown-text'
import { TextLink } from './text-link'

export function ForgotPasswordForm() {
  const forgot = useForgotPasswordMutation()
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const shown = shownText(event.currentTarget, { email })
    setEmail(shown.email)
    const result = validate(forgotPasswordBody, shown)
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    forgot.mutate(result.data.email, { onError: (error) => setErrors(serverFieldErrors(error)) })
  }

  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the email you signed up with and we will send you a link to choose a new password."
    >
      <AuthForm onSubmit={onSubmit} action="reset your password">
        <Stack gap="4">
          {forgot.isSuccess && (
            <FormAlert status="success">
              {forgot.data.message ||
                'If an account exists for that email, a reset link is on its way.'}
            </FormAlert>
          )}
          <ErrorAlert error={forgot.error} fallback="Could not send the email. Please try again." />
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
          <Button
            type="submit"
            colorPalette="brand"
            disabled={forgot.isPending}
            loading={forgot.isPending}
            loadingText="Sending…"
          >
            Send reset link
          </Button>
          <Text fontSize="sm" textAlign="center">
            Remembered it? <TextLink to="/login">Back to log in</TextLink>
          </Text>
        </Stack>
      </AuthForm>
    </AuthCard>
  )
}
