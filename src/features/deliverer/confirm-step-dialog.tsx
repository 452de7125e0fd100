import { Button, Dialog, Field, Input, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react'
import { HANDOFF_CODE_REQUIRED } from '@contract/handoff-policy'
import { SHORT_CODE, type HandoffStep } from '@contract/handoffs'
import { MAX_PHOTO_BYTES, photoAccept, photoMessages } from '@contract/photo-rules'
import { AppDialog } from '@/components/app-dialog'
import { FormAlert } from '@/components/form-alert'
import { apiFailure, failureMessage } from '@/lib/api-failure'
import { verifyHandoffCode, type HandoffKeys } from '@/lib/handoff-verify'
import { quickPosition, type QuickPosition } from '@/lib/quick-position'
import type { SubmitOrQueueResult } from '@/lib/outbox/submit-or-queue'

const QrScanner = lazy(() => import('./qr-scanner').then((m) => ({ default: m.QrScanner })))

export const CODE_LABEL = 'Handoff code (the signed code or the 6 digits)'
const HANDOFF_CODE_MISSING = 'Enter the handoff code'

/** What the dialog hands to the page once a code is accepted (or, while codes are optional, none). */
export interface StepSubmission {
  code: string | null
  /** The device's moment, taken when the code was accepted. */
  happenedAt: string
  position: Promise<QuickPosition | null>
  photo: File | null
}

interface ConfirmStepDialogProps {
  open: boolean
  step: HandoffStep
  itemId: string
  itemName: string
  delivererId: string
  /** The cached public keys; null when this device has none yet. */
  keys: HandoffKeys | null
  /** Sends now or queues (submitOrQueue); an HTTP refusal rejects. */
  submit: (input: StepSubmission) => Promise<SubmitOrQueueResult<unknown>>
  onClose: () => void
}

/** A pasted code may carry line breaks or spaces from a chat app; a code has none. */
const cleanCode = (text: string) => text.replace(/\s+/g, '')

function photoError(file: File): string | null {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type) && !/\.(jpe?g|png|webp)$/i.test(file.name))
    return photoMessages.type
  if (file.size > MAX_PHOTO_BYTES) return photoMessages.size
  return null
}

/** The server's refusal of a short code, with when to try again after five wrong ones (429). */
function refusalOf(error: unknown): string {
  const message = failureMessage(error, 'The code could not be checked. Please try again.')
  const retryAfter = Number(
    (error as { response?: Response }).response?.headers.get('Retry-After') ?? NaN,
  )
  if (apiFailure(error)?.status === 429 && retryAfter > 0)
    return `${message} You can try again in ${Math.ceil(retryAfter / 60)} min.`
  return message
}

/**
 * Confirms a pickup or delivery with the code the sender or recipient shows (decision 036): the
 * camera reads its QR code, or the code is pasted or typed. A signed code is checked here, offline,
 * and the step counts at once; six digits only the server can check, so online they are sent at
 * once and the answer shown here, offline the step waits for confirmation in the outbox.
 */
export function ConfirmStepDialog(props: ConfirmStepDialogProps) {
  const title = props.step === 'pickup' ? 'Confirm pickup' : 'Confirm delivery'
  return (
    <AppDialog title={title} open={props.open} onClose={props.onClose} size="md">
      <StepForm {...props} title={title} />
    </AppDialog>
  )
}

function StepForm({
  step,
  itemId,
  itemName,
  delivererId,
  keys,
  submit,
  onClose,
  title,
}: ConfirmStepDialogProps & { title: string }) {
  const id = useId()
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [scanning, setScanning] = useState(false)
  const [checking, setChecking] = useState(false)
  const [photo, setPhoto] = useState<File | null>(null)
  const [photoProblem, setPhotoProblem] = useState<string | null>(null)
  // Asked once, as the dialog opens, so a fix is ready when the code is accepted.
  const position = useRef<Promise<QuickPosition | null> | null>(null)
  position.current ??= quickPosition()
  const holder = step === 'pickup' ? 'sender' : 'recipient'

  const accept = async (raw: string) => {
    const text = cleanCode(raw)
    setProblem(null)
    if (!text && HANDOFF_CODE_REQUIRED) return setProblem(HANDOFF_CODE_MISSING)
    let serverChecks = SHORT_CODE.test(text)
    if (text && !serverChecks) {
      const verdict = await verifyHandoffCode(text, { itemId, step, delivererId, keys })
      if (!verdict.ok && verdict.reason === 'refused') return setProblem(verdict.message)
      // No keys on this device yet: like six digits, only the server can say.
      serverChecks = !verdict.ok
    }
    const submission: StepSubmission = {
      code: text || null,
      happenedAt: new Date().toISOString(),
      position: position.current ?? Promise.resolve(null),
      photo,
    }
    const sent = submit(submission)
    if (!serverChecks || !navigator.onLine) {
      // Checked here (or queued to be checked): the page shows the step at once; a refusal on
      // arrival shows on the page and in the outbox.
      sent.catch(() => {})
      return onClose()
    }
    setChecking(true)
    try {
      await sent
      onClose()
    } catch (error) {
      setProblem(refusalOf(error))
      setChecking(false)
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void accept(code)
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            Scan the QR code on the {holder}&apos;s phone, or type the code they read to you.{' '}
            {itemName} counts as {step === 'pickup' ? 'picked up' : 'delivered'} once the code is
            accepted.
          </Text>
          {scanning ? (
            <Suspense fallback={<Text>Opening the camera…</Text>}>
              <QrScanner
                onCode={(text) => {
                  setScanning(false)
                  setCode(text)
                  void accept(text)
                }}
              />
              <Button variant="outline" minH="11" onClick={() => setScanning(false)}>
                Stop the camera
              </Button>
            </Suspense>
          ) : (
            <Button variant="outline" minH="11" onClick={() => setScanning(true)}>
              Scan the QR code
            </Button>
          )}
          <Field.Root invalid={problem !== null}>
            <Field.Label>{CODE_LABEL}</Field.Label>
            <Input
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              minH="11"
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
            {!HANDOFF_CODE_REQUIRED && (
              <Field.HelperText>
                Codes are optional for now: leave it empty to confirm without one.
              </Field.HelperText>
            )}
          </Field.Root>
          {problem && (
            <div id={`${id}-problem`}>
              <FormAlert status="error">{problem}</FormAlert>
            </div>
          )}
          {step === 'pickup' && (
            <Field.Root invalid={photoProblem !== null}>
              <Field.Label>Pickup photo (optional)</Field.Label>
              <Input
                type="file"
                accept={photoAccept}
                capture="environment"
                p="1"
                minH="11"
                onChange={(event) => {
                  const chosen = event.target.files?.[0] ?? null
                  const error = chosen ? photoError(chosen) : null
                  if (error) event.target.value = ''
                  setPhoto(error ? null : chosen)
                  setPhotoProblem(error)
                }}
              />
              <Field.ErrorText>{photoProblem}</Field.ErrorText>
            </Field.Root>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" minH="11" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="brand" minH="11" loading={checking}>
          {title}
        </Button>
      </Dialog.Footer>
    </form>
  )
}
