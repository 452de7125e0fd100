import { Button, Dialog, Field, Input, Stack, Textarea } from '@chakra-ui/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import {
  MAX_FILE_BYTES,
  allowedMimeTypes,
  fileAccept,
  fileExtensionAllowed,
  fileMessages,
} from '@contract/files'
import { submitOrQueue } from '@/lib/outbox/submit-or-queue'
import { QUEUED_MESSAGE } from '@/lib/outbox/messages'
import { AppDialog } from './app-dialog'
import { toaster } from './ui/toaster'

interface InfoResponseDialogProps {
  itemId: string
  party: 'sender' | 'deliverer'
  open: boolean
  onClose: () => void
}

/** docs/spec.md section 5: only the deliverer's reply file is checked here; the server checks both. */
function replyFileError(file: File): string | null {
  const typeOk =
    (allowedMimeTypes as readonly string[]).includes(file.type) ||
    (!file.type && fileExtensionAllowed(file.name))
  if (!typeOk) return fileMessages.replyType
  if (file.size > MAX_FILE_BYTES) return fileMessages.replySize
  return null
}

export function InfoResponseDialog({ itemId, party, open, onClose }: InfoResponseDialogProps) {
  return (
    <AppDialog title="Respond to the admin" open={open} onClose={onClose}>
      {open && <ResponseForm itemId={itemId} party={party} onClose={onClose} />}
    </AppDialog>
  )
}

function ResponseForm({ itemId, party, onClose }: Omit<InfoResponseDialogProps, 'open'>) {
  const queryClient = useQueryClient()
  const [message, setMessage] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<{ message?: string; file?: string }>({})
  // One key per attempt of this reply: a replay of the same request changes nothing twice.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID())

  const send = useMutation({
    // Sent now, or kept in the outbox when the network is down (docs/design.md Offline). 'always':
    // the default networkMode would pause the mutation offline instead of letting it queue.
    networkMode: 'always',
    mutationFn: () =>
      submitOrQueue({
        kind: 'respond-further-info',
        path: 'respond-further-info',
        fields: { item_id: itemId, description: message.trim(), response_by: party },
        file,
        fileField: 'file',
        idempotencyKey,
      }),
    onSuccess: async (result) => {
      onClose()
      if (result.queued) {
        toaster.create({ title: QUEUED_MESSAGE, type: 'info' })
        return
      }
      toaster.create({ title: 'Information sent successfully!', type: 'success' })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['items'] }),
        queryClient.invalidateQueries({ queryKey: ['item'] }),
        // The deliverer's pages keep their item under ['deliverer', ...].
        queryClient.invalidateQueries({ queryKey: ['deliverer'] }),
      ])
    },
    onError: () => {
      toaster.create({ title: 'Failed to send information.', type: 'error' })
      // The server refused this attempt; an edited retry is a new request.
      setIdempotencyKey(crypto.randomUUID())
    },
  })

  function pickFile(picked: File | null) {
    setFile(picked)
    setErrors((e) => ({
      ...e,
      file: party === 'deliverer' && picked ? (replyFileError(picked) ?? undefined) : undefined,
    }))
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const next = {
      message: message.trim() ? undefined : 'Please write a response',
      file: party === 'deliverer' && file ? (replyFileError(file) ?? undefined) : undefined,
    }
    setErrors(next)
    if (next.message || next.file) return
    send.mutate()
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <Field.Root invalid={Boolean(errors.message)} required>
            <Field.Label>
              Your response
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              name="description"
              rows={5}
              maxLength={2000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
            <Field.ErrorText>{errors.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(errors.file)}>
            <Field.Label>Attach a file (optional)</Field.Label>
            <Input
              type="file"
              name="file"
              accept={party === 'deliverer' ? fileAccept : undefined}
              p="1"
              onChange={(e) => pickFile(e.target.files?.[0] ?? null)}
            />
            <Field.ErrorText>{errors.file}</Field.ErrorText>
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" type="button" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="submit"
          colorPalette="brand"
          loading={send.isPending}
          loadingText="Sending..."
        >
          Send response
        </Button>
      </Dialog.Footer>
    </form>
  )
}
