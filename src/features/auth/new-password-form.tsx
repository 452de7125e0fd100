import { Button, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { resetPasswordBody } from '@contract/auth'
import { FormAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { failureMessage } from '@/lib/api-failure'
import { serverFieldErrors, validate, type FieldErrors } from '@/lib/validation'
import { useNewPasswordMutation, type NewPasswordEndpoint } from './api'
import { AuthCard } from './auth-card'
import { AuthForm } from './auth-form'
import { TextLink } from './text-link'

interface NewPasswordFormProps {
  endpoint: NewPasswordEndpoint
  token?: string
  title: string
  intro: string
}

/** Reset (forgotten password) and set (account made by an admin) share one form. */
export function NewPasswordForm({ endpoint, token, title, intro }: NewPasswordFormProps) {
  const save = useNewPasswordMutation(endpoint)
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const result = validate(resetPasswordBody, { token, password })
    const next: FieldErrors = result.ok ? {} : { ...result.errors }
    if (password && confirm !== password) next.confirm = 'Passwords do not match'
    setErrors(next)
    if (!result.ok || next.confirm) return
    save.mutate(result.data, { onError: (error) => setErrors(serverFieldErrors(error)) })
  }

  if (save.isSuccess) {
    return (
      <AuthCard title={title}>
        <Stack gap="4">
          <FormAlert status="success">
            {save.data.message || 'Your password has been set.'}
          </FormAlert>
          <Text>
            <TextLink to="/login">Log in with your new password</TextLink>
          </Text>
        </Stack>
      </AuthCard>
    )
  }

  const linkProblem = !token
    ? 'This link is missing its token. Open the link from your email again.'
    : errors.token

  return (
    <AuthCard title={title} intro={intro}>
      <AuthForm onSubmit={onSubmit} action="choose a password">
        <Stack gap="4">
          {linkProblem && <FormAlert status="error">{linkProblem}</FormAlert>}
          {save.isError && !linkProblem && (
            <FormAlert status="error">
              {failureMessage(save.error, 'Could not set the password. Please try again.')}
            </FormAlert>
          )}
          <FormField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={errors.password}
            helperText="At least 8 characters."
            required
          />
          <FormField
            label="Confirm new password"
            name="confirm"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onValueChange={setConfirm}
            error={errors.confirm}
            required
          />
          <Button
            type="submit"
            colorPalette="brand"
            disabled={save.isPending || !token}
            loading={save.isPending}
            loadingText="Saving…"
          >
            Set new password
          </Button>
          <Text fontSize="sm" textAlign="center">
            Link expired? <TextLink to="/forgot-password">Request a new one</TextLink>
          </Text>
        </Stack>
      </AuthForm>
    </AuthCard>
  )
}
