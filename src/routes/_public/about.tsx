import { createFileRoute } from '@tanstack/react-router'
import { AboutPage } from '@/features/public-pages/about-page'
import { publicPageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/about')({
  head: publicPageHead({
    title: 'About',
    description:
      'Tote is a delivery marketplace where items travel with people already going the same way.',
    path: '/about',
  }),
  component: AboutPage,
})
