import { createFileRoute } from '@tanstack/react-router'
import { delivererItemQueryOptions } from '@/features/deliverer/api'
import { ItemDetailPage } from '@/features/deliverer/item-detail-page'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_deliverer/available-items/$id')({
  head: pageHead('Item details'),
  // Not awaited: the page shows 'Loading item details...' and its own error banner.
  loader: ({ context, params }) => {
    void context.queryClient
      .ensureQueryData(delivererItemQueryOptions(params.id))
      .catch(() => undefined)
  },
  component: ItemDetailsRoute,
})

function ItemDetailsRoute() {
  const { id } = Route.useParams()
  return <ItemDetailPage id={id} />
}
