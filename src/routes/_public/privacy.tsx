import { createFileRoute } from '@tanstack/react-router'
import { PrivacyPage } from '@/features/public-pages/privacy-page'
import { publicPageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/privacy')({
  head: publicPageHead({
    title: 'Privacy policy',
    description:
      'What personal data Tote keeps and why, who sees a delivery address, and how to get a copy of your data or close your account.',
    path: '/privacy',
  }),
  component: PrivacyPage,
})
