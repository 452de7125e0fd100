import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_admin/sending-approval/item/$id')({
  head: pageHead('Sending Approval'),
  component: SendingApprovalPage,
})

function SendingApprovalPage() {
  return (
    <PageIntro title="Sending Approval">Review this item before travellers can see it.</PageIntro>
  )
}
