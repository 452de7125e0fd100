import { Button, chakra, Dialog, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { PendingStatus } from './pending-status'
import { api } from '@/lib/api-client'
import { failureMessage } from '@/lib/api-failure'
import { AppDialog } from './app-dialog'
import { FormAlert } from './form-alert'

export interface DocumentViewerProps {
  /** The stored file's path as the API answers it (proof_of_travel, proof_of_delivery, ...). */
  filePath: string | null
  title: string
  open: boolean
  onClose: () => void
}

type Loaded =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; url: string; type: string }

/** Path segments are encoded one by one: a stored path may hold folders. */
const fileUrl = (filePath: string) =>
  `proof-of-travel/${filePath.split('/').map(encodeURIComponent).join('/')}`

const fileName = (filePath: string) => filePath.split('/').pop() || 'document'

/**
 * A file behind the authorised download route (docs/spec.md section 7), fetched through the ky instance
 * so the bearer token goes along (an <img src> could not carry it), then shown from an object URL.
 */
export function DocumentViewer({ filePath, title, open, onClose }: DocumentViewerProps) {
  return (
    <AppDialog title={title} open={open} onClose={onClose} size={{ base: 'full', md: 'xl' }}>
      {/* Mounted only while open, so closing unmounts it and revokes its object URL. */}
      {open && <DocumentBody filePath={filePath} title={title} onClose={onClose} />}
    </AppDialog>
  )
}

function DocumentBody({
  filePath,
  title,
  onClose,
}: {
  filePath: string | null
  title: string
  onClose: () => void
}) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })

  useEffect(() => {
    if (!filePath) return
    const controller = new AbortController()
    let url: string | null = null
    api
      .get(fileUrl(filePath), { signal: controller.signal })
      .blob()
      .then((blob) => {
        url = URL.createObjectURL(blob)
        setLoaded({ state: 'ready', url, type: blob.type })
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        setLoaded({
          state: 'error',
          message: failureMessage(error, 'Failed to load proof of travel document'),
        })
      })
    return () => {
      controller.abort()
      if (url) URL.revokeObjectURL(url)
    }
  }, [filePath])

  return (
    <>
      <Dialog.Body>
        {!filePath ? (
          <Text>No proof of travel document found</Text>
        ) : loaded.state === 'loading' ? (
          <PendingStatus spinner>Loading document...</PendingStatus>
        ) : loaded.state === 'error' ? (
          <FormAlert status="error">{loaded.message}</FormAlert>
        ) : loaded.type.startsWith('image/') ? (
          <chakra.img src={loaded.url} alt={title} maxW="full" maxH="70vh" mx="auto" />
        ) : (
          <chakra.iframe
            title={title}
            src={loaded.url}
            w="full"
            h="70vh"
            borderWidth="1px"
            borderRadius="md"
          />
        )}
      </Dialog.Body>
      <Dialog.Footer>
        {filePath && loaded.state === 'ready' && (
          <Button asChild variant="outline">
            <a href={loaded.url} download={fileName(filePath)}>
              Download
            </a>
          </Button>
        )}
        <Button colorPalette="brand" onClick={onClose}>
          Close
        </Button>
      </Dialog.Footer>
    </>
  )
}
