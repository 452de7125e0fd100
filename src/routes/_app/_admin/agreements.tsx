import { createFileRoute } from '@tanstack/react-router'
import { AgreementsPage } from '@/features/admin/agreements-page'
import { adminTermsQueryOptions } from '@/features/admin/terms-api'
import { loadQuery } from '@/lib/load-query'
import { pageHead } from '@/lib/page-title'

// Admin-only like the other admin pages: docs/decisions/001-agreements-admin-only.md.
export const Route = createFileRoute('/_app/_admin/agreements')({
  head: pageHead('Agreements'),
  loader: ({ context }) => loadQuery(context.queryClient, adminTermsQueryOptions()),
  component: AgreementsPage,
})
