import { createFileRoute } from '@tanstack/react-router'
import { adminItemsQueryOptions, itemsParams } from '@/features/admin/items-api'
import { ItemsManagement } from '@/features/admin/items-management'
import { parseItemsSearch, type ItemsSearch } from '@/features/admin/search-schemas'
import { loadQuery } from '@/lib/load-query'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_admin/items-management')({
  head: pageHead('Items management'),
  validateSearch: parseItemsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    loadQuery(context.queryClient, adminItemsQueryOptions(itemsParams(deps))),
  component: ItemsManagementRoute,
})

function ItemsManagementRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  // Typing a search replaces the history entry; filters, sorting and pages can be gone back to.
  const onSearchChange = (patch: Partial<ItemsSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: 'search' in patch })
  return <ItemsManagement search={search} onSearchChange={onSearchChange} />
}
