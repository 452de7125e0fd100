import { createFileRoute } from '@tanstack/react-router'
import { delivererItemQueryOptions } from '@/features/deliverer/api'
import { DeliveryDetailPage } from '@/features/deliverer/delivery-detail-page'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/my-deliveries/$id')({
  head: pageHead('Delivery Details'),
  loader: ({ context, params }) => {
    void context.queryClient
      .ensureQueryData(delivererItemQueryOptions(params.id))
      .catch(() => undefined)
  },
  component: DeliveryDetailsRoute,
})

function DeliveryDetailsRoute() {
  const { id } = Route.useParams()
  return <DeliveryDetailPage id={id} />
}
