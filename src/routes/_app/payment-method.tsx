import { createFileRoute, useLocation } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { PaymentMethodPage } from '@/features/payment-method/payment-method-page'
import { PendingStatus } from '@/components/pending-status'
import { RoleOnlyPage } from '@/components/role-only-page'
import { pageHead } from '@/lib/page-title'
import { useSession } from '@/lib/use-session'

// The sender's pages' chunk: a sender has it already, a deliverer never loads it.
const Receipts = lazy(() =>
  import('@/features/sender/components/receipts').then((m) => ({ default: m.Receipts })),
)

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
  const receipts = user.role === 'sender' && (
    <Suspense fallback={<PendingStatus paused={false}>Loading receipts...</PendingStatus>}>
      <Receipts anchor={hash} />
    </Suspense>
  )
  return <PaymentMethodPage role={user.role} receipts={receipts} />
}
