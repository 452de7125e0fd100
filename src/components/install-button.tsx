import { Button } from '@chakra-ui/react'
import { useEffect, useState } from 'react'

/** Chromium's install event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let deferred: BeforeInstallPromptEvent | null = null
const listeners = new Set<() => void>()
// Listen from module load: the event can fire before the signed-in layout mounts.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's mini-infobar away; the user installs from our button instead.
    event.preventDefault()
    deferred = event as BeforeInstallPromptEvent
    for (const listener of listeners) listener()
  })
  window.addEventListener('appinstalled', () => {
    deferred = null
    for (const listener of listeners) listener()
  })
}

/** 'Install app': shown only once the browser said the app can be installed. */
export function InstallButton() {
  const [available, setAvailable] = useState(deferred !== null)
  useEffect(() => {
    const update = () => setAvailable(deferred !== null)
    listeners.add(update)
    update()
    return () => {
      listeners.delete(update)
    }
  }, [])
  if (!available) return null
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette="brand"
      justifyContent="flex-start"
      onClick={() => {
        const event = deferred
        if (!event) return
        // A prompt can be shown once; the browser fires the event again if it is dismissed.
        deferred = null
        setAvailable(false)
        void event.prompt()
      }}
    >
      Install app
    </Button>
  )
}
