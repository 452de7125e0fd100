import { lazy, Suspense } from 'react'

// The modal pulls in zod and the form; loaded on first open so it stays out of the first visit.
const ProfileModal = lazy(() =>
  import('./profile-modal').then((m) => ({ default: m.ProfileModal })),
)

export function LazyProfileModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <ProfileModal open onClose={onClose} />
    </Suspense>
  )
}
