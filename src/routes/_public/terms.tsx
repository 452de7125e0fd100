import { createFileRoute } from '@tanstack/react-router'
import { TermsPage } from '@/features/public-pages/terms-page'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/terms')({
  head: pageHead('Terms of service'),
  component: TermsPage,
})
