import { QueryClientProvider } from '@tanstack/react-query'
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useState } from 'react'
import type { Role } from '@contract/user'
import { LazyProfileModal } from '@/features/profile/lazy-profile-modal'
import { userDataQueryOptions } from '@/features/profile/api'
import { AppLayout, type RenderBell } from '@/features/shell/app-layout'
import { HeaderBell, NotificationBell } from '@/features/notifications/notification-bell'
import { HeaderMessagesLink, MessagesNavLink } from '@/features/messages/messages-nav-link'
import { Toaster } from '@/components/ui/toaster'
import { apiFailure } from '@/lib/api-failure'
import { requireSignIn } from '@/lib/guards'
import { loneToken } from '@/lib/auth-storage'
import { useWarmAfterSignIn } from '@/lib/offline/warm-after-sign-in'
import { useSession } from '@/lib/use-session'

// A deliverer's only: loaded with their code, so a sender's or an admin's start does not load the
// deliverer's chunk.
const KeepDeliveriesOnDevice = lazy(() =>
  import('@/features/deliverer/keep-deliveries-on-device').then((m) => ({
    default: m.KeepDeliveriesOnDevice,
  })),
)

export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    // Loaded only when needed: the API client is not part of the first page's code.
    if (loneToken()) await (await import('@/lib/restore-session')).restoreLoneSession()
    const session = requireSignIn(context.auth, location)
    // Loaded here, not with the first page: public pages never download the query client.
    const { queryClient } = await context.loadAppServices()
    return { session, queryClient }
  },
  loader: async ({ context, location }) => {
    try {
      // Asks the server at once, so a revoked or tampered token is caught before any page shows.
      // No retries here: offline or with the API down, the shell must not hang on a blank page.
      await context.queryClient.ensureQueryData({
        ...userDataQueryOptions(),
        retry: false,
        // Data restored from this device answers at once; the server is still asked, so a
        // revoked or tampered token reaches the 401 handler.
        revalidateIfStale: true,
      })
    } catch (error) {
      if (apiFailure(error)?.status === 401) {
        throw redirect({ to: '/login', search: { redirect: location.href }, replace: true })
      }
      // Offline or a server hiccup: the stored session is still good enough to show the shell.
    }
  },
  component: AppRoute,
})

/**
 * The bell for every role (docs/decisions/033); senders and deliverers also get their messages
 * with the unread count (decision 039: admins read conversations from the item, nothing is unread
 * for them).
 */
const bellsOf =
  (role: Role): RenderBell =>
  (place, onNavigate) => {
    const side = role === 'admin' ? null : role
    return place === 'sidebar' ? (
      <>
        {side && <MessagesNavLink side={side} onNavigate={onNavigate} />}
        <NotificationBell onNavigate={onNavigate} />
      </>
    ) : (
      <>
        {side && <HeaderMessagesLink side={side} />}
        <HeaderBell />
      </>
    )
  }

function AppRoute() {
  const { session: atLoad, queryClient } = Route.useRouteContext()
  const session = useSession()
  const [profileOpen, setProfileOpen] = useState(false)
  const closeProfile = useCallback(() => setProfileOpen(false), [])
  const role = (session ?? atLoad).user.role
  useWarmAfterSignIn(role)
  return (
    <QueryClientProvider client={queryClient}>
      <AppLayout
        role={role}
        onOpenProfileSettings={() => setProfileOpen(true)}
        renderBell={bellsOf(role)}
      >
        <Outlet />
        <LazyProfileModal open={profileOpen} onClose={closeProfile} />
      </AppLayout>
      <Toaster />
      {/* Issue 29 part 7: accepted deliveries are on the device before they are opened. */}
      {role === 'deliverer' && (
        <Suspense fallback={null}>
          <KeepDeliveriesOnDevice />
        </Suspense>
      )}
    </QueryClientProvider>
  )
}
