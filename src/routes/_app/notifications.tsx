import { createFileRoute } from '@tanstack/react-router'
import { notificationsQueryOptions } from '@/features/notifications/api'
import { NotificationsPage } from '@/features/notifications/notifications-page'
import { pageHead } from '@/lib/page-title'
import { pageSearch } from '@/lib/search-params'

export const Route = createFileRoute('/_app/notifications')({
  head: pageHead('Notifications'),
  validateSearch: pageSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => {
    void context.queryClient
      .ensureQueryData(notificationsQueryOptions(deps.page))
      .catch(() => undefined)
  },
  component: NotificationsRoute,
})

function NotificationsRoute() {
  const { page } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <NotificationsPage
      page={page ?? 1}
      onPage={(next) => void navigate({ search: { page: next } })}
    />
  )
}
