import { lazy, Suspense, type ComponentProps } from 'react'
import { useOpenedOnce } from '@/lib/use-opened-once'

// The lists' dialogs (the deliverer's dashboard, the sender's items) open on a click: their code
// (the information area with its form and file fields, the document viewer) is loaded then, not
// with the page, whose start it made longer on every visit.
const AdminInfoDialog = lazy(() =>
  import('./admin-info-dialog').then((m) => ({ default: m.AdminInfoDialog })),
)
const DocumentViewer = lazy(() =>
  import('./document-viewer').then((m) => ({ default: m.DocumentViewer })),
)

export function LazyAdminInfoDialog(props: ComponentProps<typeof AdminInfoDialog>) {
  if (!useOpenedOnce(props.item !== null)) return null
  return (
    <Suspense fallback={null}>
      <AdminInfoDialog {...props} />
    </Suspense>
  )
}

export function LazyDocumentViewer(props: ComponentProps<typeof DocumentViewer>) {
  if (!useOpenedOnce(props.open)) return null
  return (
    <Suspense fallback={null}>
      <DocumentViewer {...props} />
    </Suspense>
  )
}
