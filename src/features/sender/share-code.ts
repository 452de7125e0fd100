import { useState } from 'react'

export type ShareOutcome = 'shared' | 'copied' | 'failed' | null

/**
 * Shares `text` through the system's share sheet where the browser has one (phones), else copies
 * it to the clipboard. The outcome is shown by the caller; closing the share sheet is no failure.
 */
export function useShareText() {
  const [outcome, setOutcome] = useState<ShareOutcome>(null)
  async function share(data: { title: string; text: string }) {
    setOutcome(null)
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(data)
        return setOutcome('shared')
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return
        // Refused (no permission, nothing to share to): copying still works.
      }
    }
    try {
      await navigator.clipboard.writeText(data.text)
      setOutcome('copied')
    } catch {
      setOutcome('failed')
    }
  }
  return { outcome, share }
}
