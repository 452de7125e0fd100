import { Box, Button, Checkbox, Dialog, Heading, Stack, Text } from '@chakra-ui/react'
import { useId, useState, type FormEvent } from 'react'
import { ErrorAlert } from '@/components/form-alert'
import { useAcceptSenderTermsMutation, type SenderTerms } from './api'

/** docs/spec.md: said in the pay dialog, with the sender terms and beside the card form. */
export const PAYMENT_HELD_NOTE =
  'Your payment is held by Tote until the item is delivered; then the deliverer is paid.'

const ACCEPT_REQUIRED = 'Please accept the sender terms to continue'

/**
 * Decision 044: before their first payment (and after admins change the sender terms) the sender
 * reads the current sender terms and accepts them; the card form follows.
 */
export function SenderTermsStep({
  terms,
  onCancel,
}: {
  terms: SenderTerms & { version: string }
  onCancel: () => void
}) {
  const accept = useAcceptSenderTermsMutation()
  const [checked, setChecked] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const errorId = useId()

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (accept.isPending) return
    if (!checked) return setError(ACCEPT_REQUIRED)
    setError(null)
    accept.mutate(terms.version)
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <Text fontWeight="medium">{PAYMENT_HELD_NOTE}</Text>
          <Text>Before your first payment, please read and accept the sender terms.</Text>
          <ErrorAlert error={accept.error} fallback="Failed to accept the sender terms" />
          <Box
            as="section"
            aria-label="Sender terms"
            borderWidth="1px"
            borderRadius="md"
            p="3"
            maxH="60"
            overflowY="auto"
            tabIndex={0}
          >
            <Stack gap="3">
              {terms.terms.map((term) => (
                <Stack key={term.id} gap="1">
                  <Heading as="h3" size="sm">
                    {term.title}
                  </Heading>
                  <Text whiteSpace="pre-line">{term.description}</Text>
                </Stack>
              ))}
            </Stack>
          </Box>
          <Stack gap="1">
            <Checkbox.Root
              checked={checked}
              onCheckedChange={(details) => {
                setChecked(details.checked === true)
                if (details.checked === true) setError(null)
              }}
              invalid={Boolean(error)}
              colorPalette="brand"
            >
              <Checkbox.HiddenInput
                name="accept_sender_terms"
                aria-describedby={error ? errorId : undefined}
              />
              <Checkbox.Control />
              <Checkbox.Label>I accept the sender terms</Checkbox.Label>
            </Checkbox.Root>
            {error && (
              <Text id={errorId} fontSize="sm" color="fg.error">
                {error}
              </Text>
            )}
          </Stack>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" type="button" onClick={onCancel} disabled={accept.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          colorPalette="brand"
          loading={accept.isPending}
          loadingText="Accepting…"
        >
          Accept and continue
        </Button>
      </Dialog.Footer>
    </form>
  )
}
