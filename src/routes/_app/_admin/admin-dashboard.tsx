import { createFileRoute } from '@tanstack/react-router'
import { AdminDashboard } from '@/features/admin/admin-dashboard'
import {
  adminItemsQueryOptions,
  adminStatsQueryOptions,
  deliveryQueueParams,
  sendingQueueParams,
} from '@/features/admin/items-api'
import { adminMoneyQueryOptions } from '@/features/admin/money-api'
import { loadQuery } from '@/lib/load-query'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_admin/admin-dashboard')({
  head: pageHead('Admin dashboard'),
  // Prefetch only: a failure is shown by the page itself, next to what did load.
  loader: ({ context }) =>
    Promise.all([
      loadQuery(context.queryClient, adminStatsQueryOptions()),
      loadQuery(context.queryClient, adminItemsQueryOptions(sendingQueueParams)),
      loadQuery(context.queryClient, adminItemsQueryOptions(deliveryQueueParams)),
      loadQuery(context.queryClient, adminMoneyQueryOptions()),
    ]),
  component: AdminDashboard,
})
