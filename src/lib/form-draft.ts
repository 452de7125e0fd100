/**
 * Drafts of long forms, per user, in localStorage: read synchronously, so a reloaded form shows
 * what was typed in its first render. Small text only (files are not kept). Logout removes the
 * user's drafts (lib/offline/clear-user-data.ts).
 */
const PREFIX = 'tote.draft.'

const keyOf = (form: string, userId: string) => `${PREFIX}${userId}.${form}`

export function loadDraft<T>(form: string, userId: string | undefined): T | null {
  if (!userId) return null
  try {
    const raw = localStorage.getItem(keyOf(form, userId))
    return raw ? (JSON.parse(raw) as T) : null
  } catch {
    // Unavailable storage or a draft from an older shape: start empty.
    return null
  }
}

export function saveDraft(form: string, userId: string | undefined, value: unknown): void {
  if (!userId) return
  try {
    localStorage.setItem(keyOf(form, userId), JSON.stringify(value))
  } catch {
    // Quota or privacy mode: the form still works, only without a draft.
  }
}

export function clearDraft(form: string, userId: string | undefined): void {
  if (!userId) return
  try {
    localStorage.removeItem(keyOf(form, userId))
  } catch {
    // Nothing stored to remove.
  }
}

/** Every draft of one user (at logout). */
export function clearUserDrafts(userId: string): void {
  try {
    const prefix = `${PREFIX}${userId}.`
    const keys: string[] = []
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)
      if (key?.startsWith(prefix)) keys.push(key)
    }
    for (const key of keys) localStorage.removeItem(key)
  } catch {
    // Nothing stored to remove.
  }
}
