import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { rejectedRequestsQueryOptions } from '@/features/deliverer/api'
import { RejectedRequestsPage } from '@/features/deliverer/rejected-requests-page'
import { pageHead } from '@/lib/page-title'

const searchSchema = z.object({ page: z.coerce.number().int().min(1).optional().catch(undefined) })

export const Route = createFileRoute('/_app/rejected-requests')({
  head: pageHead('Rejected Requests'),
  validateSearch: (search: Record<string, unknown>) => searchSchema.parse(search),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => {
    void context.queryClient
      .ensureQueryData(rejectedRequestsQueryOptions(deps.page))
      .catch(() => undefined)
  },
  component: RejectedRequestsRoute,
})

function RejectedRequestsRoute() {
  const { page } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <RejectedRequestsPage
      page={page ?? 1}
      onPage={(next) => void navigate({ search: { page: next } })}
    />
  )
}
