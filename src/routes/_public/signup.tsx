import { createFileRoute } from '@tanstack/react-router'
import { SignupForm } from '@/features/auth/signup-form'
import { redirectSignedIn } from '@/lib/guards'
import { publicPageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/signup')({
  beforeLoad: ({ context }) => redirectSignedIn(context.auth),
  head: publicPageHead({
    title: 'Create an account',
    description:
      'Create a Tote account to send items with deliverers, or to earn by carrying items on trips you already take.',
    path: '/signup',
  }),
  component: SignupForm,
})
