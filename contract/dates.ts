import { z } from 'zod'

/** Dates the API takes lie in these years; anything else is a 400, never a database error. */
const MIN_YEAR = 1970
const MAX_YEAR = 9999
export const YEAR_OUT_OF_RANGE = `Date must be between the years ${MIN_YEAR} and ${MAX_YEAR}`

/** Whether an ISO date or date-time parses to a moment in MIN_YEAR..MAX_YEAR (UTC). */
export function yearInRange(iso: string): boolean {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return false
  const year = date.getUTCFullYear()
  return year >= MIN_YEAR && year <= MAX_YEAR
}

/** A calendar day, YYYY-MM-DD, in the years the API takes. */
export const dateOnly = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be a date (YYYY-MM-DD)')
  .refine((v) => !Number.isNaN(new Date(v).getTime()), 'Date must be a date (YYYY-MM-DD)')
  .refine(yearInRange, YEAR_OUT_OF_RANGE)
