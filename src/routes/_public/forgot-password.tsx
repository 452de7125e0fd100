import { createFileRoute } from '@tanstack/react-router'
import { ForgotPasswordForm } from '@/features/auth/forgot-password-form'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/forgot-password')({
  head: pageHead('Forgot password'),
  component: ForgotPasswordForm,
})
