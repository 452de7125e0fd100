import { z } from 'zod'
import { envelope } from './envelope'
import { dateOnly } from './dates'
import { uuidOf } from './ids'

// The double-entry ledger (docs/decisions/037-ledger.md): every movement of money is a ledger
// transaction whose entries, in integer cents, sum to zero. The API answers amounts in the
// currency's unit (dollars), signed: money into an account is positive, out of it negative.

/** The kinds of account: one per sender's card and per deliverer, one each for Tote's own. */
export const ledgerAccountKinds = [
  /** What the sender's card paid (negative) and got back (positive). */
  'sender_card',
  /** Money captured and held until it is released to the deliverer or refunded. */
  'held',
  /** Refunds decided and not yet confirmed by the payment provider. */
  'refunds',
  /** A deliverer's released share, available to be paid out to their bank. */
  'deliverer',
  /** Tote's fees. */
  'platform_fees',
  /** Sent to deliverers' payout accounts (Stripe Connect transfers or the test provider's). */
  'transfers',
] as const
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number]

/** Why money moved: each ledger transaction is one of these. */
export const ledgerTransactionKinds = [
  /** The sender's card to held, once the sender accepted (or before a refund of a paid request). */
  'capture',
  /** Held to refunds: a refund was decided. */
  'refund',
  /** Refunds to the sender's card: the provider confirmed the refund. */
  'refund_sent',
  /** Held to the deliverer and to Tote's fees, the hold after delivery having passed. */
  'release',
  /** A correction: the entries of an earlier transaction, negated. Entries are never edited. */
  'reversal',
  /** A deliverer's available money to their payout account (a transfer, decision 041). */
  'payout',
  /** A transfer taken back (a transfer reversal): transfers to the deliverer's account. */
  'payout_reversal',
] as const
export type LedgerTransactionKind = (typeof ledgerTransactionKinds)[number]

/** GET /api/admin/ledger?item_id= (admins only). */
export const ledgerQuery = z.object({ item_id: uuidOf('item') })

const ledgerEntry = z.object({
  transaction_id: z.string(),
  /** `held`, `refunds`, `platform_fees`, `transfers`, `sender_card:<user id>` or `deliverer:<user id>`. */
  account: z.string(),
  /** Signed, in dollars: positive into the account, negative out of it. */
  amount: z.number(),
  kind: z.enum(ledgerTransactionKinds),
  created_at: z.string(),
})
export type LedgerEntry = z.infer<typeof ledgerEntry>

/** The item's entries, oldest first; those of one transaction sum to zero. */
export const ledgerAnswer = envelope(z.object({ entries: z.array(ledgerEntry) }))

/** The longest period GET /api/admin/money answers, in days. */
export const MONEY_REPORT_MAX_DAYS = 366

/**
 * GET /api/admin/money?from=&to= (admins only): calendar days in UTC, both included; by default
 * the 30 days up to today.
 */
export const moneyQuery = z
  .object({ from: dateOnly.optional(), to: dateOnly.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['from'],
    message: 'From must not be after to',
  })

const moneyFigures = z.object({
  /** Held at the end of the day (or period): captured and neither released nor refunded. */
  held: z.number(),
  /** Released from held to deliverers and fees (the gross of each release). */
  released: z.number(),
  /** Refunds decided (held to refunds), whether the provider confirmed them yet or not. */
  refunded: z.number(),
  /** Tote's fees, less any taken back. */
  fees: z.number(),
})

export const moneyAnswer = envelope(
  moneyFigures.extend({
    from: z.string(),
    to: z.string(),
    /** Every ledger transaction sums to zero and every account balance to its entries. */
    balanced: z.boolean(),
    days: z.array(moneyFigures.extend({ date: z.string() })),
  }),
)
export type MoneyReport = z.infer<typeof moneyAnswer>['data']
