import { createFileRoute } from '@tanstack/react-router'
import { LoginForm } from '@/features/auth/login-form'
import { redirectSearch, redirectSignedIn } from '@/lib/guards'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/login')({
  validateSearch: redirectSearch,
  beforeLoad: ({ context }) => redirectSignedIn(context.auth),
  head: pageHead('Log in'),
  component: LoginPage,
})

function LoginPage() {
  const { redirect } = Route.useSearch()
  return <LoginForm redirectTo={redirect} />
}
