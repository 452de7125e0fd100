import { Box, Button, chakra, Dialog, HStack, Spinner, Stack, Text, Wrap } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import type { ItemPhoto } from '@contract/item-photos'
import type { PhotoSize } from '@contract/photo-rules'
import { api } from '@/lib/api-client'
import { AppDialog } from './app-dialog'

// Here, not in contract/item-photos.ts: importing a value from there runs zod and every schema of
// the contract at the start of the pages that show photos (/available-items, ~25 ms on a phone).
/** The API path of a photo's bytes (behind the bearer token: fetch it, an <img src> cannot). */
const photoPath = (photoId: string, size: PhotoSize) =>
  `item-photos/${encodeURIComponent(photoId)}/${size}`

type Loaded = { state: 'loading' } | { state: 'error' } | { state: 'ready'; url: string }

/**
 * A photo behind the authorised route, fetched through the ky instance (an <img src> could not
 * carry the bearer token) and shown from an object URL, revoked when the image goes.
 */
function usePhotoUrl(photoId: string, size: PhotoSize): Loaded {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  useEffect(() => {
    const controller = new AbortController()
    let url: string | null = null
    setLoaded({ state: 'loading' })
    api
      .get(photoPath(photoId, size), { signal: controller.signal })
      .blob()
      .then((blob) => {
        url = URL.createObjectURL(blob)
        setLoaded({ state: 'ready', url })
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ state: 'error' })
      })
    return () => {
      controller.abort()
      if (url) URL.revokeObjectURL(url)
    }
  }, [photoId, size])
  return loaded
}

function PhotoImage({
  photo,
  size,
  alt,
  fit = 'cover',
}: {
  photo: ItemPhoto
  size: PhotoSize
  alt: string
  fit?: 'cover' | 'contain'
}) {
  const loaded = usePhotoUrl(photo.id, size)
  if (loaded.state === 'ready')
    return <chakra.img src={loaded.url} alt={alt} w="full" h="full" objectFit={fit} />
  if (loaded.state === 'error')
    return (
      <Text fontSize="xs" color="fg.muted" p="1" textAlign="center">
        Photo unavailable
      </Text>
    )
  return <Spinner size="sm" aria-label="Loading photo" />
}

const frame = {
  borderRadius: 'md',
  overflow: 'hidden',
  bg: 'bg.muted',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
} as const

/** The item's first photo as a small square (cards and rows); nothing when it has none. */
export function ItemPhotoThumb({
  photos,
  name,
  boxSize = '72px',
}: {
  photos: ItemPhoto[] | undefined
  name: string
  boxSize?: string
}) {
  const first = photos?.[0]
  if (!first) return null
  return (
    <Box {...frame} boxSize={boxSize}>
      <PhotoImage photo={first} size="thumb" alt={`Photo of ${name}`} />
    </Box>
  )
}

/** Every photo of an item as thumbnails; each opens the full photo in a dialog. */
export function ItemPhotoGallery({
  photos,
  name,
  onRemove,
}: {
  photos: ItemPhoto[] | undefined
  name: string
  /** Offers a Remove button under each photo (the sender, while photos can change). */
  onRemove?: (photo: ItemPhoto, index: number) => void
}) {
  const [open, setOpen] = useState<number | null>(null)
  if (!photos?.length) return null
  const n = photos.length
  const alt = (i: number) => `Photo ${i + 1} of ${n} of ${name}`
  const shown = open === null ? undefined : photos[open]
  return (
    <Box as="section" aria-label="Photos">
      <Wrap gap="2">
        {photos.map((photo, i) => (
          <Stack key={photo.id} gap="1" align="center">
            <Button
              variant="plain"
              p="0"
              h="auto"
              minW="0"
              onClick={() => setOpen(i)}
              aria-label={`Open ${alt(i)}`}
            >
              <Box {...frame} boxSize={{ base: '88px', md: '112px' }}>
                <PhotoImage photo={photo} size="thumb" alt={alt(i)} />
              </Box>
            </Button>
            {onRemove && (
              <Button
                size="xs"
                variant="outline"
                onClick={() => onRemove(photo, i)}
                aria-label={`Remove photo ${i + 1}`}
              >
                Remove
              </Button>
            )}
          </Stack>
        ))}
      </Wrap>
      <AppDialog
        title={`${name}: photo ${(open ?? 0) + 1} of ${n}`}
        open={shown !== undefined}
        onClose={() => setOpen(null)}
        size={{ base: 'full', md: 'xl' }}
      >
        {shown && open !== null && (
          <>
            <Dialog.Body>
              <Box {...frame} w="full" h={{ base: '60vh', md: '70vh' }}>
                <PhotoImage photo={shown} size="full" alt={alt(open)} fit="contain" />
              </Box>
            </Dialog.Body>
            {n > 1 && (
              <Dialog.Footer>
                <HStack gap="2">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={open === 0}
                    onClick={() => setOpen(open - 1)}
                  >
                    Previous
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={open === n - 1}
                    onClick={() => setOpen(open + 1)}
                  >
                    Next
                  </Button>
                </HStack>
              </Dialog.Footer>
            )}
          </>
        )}
      </AppDialog>
    </Box>
  )
}
