import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/my-deliveries/')({
  head: pageHead('My Deliveries'),
  component: MyDeliveriesPage,
})

function MyDeliveriesPage() {
  return <PageIntro title="My Deliveries">The items you are carrying or have delivered.</PageIntro>
}
