import { createFileRoute, useLocation } from '@tanstack/react-router'
import { PaymentMethodPage } from '@/features/payment-method/payment-method-page'
import { Receipts } from '@/features/sender/components/receipts'
import { RoleOnlyPage } from '@/components/role-only-page'
import { pageHead } from '@/lib/page-title'
import { useSession } from '@/lib/use-session'

export const Route = createFileRoute('/_app/payment-method')({
  head: pageHead('Payment method'),
  component: PaymentMethodRoute,
})

function PaymentMethodRoute() {
  const { session: atLoad } = Route.useRouteContext()
  const user = (useSession() ?? atLoad).user
  const hash = useLocation({ select: (location) => location.hash })
  if (user.role === 'admin') {
    return (
      <RoleOnlyPage
        title="Payment method"
        pageFor={['sender', 'deliverer']}
        role={user.role}
        purpose="Senders find their receipts here, and deliverers where their earnings are paid."
      />
    )
  }
  return <PaymentMethodPage role={user.role} receipts={<Receipts anchor={hash} />} />
}
