import { createFileRoute, Link as RouterLink } from '@tanstack/react-router'
import { Link } from '@chakra-ui/react'
import { PageIntro } from '@/components/page-intro'
import { handoffCodesQueryOptions, itemQueryOptions } from '@/features/sender/api'
import { hasHandoffCodes } from '@/features/sender/format'
import { ItemDetails } from '@/features/sender/item-details'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_sender/items/$id')({
  head: pageHead('Item Details'),
  // Failures show on the page ('Failed to load item details'), not as a route error.
  loader: async ({ context, params }) => {
    const item = await context.queryClient
      .ensureQueryData(itemQueryOptions(params.id))
      .catch(() => undefined)
    // The codes the sender shows at the handoff, once a request is accepted (decision 034).
    if (item && hasHandoffCodes(item))
      await context.queryClient
        .ensureQueryData(handoffCodesQueryOptions(params.id))
        .catch(() => undefined)
  },
  component: ItemDetailsPage,
})

function ItemDetailsPage() {
  const { id } = Route.useParams()
  return (
    <>
      <Link asChild color="brand.fg" mb="3" fontSize="sm">
        <RouterLink to="/items">← All Items</RouterLink>
      </Link>
      <PageIntro title="Item Details">
        The details of this item, its approval status and any delivery request.
      </PageIntro>
      <ItemDetails id={id} />
    </>
  )
}
