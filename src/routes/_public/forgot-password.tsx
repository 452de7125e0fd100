import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordForm } from '@/features/auth/forgot-password-form'
import { publicPageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/forgot-password')({
  head: publicPageHead({
    title: 'Forgot password',
    description:
      'Forgot your Tote password? Enter your email address and we will send you a link to choose a new one.',
    path: '/forgot-password',
  }),
  component: ForgotPasswordForm,
})
