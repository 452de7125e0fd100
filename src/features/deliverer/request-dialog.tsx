import { Button, Dialog, Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import type { Item } from '@contract/items'
import { fileMessages } from '@contract/files'
import { FileField } from './file-field'
import { OfferPriceField } from './offer-price-field'
import { AppDialog } from '@/components/app-dialog'

interface RequestDialogProps {
  item: Item | null
  onClose: () => void
  /** The file and offer are complete: go on to the consent dialog. */
  onSubmit: (file: File, offer: string) => void
}

export const TRAVEL_PROOF_LABEL = 'Proof of travel (PDF, JPEG or PNG, max 2 MB)'

/** docs/spec.md section 2: the travel-document upload dialog of a card, with the offer price. */
export function RequestDialog({ item, onClose, onSubmit }: RequestDialogProps) {
  return (
    <AppDialog title="Upload travel document" open={item !== null} onClose={onClose}>
      {item && <RequestForm item={item} onClose={onClose} onSubmit={onSubmit} />}
    </AppDialog>
  )
}

function RequestForm({ item, onClose, onSubmit }: RequestDialogProps & { item: Item }) {
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [offer, setOffer] = useState('')

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!file) return setError(fileMessages.travelMissing)
    onSubmit(file, offer)
  }

  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <Text>
            To request <strong>{item.name}</strong>, upload a document that shows your trip (a
            ticket or booking).
          </Text>
          <FileField
            label={TRAVEL_PROOF_LABEL}
            file={file}
            error={error}
            onChange={(next, problem) => {
              setFile(next)
              setError(problem)
            }}
          />
          <OfferPriceField value={offer} senderPrice={item.sender_price} onChange={setOffer} />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" type="button" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="brand" disabled={!file}>
          {file ? 'Request to deliver' : 'Upload travel document to request'}
        </Button>
      </Dialog.Footer>
    </form>
  )
}
