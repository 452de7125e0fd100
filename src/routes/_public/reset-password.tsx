import { createFileRoute } from '@tanstack/react-router'
import { NewPasswordForm } from '@/features/auth/new-password-form'
import { tokenSearch } from '@/lib/guards'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/reset-password')({
  validateSearch: tokenSearch,
  head: pageHead('Reset your password'),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { token } = Route.useSearch()
  return (
    <NewPasswordForm
      endpoint="reset-password"
      token={token}
      title="Reset your password"
      intro="Choose a new password for your Tote account."
    />
  )
}
