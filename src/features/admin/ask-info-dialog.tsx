import { Button, Dialog, Field, Input, Stack } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { MAX_FILE_BYTES, fileAccept, fileExtensionAllowed, fileMessages } from '@contract/files'
import { requestFurtherInfoFields } from '@contract/admin'
import { TextareaField } from '@/components/textarea-field'
import { ErrorAlert } from '@/components/form-alert'
import { serverFieldErrors, validate, type FieldErrors } from '@/lib/validation'
import { AppDialog } from '@/components/app-dialog'
import { useRequestFurtherInfoMutation, type AdminItemDetail } from './items-api'
import { SelectField } from './select-field'

export interface Recipient {
  /** 'sender' or 'deliverer:<id>' (the select's value). */
  value: string
  label: string
}

/**
 * Who may be asked. The server sends a deliverer question to the item's current deliverer, so
 * while there is one only they are offered; before that, every deliverer who requested it.
 */
function recipientsOf({ item, requests }: AdminItemDetail): Recipient[] {
  const sender = { value: 'sender', label: `Sender: ${item.sender.name}` }
  if (item.deliverer) {
    return [
      sender,
      { value: `deliverer:${item.deliverer.id}`, label: `Deliverer: ${item.deliverer.name}` },
    ]
  }
  const seen = new Set<string>()
  const deliverers = requests.flatMap(({ deliverer }) => {
    if (seen.has(deliverer.id)) return []
    seen.add(deliverer.id)
    return [{ value: `deliverer:${deliverer.id}`, label: `Deliverer: ${deliverer.name}` }]
  })
  return [sender, ...deliverers]
}

interface AskInfoDialogProps {
  detail: AdminItemDetail
  open: boolean
  onClose: () => void
  onSent: (message: string) => void
}

export function AskInfoDialog({ detail, open, onClose, onSent }: AskInfoDialogProps) {
  const recipients = recipientsOf(detail)
  const mutation = useRequestFurtherInfoMutation()
  const [recipient, setRecipient] = useState('sender')
  const [description, setDescription] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<FieldErrors>({})

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const delivererId = recipient.startsWith('deliverer:') ? recipient.slice(10) : undefined
    const result = validate(requestFurtherInfoFields, {
      item_id: detail.item.id,
      to: delivererId ? 'deliverer' : 'sender',
      deliverer_id: delivererId,
      description,
    })
    const fileError =
      file && !fileExtensionAllowed(file.name)
        ? fileMessages.replyType
        : file && file.size > MAX_FILE_BYTES
          ? fileMessages.replySize
          : undefined
    if (!result.ok || fileError) {
      return setErrors({ ...(result.ok ? {} : result.errors), file: fileError })
    }
    setErrors({})
    mutation.mutate(
      { ...result.data, file },
      {
        onSuccess: (answer) => onSent(answer.message || 'Information request sent'),
        onError: (error) => setErrors(serverFieldErrors(error)),
      },
    )
  }

  return (
    <AppDialog title="Ask for information" open={open} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Body>
          <Stack gap="4">
            <ErrorAlert error={mutation.error} fallback="Failed to send the information request" />
            <SelectField
              label="Recipient"
              name="recipient"
              value={recipient}
              onValueChange={setRecipient}
              options={recipients}
              error={errors.to ?? errors.deliverer_id}
            />
            <TextareaField
              label="Description"
              name="description"
              value={description}
              onValueChange={setDescription}
              error={errors.description}
              helperText="What you need and why; the recipient sees this text."
              required
            />
            <Field.Root invalid={Boolean(errors.file)}>
              <Field.Label>Attachment (optional)</Field.Label>
              <Input
                type="file"
                name="file"
                accept={fileAccept}
                p="1"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
              <Field.HelperText>PDF, JPEG or PNG, at most 2 MB.</Field.HelperText>
              {errors.file && <Field.ErrorText>{errors.file}</Field.ErrorText>}
            </Field.Root>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={mutation.isPending}>
            Send request
          </Button>
        </Dialog.Footer>
      </form>
    </AppDialog>
  )
}
