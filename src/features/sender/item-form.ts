import {
  categories,
  createItemBody,
  updateItemBody,
  type Category,
  type Item,
  type Location,
} from '@contract/items'
import { isRealLocalDateTime } from '@contract/dates'
import type { FieldErrors } from '@/lib/validation'
import { localDateTime, pad } from '@/lib/local-date'

/** What the inputs hold: text as typed, so half-typed numbers are not lost. */
export interface ItemFormValues {
  name: string
  category: Category | ''
  description: string
  quantity: string
  weight: string
  length: string
  width: string
  height: string
  is_fragile: boolean
  from_location: Location | null
  to_location: Location | null
  delivery_phone: string
  delivery_address: string
  delivery_deadline: string
  special_instructions: string
  pickup_address: string
  pickup_instructions: string
  pickup_phone: string
  recipient_email: string
  sender_price: string
}

const emptyItemForm: ItemFormValues = {
  name: '',
  category: '',
  description: '',
  quantity: '1',
  weight: '',
  length: '',
  width: '',
  height: '',
  is_fragile: false,
  from_location: null,
  to_location: null,
  delivery_phone: '',
  delivery_address: '',
  delivery_deadline: '',
  special_instructions: '',
  pickup_address: '',
  pickup_instructions: '',
  pickup_phone: '',
  recipient_email: '',
  sender_price: '',
}

/** A saved draft back into form values: only known fields of the right type, the rest empty. */
export function restoreItemForm(draft: unknown): ItemFormValues {
  const values = { ...emptyItemForm }
  if (typeof draft !== 'object' || draft === null) return values
  const saved = draft as Record<string, unknown>
  for (const key of Object.keys(emptyItemForm) as (keyof ItemFormValues)[]) {
    const v = saved[key]
    const empty = emptyItemForm[key]
    if (key === 'from_location' || key === 'to_location') {
      const loc = v as { lat?: unknown; lng?: unknown } | null
      if (loc && typeof loc.lat === 'number' && typeof loc.lng === 'number')
        values[key] = v as ItemFormValues[typeof key]
    } else if (key === 'category') {
      if (typeof v === 'string' && (v === '' || (categories as readonly string[]).includes(v)))
        values.category = v as ItemFormValues['category']
    } else if (typeof v === typeof empty) {
      ;(values as Record<string, unknown>)[key] = v
    }
  }
  return values
}

/**
 * The errors left once `changed` fields were edited: a changed field that now passes loses its
 * error at once, one that still fails shows its current message; other fields keep theirs (no
 * new errors appear while typing).
 */
export function withoutFixedErrors(
  errors: FieldErrors,
  values: ItemFormValues,
  changed: string[],
): FieldErrors {
  const touched = changed.filter((key) => errors[key])
  if (touched.length === 0) return errors
  const parsed = parseCreateItem(values)
  const now = parsed.ok ? {} : parsed.errors
  const next = { ...errors }
  for (const key of touched) {
    if (now[key]) next[key] = now[key]
    else delete next[key]
  }
  return next
}

/** datetime-local wants local wall time without a zone. */
function toDateTimeLocal(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return localDateTime(d)
}

