/**
 * What a price field keeps of what was typed (docs/spec.md section 5, the offer price; the
 * sender's price follows the same rule): digits and one decimal point with up to two decimals,
 * more decimals truncated (never rounded). Anything else keeps the valid prefix of what was typed,
 * so a stray key ('12a') drops only itself, and a minus sign clears the field rather than being
 * dropped ('-5' never becomes 5).
 */
export function sanitisePriceInput(raw: string): string {
  // A decimal comma (as typed in much of Europe) is read as the decimal point.
  const value = raw.trim().replace(',', '.')
  if (value.startsWith('-')) return ''
  return /^\d*(?:\.\d{0,2})?/.exec(value)?.[0] ?? ''
}
