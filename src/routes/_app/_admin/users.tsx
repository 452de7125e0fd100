import { createFileRoute } from '@tanstack/react-router'
import { parseUsersSearch, type UsersSearch } from '@/features/admin/search-schemas'
import { adminUsersQueryOptions, usersParams } from '@/features/admin/users-api'
import { UsersPage } from '@/features/admin/users-page'
import { loadQuery } from '@/lib/load-query'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_admin/users')({
  head: pageHead('Users'),
  validateSearch: parseUsersSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    loadQuery(context.queryClient, adminUsersQueryOptions(usersParams(deps))),
  component: UsersRoute,
})

function UsersRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  // Typing a search replaces the history entry; filters and pages can be gone back to.
  const onChange = (patch: Partial<UsersSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: 'search' in patch })
  return <UsersPage search={search} onChange={onChange} />
}
