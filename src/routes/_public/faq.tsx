import { createFileRoute } from '@tanstack/react-router'
import { FaqPage } from '@/features/public-pages/faq-page'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/faq')({
  head: pageHead('FAQ'),
  component: FaqPage,
})
