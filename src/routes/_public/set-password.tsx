import { createFileRoute } from '@tanstack/react-router'
import { NewPasswordForm } from '@/features/auth/new-password-form'
import { tokenSearch } from '@/lib/guards'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/set-password')({
  validateSearch: tokenSearch,
  head: pageHead('Set your password'),
  component: SetPasswordPage,
})

function SetPasswordPage() {
  const { token } = Route.useSearch()
  return (
    <NewPasswordForm
      endpoint="set-password"
      token={token}
      title="Set your password"
      intro="Choose a password to finish setting up the account we created for you."
    />
  )
}
