import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_sender/dashboard')({
  head: pageHead('Dashboard'),
  component: DashboardPage,
})

function DashboardPage() {
  return (
    <PageIntro title="Dashboard">
      An overview of the items you have posted and how their deliveries are going.
    </PageIntro>
  )
}
