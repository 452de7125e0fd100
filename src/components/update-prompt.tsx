import { useEffect, useRef, useState, type CSSProperties } from 'react'
import type { Workbox } from 'workbox-window'

type Props = {
  /** Register the service worker. Production builds only: the dev server has no sw.js. */
  enabled?: boolean
  /** Where the worker is served (vite-plugin-pwa writes it to dist/sw.js). */
  swUrl?: string
  /** Called once the new worker controls the page; a full reload by default. */
  onControlling?: () => void
}

/**
 * Registers the service worker (workbox-window) and, when a new version is installed and waiting,
 * asks the user whether to switch now. The new worker waits until the user accepts: then it is
 * told to skip waiting, and the page reloads once that worker controls it. 'Later' keeps the
 * current version; the new one takes over when every Tote tab has been closed.
 */
export function UpdatePrompt({
  enabled = import.meta.env.PROD,
  swUrl = '/sw.js',
  onControlling = () => window.location.reload(),
}: Props) {
  const [waiting, setWaiting] = useState<Workbox | null>(null)
  const [updating, setUpdating] = useState(false)
  const onControllingRef = useRef(onControlling)
  useEffect(() => {
    onControllingRef.current = onControlling
  }, [onControlling])

  useEffect(() => {
    if (!enabled || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return
    let disposed = false
    let cleanup = () => {}
    void import('workbox-window').then(({ Workbox }) => {
      if (disposed) return
      const wb = new Workbox(swUrl, { scope: '/' })
      wb.addEventListener('waiting', () => setWaiting(wb))
      // A tab left open for days should still learn about new versions.
      const checkForUpdate = () => {
        if (document.visibilityState === 'visible') void wb.update().catch(() => {})
      }
      document.addEventListener('visibilitychange', checkForUpdate)
      cleanup = () => document.removeEventListener('visibilitychange', checkForUpdate)
      void wb.register().catch((error: unknown) => {
        console.warn('Service worker registration failed', error)
      })
    })
    return () => {
      disposed = true
      cleanup()
    }
  }, [enabled, swUrl])

  const accept = () => {
    if (!waiting || updating) return
    setUpdating(true)
    let reloaded = false
    waiting.addEventListener('controlling', () => {
      if (reloaded) return
      reloaded = true
      onControllingRef.current()
    })
    waiting.messageSkipWaiting()
  }

  return (
    <div role="status" aria-live="polite" style={waiting ? styles.panel : styles.hidden}>
      {waiting && (
        <>
          <p style={styles.text}>A new version of Tote is available.</p>
          <div style={styles.actions}>
            <button type="button" onClick={accept} disabled={updating} style={styles.primary}>
              Reload to update
            </button>
            <button type="button" onClick={() => setWaiting(null)} style={styles.secondary}>
              Later
            </button>
          </div>
        </>
      )}
    </div>
  )
}

const button: CSSProperties = {
  font: 'inherit',
  fontWeight: 600,
  padding: '0.5rem 0.875rem',
  borderRadius: '0.375rem',
  cursor: 'pointer',
  minHeight: '2.5rem',
}

const styles = {
  hidden: { position: 'fixed', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' },
  panel: {
    position: 'fixed',
    insetInline: '1rem',
    bottom: '1rem',
    marginInline: 'auto',
    maxWidth: '28rem',
    zIndex: 1400,
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '0.75rem',
    padding: '0.875rem 1rem',
    background: '#ffffff',
    color: '#1a202c',
    border: '1px solid #cbd5e0',
    borderRadius: '0.5rem',
    boxShadow: '0 4px 16px rgba(0, 0, 0, 0.15)',
  },
  text: { margin: 0, flex: '1 1 12rem' },
  actions: { display: 'flex', gap: '0.5rem' },
  primary: { ...button, background: '#0f766e', color: '#ffffff', border: '1px solid #0f766e' },
  secondary: {
    ...button,
    background: 'transparent',
    color: '#0f766e',
    border: '1px solid #0f766e',
  },
} satisfies Record<string, CSSProperties>
