import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import {
  itemsQueryOptions,
  latestItemsSearch,
  senderStatsQueryOptions,
} from '@/features/sender/api'
import { SenderDashboard } from '@/features/sender/dashboard'
import { loadQuery } from '@/lib/load-query'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_sender/dashboard')({
  head: pageHead('Dashboard'),
  // Failures show on the page; the loader only warms the cache.
  loader: ({ context }) =>
    Promise.all([
      loadQuery(context.queryClient, senderStatsQueryOptions()),
      loadQuery(context.queryClient, itemsQueryOptions(latestItemsSearch)),
    ]),
  component: DashboardPage,
})

function DashboardPage() {
  return (
    <>
      <PageIntro title="Dashboard">
        An overview of the items you have posted and how their deliveries are going.
      </PageIntro>
      <SenderDashboard />
    </>
  )
}
