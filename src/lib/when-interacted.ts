/** What a person does first on a page: point, touch, type, or move focus into it. */
const INTENT = ['pointerdown', 'pointerover', 'touchstart', 'keydown', 'focusin'] as const

/**
 * Runs `start` (once) when the visitor first interacts with the page, and until it has finished
 * holds any form submit made before (a form the app has not taken over yet would send itself as
 * a plain page request): the held form is submitted again once `start` resolves.
 */
export function whenInteracted(root: HTMLElement, start: () => Promise<unknown>) {
  let held: HTMLFormElement | null = null
  let started: Promise<unknown> | null = null
  const holdSubmit = (event: SubmitEvent) => {
    event.preventDefault()
    if (event.target instanceof HTMLFormElement) held = event.target
    run()
  }
  const run = () => {
    if (started) return
    for (const type of INTENT) window.removeEventListener(type, run, true)
    started = start().finally(() => {
      root.removeEventListener('submit', holdSubmit, true)
      adoptEarlyInput(root)
      const form = held
      held = null
      // The app's own handler runs now that React listens on the form.
      if (form?.isConnected) form.requestSubmit()
    })
  }
  root.addEventListener('submit', holdSubmit, true)
  for (const type of INTENT) window.addEventListener(type, run, { capture: true, passive: true })
}

const nativeValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
const nativeTextareaValue = Object.getOwnPropertyDescriptor(
  HTMLTextAreaElement.prototype,
  'value',
)!.set!

/**
 * What was typed (or autofilled, or ticked) in the prerendered form before React took it over:
 * React keeps it on screen but its state still holds the prerendered value, so each such field
 * gets the change event it would have sent. Setting the value through React's own tracker first
 * is what makes React see a change.
 */
function adoptEarlyInput(root: HTMLElement) {
  const fields = [
    ...root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
  ]
  // Read everything first: the first change re-renders the form, and React then puts the
  // values it holds back into the other fields.
  const early = fields.map((field) => ({ field, value: field.value, checked: checkable(field) }))
  for (const { field, value, checked } of early) {
    if (checked !== null) {
      // A radio the visitor left is implied by the one they picked.
      const picked = field instanceof HTMLInputElement && field.type === 'radio' ? checked : true
      if (!picked || checked === (field as HTMLInputElement).defaultChecked) continue
      ;(field as HTMLInputElement).checked = !checked
      field.click()
      continue
    }
    if (value === field.defaultValue) continue
    field.value = field.defaultValue
    ;(field instanceof HTMLTextAreaElement ? nativeTextareaValue : nativeValue).call(field, value)
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }
}

/** The checked state of a checkbox or radio; null for a text field. */
const checkable = (field: HTMLInputElement | HTMLTextAreaElement) =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
    ? field.checked
    : null
