import { createFileRoute } from '@tanstack/react-router'
import {
  DASHBOARD_DELIVERIES,
  delivererStatsQueryOptions,
  myDeliveriesQueryOptions,
} from '@/features/deliverer/api'
import { DelivererDashboard } from '@/features/deliverer/deliverer-dashboard'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_deliverer/deliverer-dashboard')({
  head: pageHead('Deliverer dashboard'),
  // Not awaited: the page shows its own loading and failure texts (docs/spec.md section 8).
  loader: ({ context }) => {
    void context.queryClient.ensureQueryData(delivererStatsQueryOptions()).catch(() => undefined)
    void context.queryClient
      .ensureQueryData(myDeliveriesQueryOptions(1, DASHBOARD_DELIVERIES))
      .catch(() => undefined)
  },
  component: DelivererDashboard,
})
