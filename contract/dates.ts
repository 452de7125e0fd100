import { z } from 'zod'

/** Dates the API takes lie in these years; anything else is a 400, never a database error. */
const MIN_YEAR = 1970
const MAX_YEAR = 9999
const YEAR_OUT_OF_RANGE = `Date must be between the years ${MIN_YEAR} and ${MAX_YEAR}`
export const NOT_A_DATE = 'Date must be a date (YYYY-MM-DD)'
export const NOT_A_REAL_DATE = 'Date must be a real calendar date (YYYY-MM-DD)'
/** The widest UTC offset in use (Kiribati, +14:00); a wider one is a typo PostgreSQL may refuse. */
const MAX_OFFSET_MINUTES = 14 * 60

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
/** RFC 3339 as zod's iso.datetime({ offset: true }) took it: seconds, then Z or ±hh:mm. */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|([+-])(\d{2}):(\d{2}))$/
/** A wall time without a zone, as <input type="datetime-local"> holds it (seconds optional). */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/**
 * Whether the fields name themselves: JavaScript rolls 30 February over to 2 March and 24:00 to
 * the next day, PostgreSQL refuses them, so a value is real only if it comes back unchanged.
 */
function isReal(fields: readonly number[]): boolean {
  const [year, month, day, hour = 0, minute = 0, second = 0] = fields as [number, number, number]
  const at = new Date(0)
  at.setUTCFullYear(year, month - 1, day)
  at.setUTCHours(hour, minute, second, 0)
  return (
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === month - 1 &&
    at.getUTCDate() === day &&
    at.getUTCHours() === hour &&
    at.getUTCMinutes() === minute &&
    at.getUTCSeconds() === second
  )
}

const numbers = (match: RegExpExecArray, count: number) =>
  match.slice(1, count + 1).map((part) => Number(part ?? 0))

/** Whether an ISO date or date-time parses to a moment in MIN_YEAR..MAX_YEAR (UTC). */
function yearInRange(iso: string): boolean {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return false
  const year = date.getUTCFullYear()
  return year >= MIN_YEAR && year <= MAX_YEAR
}

/** What is wrong with a calendar day written YYYY-MM-DD, in the API's words; undefined when nothing. */
export function dateProblem(text: string): string | undefined {
  const match = DATE.exec(text)
  if (!match) return NOT_A_DATE
  if (!isReal(numbers(match, 3))) return NOT_A_REAL_DATE
  return yearInRange(text) ? undefined : YEAR_OUT_OF_RANGE
}

export interface DateTimeMessages {
  /** Not written as an ISO date-time with seconds and a Z or ±hh:mm offset. */
  notADateTime: string
  /** Written so, but naming a day or time the calendar lacks, or an offset beyond ±14:00. */
  notReal: string
  /** Left out, where the field is required (else notADateTime says it). */
  missing?: string
}

/** What is wrong with an ISO 8601 date-time with offset, in the caller's words; undefined when nothing. */
function dateTimeProblem(text: string, messages: DateTimeMessages): string | undefined {
  const match = DATE_TIME.exec(text)
  if (!match) return messages.notADateTime
  const [offsetHours, offsetMinutes] = numbers(match, 9).slice(7)
  const offsetReal =
    !match[7] || (offsetMinutes! < 60 && offsetHours! * 60 + offsetMinutes! <= MAX_OFFSET_MINUTES)
  if (!offsetReal || !isReal(numbers(match, 6))) return messages.notReal
  return yearInRange(text) ? undefined : YEAR_OUT_OF_RANGE
}

/**
 * Whether a wall time as <input type="datetime-local"> holds it names a real day and time; one
 * that does not (a browser without the picker takes any text) would roll over in new Date().
 */
export function isRealLocalDateTime(text: string): boolean {
  const match = LOCAL_DATE_TIME.exec(text)
  return match !== null && isReal(numbers(match, 6))
}

/** Refines a string schema with one of the problems above: a single, clear message per value. */
const checked = (schema: z.ZodString, problem: (text: string) => string | undefined) =>
  schema.superRefine((value, ctx) => {
    const message = problem(value)
    if (message) ctx.addIssue({ code: 'custom', message })
  })

/** A calendar day, YYYY-MM-DD, that exists, in the years the API takes. */
export const dateOnly = checked(z.string({ error: NOT_A_DATE }).trim(), dateProblem).meta({
  format: 'date',
})

/** An ISO 8601 date-time with seconds and offset that exists, in the years the API takes. */
export const dateTime = (messages: DateTimeMessages) =>
  checked(
    z.string({
      error: (issue) =>
        issue.input === undefined && messages.missing ? messages.missing : messages.notADateTime,
    }),
    (text) => dateTimeProblem(text, messages),
  ).meta({ format: 'date-time' })
