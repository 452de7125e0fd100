import { createFileRoute } from '@tanstack/react-router'
import { delivererItemQueryOptions } from '@/features/deliverer/api'
import { DeliveryDetailPage } from '@/features/deliverer/delivery-detail-page'
import { RoleOnlyPage } from '@/components/role-only-page'
import { pageHead } from '@/lib/page-title'
import { useSession } from '@/lib/use-session'

export const Route = createFileRoute('/_app/my-deliveries/$id')({
  head: pageHead('Delivery Details'),
  loader: ({ context, params }) => {
    if (context.session.user.role !== 'deliverer') return
    void context.queryClient
      .ensureQueryData(delivererItemQueryOptions(params.id))
      .catch(() => undefined)
  },
  component: DeliveryDetailsRoute,
})

function DeliveryDetailsRoute() {
  const { session: atLoad } = Route.useRouteContext()
  const role = (useSession() ?? atLoad).user.role
  if (role !== 'deliverer') {
    return (
      <RoleOnlyPage
        title="Delivery Details"
        pageFor="deliverer"
        role={role}
        purpose="Deliverers see the addresses and the next step of an item they carry here."
      />
    )
  }
  return <DeliveryDetailsRouteContent />
}

function DeliveryDetailsRouteContent() {
  const { id } = Route.useParams()
  return <DeliveryDetailPage id={id} />
}
