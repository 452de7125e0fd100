import { useRef, type FormEvent } from 'react'

/** Shown in the form when what it checks with could not be loaded (a chunk gone after an update). */
export const LOAD_FAILED_MESSAGE = 'This form could not be checked. Reload the page and try again.'

/**
 * A form's submit handler that first loads what it checks with (a contract schema, loaded at the
 * first submit rather than with the page: decision 054). A second submit while that loads is
 * ignored, so a double tap sends once: the button's pending state comes only with the mutation.
 */
export function useSubmitAfterLoad<T>(
  load: () => Promise<T>,
  submit: (loaded: T) => void,
  onLoadFailed: () => void,
) {
  const loading = useRef(false)
  return async (event: FormEvent) => {
    event.preventDefault()
    if (loading.current) return
    loading.current = true
    let loaded: T
    try {
      loaded = await load()
    } catch {
      onLoadFailed()
      return
    } finally {
      loading.current = false
    }
    submit(loaded)
  }
}
