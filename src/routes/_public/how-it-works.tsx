import { createFileRoute } from '@tanstack/react-router'
import { HowItWorksPage } from '@/features/public-pages/how-it-works-page'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/how-it-works')({
  head: pageHead('How it works'),
  component: HowItWorksPage,
})
