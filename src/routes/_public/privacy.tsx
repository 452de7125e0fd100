import { createFileRoute } from '@tanstack/react-router'
import { PrivacyPage } from '@/features/public-pages/privacy-page'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/privacy')({
  head: pageHead('Privacy policy'),
  component: PrivacyPage,
})
