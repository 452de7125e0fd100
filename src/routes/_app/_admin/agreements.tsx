import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_admin/agreements')({
  head: pageHead('Agreements'),
  component: AgreementsPage,
})

function AgreementsPage() {
  return <PageIntro title="Agreements">The consent terms senders and deliverers accept.</PageIntro>
}
