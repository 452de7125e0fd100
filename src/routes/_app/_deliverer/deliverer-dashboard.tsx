import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_deliverer/deliverer-dashboard')({
  head: pageHead('Traveler Dashboard'),
  component: TravelerDashboardPage,
})

function TravelerDashboardPage() {
  return (
    <PageIntro title="Traveler Dashboard">
      An overview of your deliveries, from items available on your route to those you have
      delivered.
    </PageIntro>
  )
}
