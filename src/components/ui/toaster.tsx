import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react'

/** docs/spec.md section 9: toasts last 3 s. */
const TOAST_MS = 3000

/** The app's one toaster; mount <Toaster /> once (in the root route) and call toaster.create(). */
export const toaster = createToaster({
  placement: 'bottom-end',
  pauseOnPageIdle: true,
  duration: TOAST_MS,
})

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger aria-label="Dismiss" />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  )
}
