import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_admin/admin-dashboard')({
  head: pageHead('Admin Dashboard'),
  component: AdminDashboardPage,
})

function AdminDashboardPage() {
  return (
    <PageIntro title="Admin Dashboard">
      An overview of users, items and the requests waiting for review.
    </PageIntro>
  )
}
