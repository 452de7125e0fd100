/**
 * The text fields of `form` as they are on screen, by name, for the names in `held` (what the
 * form's state holds; a name with no such field keeps its held value). Once the app runs the
 * form they are the same. They differ only when what was typed into the prerendered page before
 * the app ran never reached the state (src/lib/when-interacted.ts hands it over; on a busy phone
 * that was once lost): what the person sees is what is sent.
 */
export function shownText<T extends Record<string, string>>(form: HTMLFormElement, held: T): T {
  const shown: Record<string, string> = { ...held }
  for (const name of Object.keys(held)) {
    const field = form.elements.namedItem(name)
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)
      shown[name] = field.value
  }
  return shown as T
}
