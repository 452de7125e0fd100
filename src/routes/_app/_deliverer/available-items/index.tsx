import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_deliverer/available-items/')({
  head: pageHead('Available Items'),
  component: AvailableItemsPage,
})

function AvailableItemsPage() {
  return (
    <PageIntro title="Available Items">
      Choose your current location and destination to find items along your route.
    </PageIntro>
  )
}
