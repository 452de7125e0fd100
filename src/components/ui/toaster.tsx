import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { whenIdle } from '@/lib/idle'

/** docs/spec.md section 9: toasts last 3 s. */
const TOAST_MS = 3000

/** The app's one toaster; mount <Toaster /> once (in the root route) and call toaster.create(). */
export const toaster = createToaster({
  placement: 'bottom-end',
  pauseOnPageIdle: true,
  duration: TOAST_MS,
})

/**
 * Mounted once the browser is idle after the page's start, or at the first toast if that comes
 * sooner: on mount, the toast group's store subscription re-renders synchronously (flushSync),
 * which took ~20 ms (~80 ms on a phone) inside the signed-in pages' first render. Toasts made
 * before it mounts are kept by the store and shown then.
 */
function useToasterReady() {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (ready) return
    const unsubscribe = toaster.subscribe(() => setReady(true))
    const cancel = whenIdle(() => setReady(true))
    return () => {
      unsubscribe()
      cancel()
    }
  }, [ready])
  return ready
}

export function Toaster() {
  const ready = useToasterReady()
  if (!ready) return null
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
