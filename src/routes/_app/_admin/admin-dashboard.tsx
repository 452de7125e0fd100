import { createFileRoute } from '@tanstack/react-router'
import { AdminDashboard } from '@/features/admin/admin-dashboard'
import {
  adminItemsQueryOptions,
  adminStatsQueryOptions,
  deliveryQueueParams,
  sendingQueueParams,
} from '@/features/admin/items-api'
import { adminMoneyQueryOptions } from '@/features/admin/money-api'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_admin/admin-dashboard')({
  head: pageHead('Admin dashboard'),
  // Prefetch only: a failure is shown by the page itself, next to what did load.
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(adminStatsQueryOptions()),
      context.queryClient.ensureQueryData(adminItemsQueryOptions(sendingQueueParams)),
      context.queryClient.ensureQueryData(adminItemsQueryOptions(deliveryQueueParams)),
      context.queryClient.ensureQueryData(adminMoneyQueryOptions()),
    ]).catch(() => undefined),
  component: AdminDashboard,
})
