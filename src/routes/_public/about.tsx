import { createFileRoute } from '@tanstack/react-router'
import { AboutPage } from '@/features/public-pages/about-page'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/about')({
  head: pageHead('About'),
  component: AboutPage,
})
