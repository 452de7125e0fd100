import { Stack } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { delivererItemQueryOptions } from '@/features/deliverer/api'
import { DeliveryDetailPage } from '@/features/deliverer/delivery-detail-page'
import { Conversation } from '@/features/messages/conversation'
import { DeliveryEarning } from '@/features/payment-method/delivery-earning'
import { RatingNextStep } from '@/features/ratings/rating-next-step'
import { RatingSection } from '@/features/ratings/rating-section'
import { RoleOnlyPage } from '@/components/role-only-page'
import { pageHead } from '@/lib/page-title'
import { useSession } from '@/lib/use-session'

export const Route = createFileRoute('/_app/my-deliveries/$id')({
  head: pageHead('Delivery details'),
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
        title="Delivery details"
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
  return (
    <Stack gap="5">
      <DeliveryDetailPage
        id={id}
        earning={<DeliveryEarning itemId={id} />}
        rating={(sender) => <RatingNextStep itemId={id} otherName={sender} />}
      />
      <DeliveryTalk id={id} />
    </Stack>
  )
}

/**
 * The conversation with the sender and, once delivered, the ratings (decision 039), composed here
 * so the deliverer's and the messages features stay apart; only for the accepted deliverer (the
 * one `unread_messages` is answered to). Fetched when shown, never by the loader: reading marks read.
 */
function DeliveryTalk({ id }: { id: string }) {
  const item = useQuery(delivererItemQueryOptions(id)).data
  if (item?.unread_messages === undefined) return null
  const sender = item.pickup?.sender_name ?? 'the sender'
  return (
    <>
      {item.status === 'delivered' && <RatingSection itemId={id} otherName={sender} />}
      <Conversation itemId={id} itemName={item.name} />
    </>
  )
}
