import { createFileRoute, useRouter } from '@tanstack/react-router'
import { fetchRecipientCode } from '@/features/recipient/api'
import { RecipientCodePage } from '@/features/recipient/recipient-code-page'

// Dynamic and private: never prerendered (src/lib/public-pages.ts), never indexed; opened
// directly, the server answers the app shell and this route fetches the code.
export const Route = createFileRoute('/_public/delivery-code/$token')({
  head: () => ({
    meta: [
      { title: 'Your delivery code · Tote' },
      { name: 'robots', content: 'noindex, nofollow' },
    ],
  }),
  loader: ({ params }) => fetchRecipientCode(params.token),
  // A new visit asks the server again: the link may have ended since.
  staleTime: 0,
  component: DeliveryCodeRoute,
})

function DeliveryCodeRoute() {
  const result = Route.useLoaderData()
  const router = useRouter()
  return <RecipientCodePage result={result} onRetry={() => void router.invalidate()} />
}
