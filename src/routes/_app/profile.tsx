import { createFileRoute } from '@tanstack/react-router'
import { userDataQueryOptions } from '@/features/profile/api'
import { ProfileDetails } from '@/features/profile/profile-details'
import { loadQuery } from '@/lib/load-query'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/profile')({
  head: pageHead('Profile'),
  loader: ({ context }) => loadQuery(context.queryClient, userDataQueryOptions()),
  component: ProfileDetails,
})
