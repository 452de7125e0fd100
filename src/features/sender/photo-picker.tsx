import { Box, Button, chakra, Field, HStack, Stack, Text, Wrap } from '@chakra-ui/react'
import { useEffect, useMemo, useRef } from 'react'
import { MAX_PHOTO_BYTES, MAX_PHOTOS, photoAccept, photoMessages } from '@contract/photo-rules'

/** A pre-check by type and size (the server decides by the bytes): the first problem, or null. */
function photoProblem(file: File): string | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? ''
  const typeOk =
    ['image/jpeg', 'image/png', 'image/webp'].includes(file.type) ||
    ['jpg', 'jpeg', 'png', 'webp'].includes(ext)
  if (!typeOk || file.type === 'image/svg+xml') return photoMessages.type
  if (file.size > MAX_PHOTO_BYTES) return photoMessages.size
  return null
}

/** Of `picked`, the photos that pass and fit in `room` more; with the first problem to show. */
export function acceptPhotos(room: number, picked: File[]): { files: File[]; error?: string } {
  const files: File[] = []
  let error: string | undefined
  for (const file of picked) {
    const problem = photoProblem(file)
    if (problem) error ??= `${file.name}: ${problem}`
    else if (files.length >= room) error ??= photoMessages.limit
    else files.push(file)
  }
  return error ? { files, error } : { files }
}

/** Adds `picked` to `current`, keeping at most 5; answers the new list and the message to show. */
function addPhotos(current: File[], picked: File[]): { files: File[]; error?: string } {
  const next = acceptPhotos(MAX_PHOTOS - current.length, picked)
  return { ...next, files: [...current, ...next.files] }
}

function Preview({ file, index, onRemove }: { file: File; index: number; onRemove: () => void }) {
  const url = useMemo(() => URL.createObjectURL(file), [file])
  useEffect(() => () => URL.revokeObjectURL(url), [url])
  return (
    <Stack gap="1" align="center" w="96px">
      <Box boxSize="96px" borderRadius="md" overflow="hidden" bg="bg.muted">
        <chakra.img
          src={url}
          alt={`Photo ${index + 1}: ${file.name}`}
          w="full"
          h="full"
          objectFit="cover"
        />
      </Box>
      <Button
        size="xs"
        variant="outline"
        onClick={onRemove}
        aria-label={`Remove photo ${index + 1} (${file.name})`}
      >
        Remove
      </Button>
    </Stack>
  )
}

/** Up to 5 photos with previews, chosen before posting and uploaded right after it. */
export function PhotoPicker({
  files,
  error,
  onChange,
}: {
  files: File[]
  error?: string
  onChange: (files: File[], error?: string) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const full = files.length >= MAX_PHOTOS
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>Photos (optional)</Field.Label>
      <Text fontSize="sm" color="fg.muted" id="photos-help">
        Up to {MAX_PHOTOS} JPEG, PNG or WebP photos, {MAX_PHOTO_BYTES / 1024 / 1024} MB each.
        Location data is removed from them.
      </Text>
      {files.length > 0 && (
        <Wrap gap="3" mt="2">
          {files.map((file, i) => (
            <Preview
              key={`${file.name}-${file.lastModified}-${i}`}
              file={file}
              index={i}
              onRemove={() => onChange(files.filter((_, j) => j !== i))}
            />
          ))}
        </Wrap>
      )}
      <HStack mt="2" gap="3" wrap="wrap">
        <chakra.input
          ref={input}
          type="file"
          accept={photoAccept}
          multiple
          // The button below opens it: a file input cannot be styled, and one control is enough.
          hidden
          aria-label="Choose photos"
          onChange={(e) => {
            const picked = Array.from(e.target.files ?? [])
            e.target.value = ''
            const next = addPhotos(files, picked)
            onChange(next.files, next.error)
          }}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={full}
          onClick={() => input.current?.click()}
          aria-describedby="photos-help"
        >
          Add photos
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {files.length} of {MAX_PHOTOS}
        </Text>
      </HStack>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  )
}
