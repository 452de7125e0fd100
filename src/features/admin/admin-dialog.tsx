import { CloseButton, Dialog, Portal } from '@chakra-ui/react'
import type { ReactNode } from 'react'

interface AdminDialogProps {
  title: string
  open: boolean
  onClose: () => void
  /** Body and footer; forms put their own Dialog.Body/Dialog.Footer inside the <form>. */
  children: ReactNode
  role?: 'dialog' | 'alertdialog'
}

/** A titled dialog, full screen on phones, unmounted when closed so forms start fresh. */
export function AdminDialog({ title, open, onClose, children, role = 'dialog' }: AdminDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      size={{ base: 'full', sm: 'md' }}
      role={role}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
