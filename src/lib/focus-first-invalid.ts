/**
 * Moves focus (and the view) to the first field marked invalid inside `root`: after a refused
 * submit on a phone the first error is often above the fold, and a screen reader user should land
 * on it rather than on the button they pressed.
 */
export function focusFirstInvalid(root: HTMLElement | null) {
  const field = root?.querySelector<HTMLElement>(
    'input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"], [data-invalid] input, [data-invalid] select, [data-invalid] textarea',
  )
  if (!field) return
  field.focus()
  field.scrollIntoView?.({ block: 'center' })
}
