import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '@/features/public-pages/home-page'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/')({
  head: pageHead('Send with travellers'),
  component: HomePage,
})
