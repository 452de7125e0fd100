import { createFileRoute } from '@tanstack/react-router'
import { rejectedRequestsQueryOptions } from '@/features/deliverer/api'
import { RejectedRequestsPage } from '@/features/deliverer/rejected-requests-page'
import { RoleOnlyPage } from '@/components/role-only-page'
import { pageHead } from '@/lib/page-title'
import { useSession } from '@/lib/use-session'
import { pageSearch } from '@/lib/search-params'

export const Route = createFileRoute('/_app/rejected-requests')({
  head: pageHead('Rejected requests'),
  validateSearch: pageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => {
    if (context.session.user.role !== 'deliverer') return
    void context.queryClient
      .ensureQueryData(rejectedRequestsQueryOptions(deps.page))
      .catch(() => undefined)
  },
  component: RejectedRequestsRoute,
})

function RejectedRequestsRoute() {
  const { session: atLoad } = Route.useRouteContext()
  const role = (useSession() ?? atLoad).user.role
  if (role !== 'deliverer') {
    return (
      <RoleOnlyPage
        title="Rejected requests"
        pageFor="deliverer"
        role={role}
        purpose="Deliverers see here the requests that senders turned down."
      />
    )
  }
  return <RejectedRequestsRouteContent />
}

function RejectedRequestsRouteContent() {
  const { page } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <RejectedRequestsPage
      page={page ?? 1}
      onPage={(next) => void navigate({ search: { page: next } })}
    />
  )
}
