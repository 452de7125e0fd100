import { z } from 'zod'
import { envelope } from './envelope'

// The reconciliation of the ledger with the payment provider (decision 041): nightly, or when an
// admin asks. Amounts in dollars, like every amount of the API.

const reconciliationLine = z.object({
  /** charges: money captured; refunds: refunds the provider sent; transfers: sent to deliverers, less reversals. */
  category: z.enum(['charges', 'refunds', 'transfers']),
  /** What Tote's books say. */
  ledger: z.number(),
  /** What the provider's balance transactions say. */
  provider: z.number(),
  /** provider − ledger: 0 when they agree. */
  difference: z.number(),
})

const transferDifference = z.object({
  /** The provider's transfer id (tr_…). */
  transfer_id: z.string(),
  item_id: z.string().nullable(),
  ledger: z.number(),
  provider: z.number(),
  /** missing_at_provider, unknown_to_tote or amount_differs. */
  problem: z.enum(['missing_at_provider', 'unknown_to_tote', 'amount_differs']),
})

const reconciliationReport = z.object({
  provider: z.enum(['stripe', 'test']),
  checked_at: z.string(),
  /** True when every line and every transfer agrees. */
  balanced: z.boolean(),
  lines: z.array(reconciliationLine),
  transfers: z.array(transferDifference),
})
export type ReconciliationReport = z.infer<typeof reconciliationReport>

/** GET /api/admin/reconciliation: the latest report (null before the first run); POST runs one now. */
export const reconciliationAnswer = envelope(z.object({ report: reconciliationReport.nullable() }))
