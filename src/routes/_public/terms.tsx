import { createFileRoute } from '@tanstack/react-router'
import { TermsPage } from '@/features/public-pages/terms-page'
import { publicPageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/terms')({
  head: publicPageHead({
    title: 'Terms of service',
    description:
      'The terms for sending and carrying items with Tote: what senders and deliverers agree to, payments, refunds and cancellations.',
    path: '/terms',
  }),
  component: TermsPage,
})
