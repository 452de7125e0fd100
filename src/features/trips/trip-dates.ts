import { localDate } from '@/lib/local-date'

/** Today on this device as YYYY-MM-DD: the earliest travel date the form offers. */
export const localToday = (now = new Date()) => localDate(now)
