import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { MY_DELIVERIES_PER_PAGE, myDeliveriesQueryOptions } from '@/features/deliverer/api'
import { MyDeliveriesPage } from '@/features/deliverer/my-deliveries-page'
import { pageHead } from '@/lib/page-title'

const searchSchema = z.object({ page: z.coerce.number().int().min(1).optional().catch(undefined) })

export const Route = createFileRoute('/_app/my-deliveries/')({
  head: pageHead('My Deliveries'),
  validateSearch: (search: Record<string, unknown>) => searchSchema.parse(search),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => {
    void context.queryClient
      .ensureQueryData(myDeliveriesQueryOptions(deps.page, MY_DELIVERIES_PER_PAGE))
      .catch(() => undefined)
  },
  component: MyDeliveriesRoute,
})

function MyDeliveriesRoute() {
  const { page } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <MyDeliveriesPage
      page={page ?? 1}
      onPage={(next) => void navigate({ search: { page: next } })}
    />
  )
}
