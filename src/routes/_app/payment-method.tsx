import { createFileRoute, useLocation } from '@tanstack/react-router'
import { PaymentMethodPage } from '@/features/deliverer/payment-method-page'
import { Receipts } from '@/features/sender/components/receipts'
import { pageHead } from '@/lib/page-title'
import { useSession } from '@/lib/use-session'

export const Route = createFileRoute('/_app/payment-method')({
  head: pageHead('Payment Method'),
  component: PaymentMethodRoute,
})

function PaymentMethodRoute() {
  const { session: atLoad } = Route.useRouteContext()
  const user = (useSession() ?? atLoad).user
  const hash = useLocation({ select: (location) => location.hash })
  return (
    <PaymentMethodPage
      role={user.role}
      userName={user.name}
      receipts={<Receipts anchor={hash} />}
    />
  )
}
