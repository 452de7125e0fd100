import { createToaster, Portal, Toast, Toaster } from '@chakra-ui/react'

/** SPEC.md section 9: toasts last 3 s. Module-level so a toast survives a route change. */
export const delivererToaster = createToaster({ placement: 'top-end', duration: 3000 })

export function DelivererToaster() {
  return (
    <Portal>
      <Toaster toaster={delivererToaster}>
        {(toast) => (
          <Toast.Root>
            <Toast.Title>{toast.title}</Toast.Title>
            {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            <Toast.CloseTrigger aria-label="Close" />
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  )
}
