import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_admin/items-management')({
  head: pageHead('Items Management'),
  component: ItemsManagementPage,
})

function ItemsManagementPage() {
  return (
    <PageIntro title="Items Management">
      All items on Tote with their sending and delivery approvals.
    </PageIntro>
  )
}
