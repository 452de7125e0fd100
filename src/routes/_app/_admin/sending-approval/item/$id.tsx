import { Box } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { adminItemQueryOptions } from '@/features/admin/items-api'
import { ItemReview } from '@/features/admin/item-review'
import { Conversation } from '@/features/messages/conversation'
import { loadQuery } from '@/lib/load-query'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_admin/sending-approval/item/$id')({
  head: pageHead('Sending approval'),
  loader: ({ context, params }) => loadQuery(context.queryClient, adminItemQueryOptions(params.id)),
  component: SendingApprovalPage,
})

function SendingApprovalPage() {
  const { id } = Route.useParams()
  // Keyed so dialogs and messages of one item never carry over to the next.
  return (
    <>
      <ItemReview key={id} itemId={id} />
      <AdminConversation key={`messages-${id}`} id={id} />
    </>
  )
}

/**
 * Admins read the conversation of an accepted delivery (decision 039), read-only: the thread says
 * so. An admin's reading marks nothing read.
 */
function AdminConversation({ id }: { id: string }) {
  const item = useQuery(adminItemQueryOptions(id)).data?.item
  if (!item?.timeline) return null
  return (
    <Box mt="6">
      <Conversation itemId={id} itemName={item.name} />
    </Box>
  )
}
