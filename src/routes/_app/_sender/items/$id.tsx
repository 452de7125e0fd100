import { createFileRoute, Link as RouterLink } from '@tanstack/react-router'
import { Link, Stack } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { PageIntro } from '@/components/page-intro'
import { handoffCodesQueryOptions, itemQueryOptions } from '@/features/sender/api'
import { hasHandoffCodes } from '@/features/sender/format'
import { ItemDetails } from '@/features/sender/item-details'
import { Conversation } from '@/features/messages/conversation'
import { RatingNextStep } from '@/features/ratings/rating-next-step'
import { RatingSection } from '@/features/ratings/rating-section'
import { loadQuery } from '@/lib/load-query'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_sender/items/$id')({
  head: pageHead('Item details'),
  // Failures show on the page ('Failed to load item details'), not as a route error.
  loader: async ({ context, params }) => {
    const item = await loadQuery(context.queryClient, itemQueryOptions(params.id))
    // The codes the sender shows at the handoff, once a request is accepted (decision 034).
    if (item && hasHandoffCodes(item))
      await loadQuery(context.queryClient, handoffCodesQueryOptions(params.id))
  },
  component: ItemDetailsPage,
})

function ItemDetailsPage() {
  const { id } = Route.useParams()
  return (
    <>
      <Link asChild color="brand.fg" mb="3" fontSize="sm">
        <RouterLink to="/items">← All items</RouterLink>
      </Link>
      <PageIntro title="Item details">
        The details of this item, its approval status and any delivery request.
      </PageIntro>
      <ItemDetails
        id={id}
        rating={(deliverer) => <RatingNextStep itemId={id} otherName={deliverer} />}
      />
      <DeliveryTalk id={id} />
    </>
  )
}

/**
 * The conversation with the accepted deliverer and, once delivered, the ratings (decision 039),
 * composed here so the sender's and the messages features stay apart. `unread_messages` is
 * answered exactly to the two sides of an accepted delivery. The thread is fetched only here,
 * when shown: reading it marks it read, so the loader above never prefetches it.
 */
function DeliveryTalk({ id }: { id: string }) {
  const item = useQuery(itemQueryOptions(id)).data
  if (item?.unread_messages === undefined) return null
  const deliverer = item.deliverer?.name ?? 'the deliverer'
  return (
    <Stack gap="4" mt="4">
      {item.status === 'delivered' && <RatingSection itemId={id} otherName={deliverer} />}
      <Conversation itemId={id} itemName={item.name} />
    </Stack>
  )
}
