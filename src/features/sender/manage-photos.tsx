import { Button, chakra, Dialog, HStack, Stack, Text } from '@chakra-ui/react'
import { useRef, useState, type ReactNode } from 'react'
import type { ItemPhoto } from '@contract/item-photos'
import { MAX_PHOTOS, photoAccept, photoMessages } from '@contract/photo-rules'
import type { Item } from '@contract/items'
import { AppDialog } from '@/components/app-dialog'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { acceptPhotos } from './photo-picker'
import { useDeletePhotoMutation, useUploadPhotosMutation } from './photos-api'

/** Photos can change until the item is delivered or cancelled (the server says the same). */
export const photosEditable = (item: Item) =>
  item.status !== 'cancelled' && item.status !== 'delivered'

/**
 * The sender adds and removes photos after posting: the gallery's Remove (confirmed first) and an
 * Add photos button under it, uploading at once with the server's message for each refusal.
 */
export function useManagePhotos(item: Item): {
  onRemove: (photo: ItemPhoto, index: number) => void
  controls: ReactNode
} {
  const upload = useUploadPhotosMutation()
  const remove = useDeletePhotoMutation()
  const input = useRef<HTMLInputElement>(null)
  const [removing, setRemoving] = useState<{ photo: ItemPhoto; index: number } | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const count = item.photos?.length ?? 0
  const failures = upload.data ?? []

  const controls = (
    <Stack gap="2" w="full">
      <HStack gap="3" wrap="wrap">
        <chakra.input
          ref={input}
          type="file"
          accept={photoAccept}
          multiple
          hidden
          aria-label="Choose photos to add"
          onChange={(event) => {
            const picked = Array.from(event.target.files ?? [])
            event.target.value = ''
            // The same checks as when posting, counting the photos the item already has.
            const { files, error } = acceptPhotos(MAX_PHOTOS - count, picked)
            setProblem(error ?? null)
            if (files.length) upload.mutate({ itemId: item.id, files })
          }}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={count >= MAX_PHOTOS}
          loading={upload.isPending}
          onClick={() => input.current?.click()}
        >
          Add photos
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {count} of {MAX_PHOTOS} photos
        </Text>
      </HStack>
      {problem && <FormAlert status="error">{problem}</FormAlert>}
      {failures.map((failure) => (
        <FormAlert key={failure.name} status="error">
          {failure.name}: {failure.message}
        </FormAlert>
      ))}
      <ErrorAlert error={remove.error} fallback="The photo could not be removed" />
      {remove.isSuccess && <FormAlert status="success">{photoMessages.removed}</FormAlert>}
      <AppDialog
        title="Remove this photo?"
        open={removing !== null}
        onClose={() => setRemoving(null)}
        role="alertdialog"
        closeButton={false}
        size="sm"
      >
        <Dialog.Body>
          <Text>Photo {(removing?.index ?? 0) + 1} will be deleted from this item.</Text>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => setRemoving(null)}>
            Keep photo
          </Button>
          <Button
            colorPalette="red"
            onClick={() => {
              if (removing) remove.mutate({ itemId: item.id, photoId: removing.photo.id })
              setRemoving(null)
            }}
          >
            Remove photo
          </Button>
        </Dialog.Footer>
      </AppDialog>
    </Stack>
  )
  return { onRemove: (photo, index) => setRemoving({ photo, index }), controls }
}
