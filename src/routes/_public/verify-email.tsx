import { createFileRoute } from '@tanstack/react-router'
import { VerifyEmailStatus } from '@/features/auth/verify-email-status'
import { tokenSearch } from '@/lib/guards'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/verify-email')({
  validateSearch: tokenSearch,
  head: pageHead('Verify your email'),
  component: VerifyEmailPage,
})

function VerifyEmailPage() {
  const { token } = Route.useSearch()
  return <VerifyEmailStatus token={token} />
}
