export interface DocumentViewerProps {
  /** The stored file's path as the API answers it (proof_of_travel, proof_of_delivery, ...). */
  filePath: string | null
  title: string
  open: boolean
  onClose: () => void
}

// Placeholder until the in-app document viewer lands (sender work).
export function DocumentViewer(_props: DocumentViewerProps) {
  return null
}
