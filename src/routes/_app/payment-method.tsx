import { createFileRoute } from '@tanstack/react-router'
import { PageIntro } from '@/components/page-intro'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_app/payment-method')({
  head: pageHead('Payment Method'),
  component: PaymentMethodPage,
})

function PaymentMethodPage() {
  return (
    <PageIntro title="Payment Method">
      Where Tote sends your earnings after a completed delivery.
    </PageIntro>
  )
}
