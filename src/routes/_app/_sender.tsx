import { createFileRoute } from '@tanstack/react-router'
import { requireRole } from '@/lib/guards'

export const Route = createFileRoute('/_app/_sender')({
  beforeLoad: ({ context }) => requireRole(context.auth, 'sender'),
})
