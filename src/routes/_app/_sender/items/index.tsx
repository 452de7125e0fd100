import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { itemsQueryOptions } from '@/features/sender/api'
import { ItemsPage } from '@/features/sender/items-page'
import {
  itemsSearchDefaults,
  parseItemsSearch,
  type ItemsSearch,
} from '@/features/sender/items-search'
import { loadQuery } from '@/lib/load-query'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_sender/items/')({
  // Sort, filters and page live in the URL so a reload or a shared link keeps them.
  validateSearch: parseItemsSearch,
  search: { middlewares: [stripSearchParams(itemsSearchDefaults)] },
  loaderDeps: ({ search }) => search,
  head: pageHead('All items'),
  // A failed load shows on the page (with the server's message), not as a route error.
  loader: ({ context, deps }) => loadQuery(context.queryClient, itemsQueryOptions(deps)),
  component: AllItemsPage,
})

function AllItemsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const onSearchChange = (patch: Partial<ItemsSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true })
  return (
    <>
      <PageIntro title="All items">
        Every item you have posted, with its status and the deliverers who asked to carry it.
      </PageIntro>
      <ItemsPage search={search} onSearchChange={onSearchChange} />
    </>
  )
}
