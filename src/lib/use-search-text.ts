import { useEffect, useRef, useState } from 'react'
import { useDebouncedValue } from './use-debounced-value'

/**
 * A search box's text, and the settled search: 500 ms after the last keystroke the trimmed text
 * (undefined when empty, docs/spec.md section 5) goes to `onSettled` if it differs from `current`, the
 * search the URL already holds. Only a new settled value counts, so a URL changed elsewhere (back,
 * a link) is not overwritten by the text still in the box.
 */
export function useSearchText(current: string, onSettled: (search: string | undefined) => void) {
  const [text, setText] = useState(current)
  const debounced = useDebouncedValue(text.trim())
  const latest = useRef({ current, onSettled })
  useEffect(() => {
    latest.current = { current, onSettled }
  })
  useEffect(() => {
    if (debounced !== latest.current.current) latest.current.onSettled(debounced || undefined)
  }, [debounced])
  return [text, setText] as const
}
