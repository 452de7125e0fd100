import { useState, type ReactNode } from 'react'
import { useOutbox } from '@/lib/outbox/use-outbox'
import { useLogout } from './api'
import { LogoutConfirm } from './logout-confirm'
import { OutboxDialog } from './outbox-dialog'

/** What the navigation's entries open: given to the sidebar and the phone menu alike. */
export interface ShellActions {
  /** Logging out (the button spins until /login shows). */
  leaving: boolean
  /** Logs out, or first asks when unsent changes would be deleted. */
  requestLogout: () => void
  openQueued: () => void
}

/**
 * The dialogs the navigation opens (the logout confirmation, the queued changes), held by the
 * layout rather than by the sidebar or the phone menu: when the width crosses the phone breakpoint
 * (a tablet rotated, a window resized) one of those is replaced by the other, and a dialog they
 * held would close under the person answering it.
 */
export function useShellDialogs(): { actions: ShellActions; dialogs: ReactNode } {
  const logout = useLogout()
  const { pending } = useOutbox()
  const [leaving, setLeaving] = useState(false)
  const [open, setOpen] = useState<'logout' | 'queued' | null>(null)
  const leave = () => {
    setOpen(null)
    setLeaving(true)
    void logout()
  }
  return {
    actions: {
      leaving,
      requestLogout: () => (pending > 0 ? setOpen('logout') : leave()),
      openQueued: () => setOpen('queued'),
    },
    dialogs: (
      <>
        <LogoutConfirm
          pending={pending}
          open={open === 'logout'}
          onCancel={() => setOpen(null)}
          onConfirm={leave}
        />
        <OutboxDialog open={open === 'queued'} onClose={() => setOpen(null)} />
      </>
    ),
  }
}
