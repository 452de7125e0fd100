import { createFileRoute } from '@tanstack/react-router'
import { rejectedRequestsQueryOptions } from '@/features/deliverer/api'
import { RejectedRequestsPage } from '@/features/deliverer/rejected-requests-page'
import { pageHead } from '@/lib/page-title'
import { pageSearch } from '@/lib/search-params'

export const Route = createFileRoute('/_app/rejected-requests')({
  head: pageHead('Rejected Requests'),
  validateSearch: pageSearch,
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
