import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '@/features/public-pages/contact-page'
import { publicPageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/contact')({
  head: publicPageHead({
    title: 'Contact',
    description: 'How to reach the Tote team about a delivery, an account or a payment.',
    path: '/contact',
  }),
  component: ContactPage,
})
