import { Box, Button, Checkbox, Fieldset, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { kindRules, type NotificationKind } from '@contract/notifications'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { mailPreferencesQueryOptions, useSaveMailPreferencesMutation } from './api'

/**
 * The profile's "Email notifications": a checkbox per kind of notification the user's role gets by
 * mail. Unticking one stops its mail; the notification still comes in the app (decision 033).
 */
export function MailPreferences() {
  const stored = useQuery(mailPreferencesQueryOptions())
  const save = useSaveMailPreferencesMutation()
  // Only what the user changed; the rest shows what the server has.
  const [changed, setChanged] = useState<Partial<Record<NotificationKind, boolean>>>({})
  const preferences = (stored.data ?? []).map((p) => ({ ...p, mail: changed[p.kind] ?? p.mail }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ preferences }, { onSuccess: () => setChanged({}) })
  }

  return (
    <Box
      as="section"
      aria-labelledby="mail-preferences-heading"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '4', md: '6' }}
      maxW="2xl"
    >
      <form onSubmit={submit}>
        <Fieldset.Root disabled={save.isPending}>
          <Fieldset.Legend id="mail-preferences-heading" fontWeight="semibold" fontSize="lg">
            Email notifications
          </Fieldset.Legend>
          <Fieldset.HelperText>
            Tote also emails you about these. Untick one to get it only in the app (the bell).
          </Fieldset.HelperText>
          <ErrorAlert error={stored.error} fallback="Failed to load your email settings" />
          {stored.data && stored.data.length === 0 && (
            <Text color="fg.muted">Your notifications come in the app only.</Text>
          )}
          <Stack gap="3" mt="3">
            {preferences.map(({ kind, mail }) => (
              <Checkbox.Root
                key={kind}
                checked={mail}
                onCheckedChange={(d) => {
                  save.reset()
                  setChanged((old) => ({ ...old, [kind]: d.checked === true }))
                }}
              >
                <Checkbox.HiddenInput name={kind} />
                <Checkbox.Control />
                <Checkbox.Label>{kindRules[kind].label}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Fieldset.Root>
        {preferences.length > 0 && (
          <Stack gap="3" mt="4" align="flex-start">
            <ErrorAlert error={save.error} fallback="Failed to save your email settings" />
            {save.isSuccess && <FormAlert status="success">Email settings saved</FormAlert>}
            <Button type="submit" colorPalette="brand" loading={save.isPending}>
              Save email settings
            </Button>
          </Stack>
        )}
      </form>
    </Box>
  )
}
