import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/rejected-requests')({
  head: pageHead('Rejected Requests'),
  component: RejectedRequestsPage,
})

function RejectedRequestsPage() {
  return (
    <PageIntro title="Rejected Requests">
      Requests to carry an item that the sender declined.
    </PageIntro>
  )
}
