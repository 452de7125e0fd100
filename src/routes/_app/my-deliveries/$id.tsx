import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/my-deliveries/$id')({
  head: pageHead('Delivery Details'),
  component: DeliveryDetailsPage,
})

function DeliveryDetailsPage() {
  return <PageIntro title="Delivery Details">The status and documents of this delivery.</PageIntro>
}
