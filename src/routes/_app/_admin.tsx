import { createFileRoute } from '@tanstack/react-router'
import { requireRole } from '@/lib/guards'

export const Route = createFileRoute('/_app/_admin')({
  beforeLoad: ({ context }) => requireRole(context.auth, 'admin'),
})
