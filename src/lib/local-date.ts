/** 7 -> '07': the two-digit fields of dates, times and UTC offsets. */
export const pad = (n: number) => String(n).padStart(2, '0')

/** The calendar day on this device as YYYY-MM-DD (what an <input type="date"> holds). */
export const localDate = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** Local wall time without a zone, as <input type="datetime-local"> wants it. */
export const localDateTime = (d: Date) =>
  `${localDate(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`
