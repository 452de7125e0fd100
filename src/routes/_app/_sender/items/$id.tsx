import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_sender/items/$id')({
  head: pageHead('Item Details'),
  component: ItemDetailsPage,
})

function ItemDetailsPage() {
  return (
    <PageIntro title="Item Details">
      The details of this item, its approval status and any delivery request.
    </PageIntro>
  )
}
