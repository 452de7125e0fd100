import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_sender/items/')({
  head: pageHead('All Items'),
  component: AllItemsPage,
})

function AllItemsPage() {
  return (
    <PageIntro title="All Items">
      Every item you have posted, with its status and the travellers who asked to carry it.
    </PageIntro>
  )
}
