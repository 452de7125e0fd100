import { createFileRoute } from '@tanstack/react-router'
import { HowItWorksPage } from '@/features/public-pages/how-it-works-page'
import { publicPageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/how-it-works')({
  head: publicPageHead({
    title: 'How it works',
    description:
      'How Tote works: post an item, a checked deliverer going your way asks to carry it, you accept and pay, and follow it to delivery.',
    path: '/how-it-works',
  }),
  component: HowItWorksPage,
})
