import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_admin/users')({
  head: pageHead('Users'),
  component: UsersPage,
})

function UsersPage() {
  return <PageIntro title="Users">Senders, deliverers and administrators of Tote.</PageIntro>
}
