import { createFileRoute } from '@tanstack/react-router'
import { MY_DELIVERIES_PER_PAGE, myDeliveriesQueryOptions } from '@/features/deliverer/api'
import { MyDeliveriesPage } from '@/features/deliverer/my-deliveries-page'
import { RoleOnlyPage } from '@/components/role-only-page'
import { pageHead } from '@/lib/page-title'
import { useSession } from '@/lib/use-session'
import { pageSearch } from '@/lib/search-params'

export const Route = createFileRoute('/_app/my-deliveries/')({
  head: pageHead('My deliveries'),
  validateSearch: pageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => {
    if (context.session.user.role !== 'deliverer') return
    void context.queryClient
      .ensureQueryData(myDeliveriesQueryOptions(deps.page, MY_DELIVERIES_PER_PAGE))
      .catch(() => undefined)
  },
  component: MyDeliveriesRoute,
})

function MyDeliveriesRoute() {
  const { session: atLoad } = Route.useRouteContext()
  const role = (useSession() ?? atLoad).user.role
  if (role !== 'deliverer') {
    return (
      <RoleOnlyPage
        title="My deliveries"
        pageFor="deliverer"
        role={role}
        purpose="Deliverers follow the items they carry here."
      />
    )
  }
  return <MyDeliveriesRouteContent />
}

function MyDeliveriesRouteContent() {
  const { page } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <MyDeliveriesPage
      page={page ?? 1}
      onPage={(next) => void navigate({ search: { page: next } })}
    />
  )
}
