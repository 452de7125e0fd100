import { describe, expect, it } from 'vitest'
import { NOT_A_DATE, NOT_A_REAL_DATE } from '@contract/dates'
import { TRIP_DATE_PAST } from '@contract/trips'
import { travelDateProblem } from './travel-date'

describe('travelDateProblem', () => {
  const today = '2027-01-15'

  it('refuses a day the calendar lacks in the API’s words, where new Date() would roll it over', () => {
    for (const day of ['2027-02-30', '2027-02-29', '2027-04-31', '2027-13-01'])
      expect(travelDateProblem(day, today), day).toBe(NOT_A_REAL_DATE)
    expect(travelDateProblem('next friday', today)).toBe(NOT_A_DATE)
  })

  it('takes 29 February of a leap year and today, and refuses an empty or past day', () => {
    expect(travelDateProblem('2028-02-29', today)).toBeUndefined()
    expect(travelDateProblem(today, today)).toBeUndefined()
    expect(travelDateProblem('', today)).toBe('Choose the day you travel')
    expect(travelDateProblem('2027-01-14', today)).toBe(TRIP_DATE_PAST)
  })
})
