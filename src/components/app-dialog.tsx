import { CloseButton, Dialog, Portal } from '@chakra-ui/react'
import type { ReactNode } from 'react'

type DialogRootProps = Dialog.RootProps

interface AppDialogProps {
  title: ReactNode
  open: boolean
  onClose: () => void
  /** Body and footer; forms put their own Dialog.Body/Dialog.Footer inside the <form>. */
  children: ReactNode
  role?: 'dialog' | 'alertdialog'
  /** Full screen on phones by default. */
  size?: DialogRootProps['size']
  scrollBehavior?: DialogRootProps['scrollBehavior']
  /** False keeps it open on a click outside (e.g. while a payment is being entered). */
  closeOnInteractOutside?: boolean
  /** The ✕ in the corner; confirmations that must be answered with a button leave it out. */
  closeButton?: boolean
}

/** A titled dialog, unmounted when closed so forms start fresh: every dialog of the app. */
export function AppDialog({
  title,
  open,
  onClose,
  children,
  role = 'dialog',
  size = { base: 'full', sm: 'md' },
  scrollBehavior,
  closeOnInteractOutside,
  closeButton = true,
}: AppDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      size={size}
      role={role}
      {...(scrollBehavior && { scrollBehavior })}
      {...(closeOnInteractOutside === false && { closeOnInteractOutside })}
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
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
