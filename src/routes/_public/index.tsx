import { createFileRoute } from '@tanstack/react-router'
import { HomePage } from '@/features/public-pages/home-page'
import { publicPageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/')({
  head: publicPageHead({
    title: 'Send with deliverers',
    description:
      'Send parcels, documents and small items with deliverers already going your way. Deliverers earn on trips they make anyway; every request is checked by Tote.',
    path: '/',
  }),
  component: HomePage,
})
