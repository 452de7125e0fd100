import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '@/features/public-pages/contact-page'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/contact')({
  head: pageHead('Contact'),
  component: ContactPage,
})
