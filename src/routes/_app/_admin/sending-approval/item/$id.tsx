import { createFileRoute } from '@tanstack/react-router'
import { adminItemQueryOptions } from '@/features/admin/items-api'
import { ItemReview } from '@/features/admin/item-review'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_admin/sending-approval/item/$id')({
  head: pageHead('Sending Approval'),
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(adminItemQueryOptions(params.id)).catch(() => undefined),
  component: SendingApprovalPage,
})

function SendingApprovalPage() {
  const { id } = Route.useParams()
  // Keyed so dialogs and messages of one item never carry over to the next.
  return <ItemReview key={id} itemId={id} />
}
