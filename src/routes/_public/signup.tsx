import { createFileRoute } from '@tanstack/react-router'
import { SignupForm } from '@/features/auth/signup-form'
import { redirectSignedIn } from '@/lib/guards'
import { pageHead } from '@/lib/page-title'

export const Route = createFileRoute('/_public/signup')({
  beforeLoad: ({ context }) => redirectSignedIn(context.auth),
  head: pageHead('Create an account'),
  component: SignupForm,
})
