import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_deliverer/available-items/$id')({
  head: pageHead('Item Details'),
  component: ItemDetailsPage,
})

function ItemDetailsPage() {
  return (
    <PageIntro title="Item Details">
      The route, deadline and package details of this item, and your request to carry it.
    </PageIntro>
  )
}
