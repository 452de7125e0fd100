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
  /**
   * The width on wide screens. Below 768 px a dialog is a bottom sheet, unless the size asks for
   * `base: 'full'` (the document and photo viewers, which want the whole screen).
   */
  size?: DialogRootProps['size']
  scrollBehavior?: DialogRootProps['scrollBehavior']
  /** False keeps it open on a click outside (e.g. while a payment is being entered). */
  closeOnInteractOutside?: boolean
  /** The ✕ in the corner; confirmations that must be answered with a button leave it out. */
  closeButton?: boolean
}

/** Phones: the sheet rises from the bottom edge, full width, rounded at the top, scrolling inside. */
const sheet = {
  mdDown: {
    '--dialog-margin': '0px',
    maxW: '100dvw',
    maxH: '92dvh',
    borderBottomRadius: '0',
  },
}

/** A titled dialog, unmounted when closed so forms start fresh: every dialog of the app. */
export function AppDialog({
  title,
  open,
  onClose,
  children,
  role = 'dialog',
  size = 'md',
  scrollBehavior = 'inside',
  closeOnInteractOutside,
  closeButton = true,
}: AppDialogProps) {
  const fullOnPhone =
    typeof size === 'object' && size !== null && 'base' in size && size.base === 'full'
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      size={size}
      role={role}
      placement={fullOnPhone ? 'center' : { base: 'bottom', md: 'center' }}
      motionPreset={fullOnPhone ? 'scale' : { base: 'slide-in-bottom', md: 'scale' }}
      scrollBehavior={scrollBehavior}
      {...(closeOnInteractOutside === false && { closeOnInteractOutside })}
      // Opened over another layer (the phone menu) but owned by a part that stays (the layout):
      // when that layer goes (the width crossed the phone breakpoint), this one stays open. A
      // dialog inside the layer that goes is unmounted with it anyway.
      onRequestDismiss={(event) => event.preventDefault()}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content css={fullOnPhone ? undefined : sheet}>
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