/** The user's wall time with their UTC offset, so the server knows which moment they meant. */
function toIsoWithOffset(local: string): string | undefined {
  if (!local) return undefined
  // A wall time the calendar lacks (30 February, typed where the browser has no picker, or kept
  // in a draft) goes as written: new Date() would roll it over; the contract refuses it in its words.
  if (!isRealLocalDateTime(local)) return `${local}${local.length === 16 ? ':00' : ''}Z`
  const d = new Date(local)
  const offset = -d.getTimezoneOffset()
  const sign = offset >= 0 ? '+' : '-'
  const abs = Math.abs(offset)
  return `${toDateTimeLocal(d.toISOString())}:${pad(d.getSeconds())}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

export function itemToForm(item: Item): ItemFormValues {
  return {
    name: item.name,
    category: item.category,
    description: item.description,
    quantity: String(item.quantity),
    weight: String(item.weight),
    length: String(item.dimensions.length),
    width: String(item.dimensions.width),
    height: String(item.dimensions.height),
    is_fragile: item.is_fragile,
    from_location: item.from_location,
    to_location: item.to_location,
    delivery_phone: item.delivery_phone ?? '',
    delivery_address: item.delivery_address ?? '',
    delivery_deadline: toDateTimeLocal(item.delivery_deadline),
    special_instructions: item.special_instructions,
    pickup_address: item.pickup?.address ?? '',
    pickup_instructions: item.pickup?.instructions ?? '',
    pickup_phone: item.pickup?.phone ?? '',
    recipient_email: item.recipient_email ?? '',
    sender_price: String(item.sender_price),
  }
}

const num = (text: string) => (text.trim() === '' ? undefined : Number(text))

function toBodyInput(values: ItemFormValues) {
  return {
    name: values.name,
    category: values.category || undefined,
    description: values.description,
    quantity: num(values.quantity),
    weight: num(values.weight),
    dimensions: {
      length: num(values.length),
      width: num(values.width),
      height: num(values.height),
    },
    is_fragile: values.is_fragile,
    from_location: values.from_location ?? undefined,
    to_location: values.to_location ?? undefined,
    delivery_phone: values.delivery_phone,
    delivery_address: values.delivery_address,
    delivery_deadline: toIsoWithOffset(values.delivery_deadline),
    special_instructions: values.special_instructions,
    pickup_address: values.pickup_address,
    pickup_instructions: values.pickup_instructions,
    pickup_phone: values.pickup_phone,
    recipient_email: values.recipient_email,
    sender_price: num(values.sender_price),
  }
}

/** Field keys as the inputs know them: dimensions.length -> length. */
function fieldKey(path: readonly PropertyKey[]): string {
  if (path[0] === 'dimensions' && path[1] !== undefined) return String(path[1])
  return String(path[0] ?? 'form')
}

/** Server field errors may name dimensions as dimensions.length; the inputs use length. */
export function normaliseFieldErrors(errors: FieldErrors): FieldErrors {
  const out: FieldErrors = {}
  for (const [key, message] of Object.entries(errors)) {
    out[key.startsWith('dimensions.') ? key.slice('dimensions.'.length) : key] = message
  }
  return out
}

type Parsed<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors }

function collect(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  extra: FieldErrors,
) {
  const errors: FieldErrors = { ...extra }
  for (const issue of issues) errors[fieldKey(issue.path)] ??= issue.message
  return errors
}

/** What to ask for when a required field was left empty: the contract's "must be a number" reads like code. */
const EMPTY_MESSAGES = {
  quantity: 'Enter how many pieces',
  weight: 'Enter the weight in kg',
  length: 'Enter the length in cm',
  width: 'Enter the width in cm',
  height: 'Enter the height in cm',
  sender_price: 'Enter your price',
} satisfies Partial<Record<keyof ItemFormValues, string>>

function askForEmpty(values: ItemFormValues, errors: FieldErrors): FieldErrors {
  const out = { ...errors }
  for (const [key, message] of Object.entries(EMPTY_MESSAGES))
    if (out[key] && String(values[key as keyof typeof EMPTY_MESSAGES]).trim() === '')
      out[key] = message
  return out
}

function locationErrors(values: ItemFormValues): FieldErrors {
  const errors: FieldErrors = {}
  if (!values.from_location) errors.from_location = 'Choose a location'
  if (!values.to_location) errors.to_location = 'Choose a location'
  if (!values.category) errors.category = 'Choose a category'
  return errors
}

function deadlineError(values: ItemFormValues, mustBeFuture: boolean): FieldErrors {
  const at = new Date(values.delivery_deadline).getTime()
  const real = isRealLocalDateTime(values.delivery_deadline)
  if (mustBeFuture && real && at <= Date.now()) {
    return { delivery_deadline: 'Delivery deadline must be in the future' }
  }
  return {}
}

export function parseCreateItem(
  values: ItemFormValues,
): Parsed<ReturnType<typeof createItemBody.parse>> {
  const extra = { ...locationErrors(values), ...deadlineError(values, true) }
  const result = createItemBody.safeParse(toBodyInput(values))
  if (result.success && Object.keys(extra).length === 0) return { ok: true, data: result.data }
  return {
    ok: false,
    errors: askForEmpty(values, collect(result.success ? [] : result.error.issues, extra)),
  }
}

/** The contract says the deadline must be in the future only when it is set or changed. */
export function parseUpdateItem(
  item: Item,
  values: ItemFormValues,
): Parsed<ReturnType<typeof updateItemBody.parse>> {
  const changed = values.delivery_deadline !== toDateTimeLocal(item.delivery_deadline)
  const extra = { ...locationErrors(values), ...deadlineError(values, changed) }
  const input = { ...toBodyInput(values), item_id: item.id }
  // Unchanged: send the stored moment itself, not a minute-rounded copy the server would re-check.
  if (!changed) input.delivery_deadline = item.delivery_deadline
  const result = updateItemBody.safeParse(input)
  if (result.success && Object.keys(extra).length === 0) return { ok: true, data: result.data }
  return {
    ok: false,
    errors: askForEmpty(values, collect(result.success ? [] : result.error.issues, extra)),
  }
}
