/** Digits grouped by 4 as people read them off the card (at most 19 digits). */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19)
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** MM/YY; the slash appears once the year starts, so deleting back over it works. */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

export function formatCvc(text: string): string {
  return text.replace(/\D/g, '').slice(0, 4)
}

export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(text)
  if (!match) return null
  const month = Number(match[1])
  if (month < 1 || month > 12) return null
  return { month, year: 2000 + Number(match[2]) }
}

export interface CardErrors {
  card_number?: string
  expiry?: string
  cvc?: string
}

export function checkCard(card: { number: string; expiry: string; cvc: string }): CardErrors {
  const digits = card.number.replace(/\D/g, '')
  const errors: CardErrors = {}
  if (digits.length < 12 || digits.length > 19) errors.card_number = 'Enter a valid card number'
  if (!parseExpiry(card.expiry)) errors.expiry = 'Enter a valid expiry date (MM/YY)'
  if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = 'Enter a valid CVC'
  return errors
}
