import { createFileRoute } from '@tanstack/react-router'
import { FaqPage } from '@/features/public-pages/faq-page'
import { publicPageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/faq')({
  head: publicPageHead({
    title: 'FAQ',
    description:
      'Answers about sending and carrying items with Tote: prices, payments and refunds, what may be sent, safety checks and offline use.',
    path: '/faq',
  }),
  component: FaqPage,
})
