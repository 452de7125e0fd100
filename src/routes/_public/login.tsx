import { createFileRoute } from '@tanstack/react-router'
import { LoginForm } from '@/features/auth/login-form'
import { redirectSearch, redirectSignedIn } from '@/lib/guards'
import { publicPageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/login')({
  validateSearch: redirectSearch,
  beforeLoad: ({ context }) => redirectSignedIn(context.auth),
  head: publicPageHead({
    title: 'Log in',
    description:
      'Log in to Tote to send items, follow your deliveries or pick up items along your route.',
    path: '/login',
  }),
  component: LoginPage,
})

function LoginPage() {
  const { redirect } = Route.useSearch()
  return <LoginForm redirectTo={redirect} />
}
