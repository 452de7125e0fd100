import { dateProblem } from '@contract/dates'
import { TRIP_DATE_PAST } from '@contract/trips'
import { localToday } from './trip-dates'

/**
 * What is wrong with a travel date as the form holds it, in the API's words: a browser without a
 * date picker takes any text, and 30 February must not reach the server as 2 March.
 */
export function travelDateProblem(text: string, today = localToday()): string | undefined {
  if (!text) return 'Choose the day you travel'
  return dateProblem(text) ?? (text < today ? TRIP_DATE_PAST : undefined)
}
