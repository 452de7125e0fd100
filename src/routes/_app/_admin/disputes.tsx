import { createFileRoute } from '@tanstack/react-router'
import { DisputesPage } from '@/features/admin/disputes-page'
import { adminDisputesQueryOptions } from '@/features/admin/disputes-api'
import { loadQuery } from '@/lib/load-query'
import { pageHead } from '@/lib/page-title'

// The disputes queue (docs/decisions/040): admins only, like the other admin pages.
export const Route = createFileRoute('/_app/_admin/disputes')({
  head: pageHead('Disputes'),
  loader: ({ context }) => loadQuery(context.queryClient, adminDisputesQueryOptions()),
  component: DisputesPage,
})
