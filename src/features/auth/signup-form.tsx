import { Button, Checkbox, Fieldset, Link, RadioGroup, Stack, Text } from '@chakra-ui/react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { registerBody } from '@contract/auth'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { focusFirstInvalid } from '@/lib/focus-first-invalid'
import { serverFieldErrors, validate, type FieldErrors } from '@/lib/validation'
import { useRegisterMutation } from './api'
import { AuthCard } from './auth-card'
import { AuthForm } from './auth-form'
import { ResendVerification } from './resend-verification'
import { shownText } from './shown-text'
import { TextLink } from './text-link'

type SignupRole = 'sender' | 'deliverer'

const roleOptions: { value: SignupRole; label: string; hint: string }[] = [
  { value: 'sender', label: 'Sender', hint: 'I want to send items' },
  { value: 'deliverer', label: 'Deliverer', hint: 'I travel and can carry items' },
]

export function SignupForm() {
  const register = useRegisterMutation()
  const [form, setForm] = useState({ name: '', email: '', password: '', phone: '', address: '' })
  const [role, setRole] = useState<SignupRole>('sender')
  const [acceptTerms, setAcceptTerms] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  // Counts refused submits: each one moves focus to the first field in error, once rendered.
  const [refusals, setRefusals] = useState(0)
  const fieldsRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(fieldsRef.current)
  }, [refusals])
  const set = (field: keyof typeof form) => (value: string) =>
    setForm((f) => ({ ...f, [field]: value }))

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const shown = shownText(event.currentTarget, form)
    setForm(shown)
    const result = validate(registerBody, {
      ...shown,
      role,
      phone: shown.phone || undefined,
      address: shown.address || undefined,
      accept_terms: acceptTerms,
    })
    if (!result.ok) {
      setErrors(result.errors)
      setRefusals((n) => n + 1)
      return
    }
    setErrors({})
    register.mutate(result.data, { onError: (error) => setErrors(serverFieldErrors(error)) })
  }

  if (register.isSuccess) {
    return (
      <AuthCard title="Check your email">
        <Stack gap="4">
          <FormAlert status="success">
            {/* A long address breaks rather than pushing the page sideways on a phone. */}
            Check your email: we sent a verification link to{' '}
            <Text as="span" overflowWrap="anywhere">
              {register.data.data.user.email}
            </Text>
            . Open it to activate your account, then log in.
          </FormAlert>
          <ResendVerification email={register.data.data.user.email} />
          <Text>
            <TextLink to="/login">Go to log in</TextLink>
          </Text>
        </Stack>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Create your account"
      intro="Send items with deliverers, or earn on trips you already take."
    >
      <AuthForm onSubmit={onSubmit} action="create an account">
        <Stack gap="4" ref={fieldsRef}>
          <ErrorAlert error={register.error} fallback="Sign-up failed. Please try again." />
          <FormField
            label="Name"
            name="name"
            autoComplete="name"
            value={form.name}
            onValueChange={set('name')}
            error={errors.name}
            required
          />
          <FormField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={form.email}
            onValueChange={set('email')}
            error={errors.email}
            required
          />
          <FormField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onValueChange={set('password')}
            error={errors.password}
            helperText="At least 8 characters."
            required
          />
          <Fieldset.Root invalid={Boolean(errors.role)}>
            <Fieldset.Legend fontWeight="medium" mb="2">
              I want to join as
            </Fieldset.Legend>
            <RadioGroup.Root
              name="role"
              value={role}
              onValueChange={(details) => setRole(details.value as SignupRole)}
              colorPalette="brand"
            >
              <Stack gap="3">
                {roleOptions.map((option) => (
                  <RadioGroup.Item key={option.value} value={option.value}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      {option.label}{' '}
                      <Text as="span" color="fg.muted">
                        — {option.hint}
                      </Text>
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
            <Fieldset.ErrorText>{errors.role}</Fieldset.ErrorText>
          </Fieldset.Root>
          <FormField
            label="Phone (optional)"
            name="phone"
            type="tel"
            autoComplete="tel"
            value={form.phone}
            onValueChange={set('phone')}
            error={errors.phone}
          />
          <FormField
            label="Address (optional)"
            name="address"
            autoComplete="street-address"
            value={form.address}
            onValueChange={set('address')}
            error={errors.address}
          />
          <AcceptTermsField
            checked={acceptTerms}
            onCheckedChange={setAcceptTerms}
            error={errors.accept_terms}
          />
          <Button
            type="submit"
            colorPalette="brand"
            disabled={register.isPending}
            loading={register.isPending}
            loadingText="Creating account…"
          >
            Create account
          </Button>
          <Text fontSize="sm" textAlign="center">
            Already have an account? <TextLink to="/login">Log in</TextLink>
          </Text>
        </Stack>
      </AuthForm>
    </AuthCard>
  )
}

/**
 * Decision 044: the Terms of service and the Privacy policy, accepted by ticking; their links open
 * in a new tab so the form keeps what was typed.
 */
function AcceptTermsField({
  checked,
  onCheckedChange,
  error,
}: {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  error?: string
}) {
  const errorId = useId()
  const link = (href: string, text: string) => (
    <Link href={href} target="_blank" rel="noopener" color="brand.fg" textDecoration="underline">
      {text}
    </Link>
  )
  return (
    <Stack gap="1">
      <Checkbox.Root
        checked={checked}
        onCheckedChange={(details) => onCheckedChange(details.checked === true)}
        invalid={Boolean(error)}
        colorPalette="brand"
        alignItems="flex-start"
      >
        <Checkbox.HiddenInput name="accept_terms" aria-describedby={error ? errorId : undefined} />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label fontWeight="normal">
          I accept the {link('/terms', 'Terms of service')} and the{' '}
          {link('/privacy', 'Privacy policy')}
        </Checkbox.Label>
      </Checkbox.Root>
      {error && (
        <Text id={errorId} fontSize="sm" color="fg.error">
          {error}
        </Text>
      )}
    </Stack>
  )
}
