import { createFileRoute } from '@tanstack/react-router'
import { tripsQueryOptions } from '@/features/trips/api'
import { TripsPage } from '@/features/trips/trips-page'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/_deliverer/trips')({
  head: pageHead('My trips'),
  loader: ({ context }) => {
    void context.queryClient.ensureQueryData(tripsQueryOptions()).catch(() => undefined)
  },
  component: TripsPage,
})
