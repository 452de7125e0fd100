import { and, eq, gte, lt, sql } from 'drizzle-orm'
import { MONEY_REPORT_MAX_DAYS, type MoneyReport } from '../../../contract/ledger'
import { fromCents } from '../../../contract/money'
import type { Db } from '../../db/client'
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema'
import { fieldError } from '../../errors'

// Tote's money over a period, from the ledger alone (decision 037): what it holds at the end of
// each day, and what it released, refunded and earned in fees that day. Days are UTC.

const DAY_MS = 24 * 60 * 60 * 1000
const DEFAULT_DAYS = 30

const isoDay = (d: Date) => d.toISOString().slice(0, 10)
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`)

/** The period asked for, both days included: by default the 30 days up to today. */
function periodOf(q: { from?: string | undefined; to?: string | undefined }, now: Date) {
  const to = q.to ?? isoDay(now)
  const from = q.from ?? isoDay(new Date(dayStart(to).getTime() - (DEFAULT_DAYS - 1) * DAY_MS))
  const days = Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS) + 1
  if (days > MONEY_REPORT_MAX_DAYS)
    throw fieldError('from', `A period of at most ${MONEY_REPORT_MAX_DAYS} days, please`)
  return { from, to, days }
}

const cents = (expression: ReturnType<typeof sql>) =>
  sql`coalesce(${expression}, 0)::bigint`.mapWith(Number)

/** Whether every transaction sums to zero, every balance to its entries, and the whole to zero. */
async function isBalanced(db: Db): Promise<boolean> {
  const [check] = await db
    .select({
      ok: sql<boolean>`not exists (select 1 from ${ledgerEntries}
          group by ${ledgerEntries.transactionId} having sum(${ledgerEntries.amountCents}) <> 0)
        and not exists (select 1 from ${ledgerAccounts} a where a.balance_cents <> coalesce(
          (select sum(e.amount_cents) from ${ledgerEntries} e where e.account_id = a.id), 0))
        and coalesce((select sum(${ledgerEntries.amountCents}) from ${ledgerEntries}), 0) = 0`,
    })
    .from(sql`(select 1) as one`)
  return check?.ok === true
}

export async function moneyReport(
  db: Db,
  query: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
): Promise<MoneyReport> {
  const { from, to, days } = periodOf(query, now)
  const start = dayStart(from)
  const end = new Date(dayStart(to).getTime() + DAY_MS)
  const day = sql<string>`to_char(${ledgerEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`
  const account = ledgerAccounts.kind
  const kind = ledgerTransactions.kind
  const amount = ledgerEntries.amountCents
  const [rows, [before], balanced] = await Promise.all([
    db
      .select({
        day,
        held: cents(sql`sum(${amount}) filter (where ${account} = 'held')`),
        released: cents(
          sql`-sum(${amount}) filter (where ${account} = 'held' and ${kind} = 'release')`,
        ),
        refunded: cents(
          sql`sum(${amount}) filter (where ${account} = 'refunds' and ${kind} = 'refund')`,
        ),
        fees: cents(sql`sum(${amount}) filter (where ${account} = 'platform_fees')`),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(gte(ledgerEntries.createdAt, start), lt(ledgerEntries.createdAt, end)))
      .groupBy(day),
    db
      .select({ held: cents(sql`sum(${amount})`) })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(eq(account, 'held'), lt(ledgerEntries.createdAt, start))),
    isBalanced(db),
  ])
  const byDay = new Map(rows.map((r) => [r.day, r]))
  let held = before?.held ?? 0
  const totals = { released: 0, refunded: 0, fees: 0 }
  const list: MoneyReport['days'] = []
  for (let i = 0; i < days; i++) {
    const date = isoDay(new Date(start.getTime() + i * DAY_MS))
    const r = byDay.get(date)
    held += r?.held ?? 0
    totals.released += r?.released ?? 0
    totals.refunded += r?.refunded ?? 0
    totals.fees += r?.fees ?? 0
    list.push({
      date,
      held: fromCents(held),
      released: fromCents(r?.released ?? 0),
      refunded: fromCents(r?.refunded ?? 0),
      fees: fromCents(r?.fees ?? 0),
    })
  }
  return {
    from,
    to,
    held: fromCents(held),
    released: fromCents(totals.released),
    refunded: fromCents(totals.refunded),
    fees: fromCents(totals.fees),
    balanced,
    days: list,
  }
}
