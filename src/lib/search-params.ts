import type { Location } from '@contract/items'

// Route search validation runs in the first-visit bundle (validateSearch is not code-split), and
// zod plus the contract's schemas would add ~25 KB there. So: small plain parsers. Each returns
// undefined for a missing or bad value, so a stale or hand-edited URL still opens the page.

export function oneOf<T extends string | number>(
  values: readonly T[],
  raw: unknown,
): T | undefined {
  return values.find((value) => String(value) === String(raw))
}

export function positiveInt(raw: unknown, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined
}

export function numberIn(raw: unknown, min: number, max: number): number | undefined {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && raw !== '' ? Number(raw) : NaN
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined
}

export function text(raw: unknown, maxLength = 100): string | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined
  const value = String(raw).trim().slice(0, maxLength)
  return value || undefined
}

/** A {lat, lng, address?} kept in the URL (TanStack Router stores objects as JSON). */
export function locationParam(raw: unknown): Location | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const r = raw as Record<string, unknown>
  const lat = numberIn(r.lat, -90, 90)
  const lng = numberIn(r.lng, -180, 180)
  if (lat === undefined || lng === undefined) return undefined
  const address = text(r.address, 300)
  return address ? { lat, lng, address } : { lat, lng }
}

/** `{ page }` for paginated lists. */
export function pageSearch(raw: Record<string, unknown>): { page?: number } {
  const page = positiveInt(raw.page)
  return page ? { page } : {}
}
