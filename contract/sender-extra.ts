import { z } from 'zod'
import { envelope } from './envelope'

/** GET /api/get-all-deliverers: the deliverers tied to the caller's own items. */
const delivererName = z.object({ id: z.string(), name: z.string() })
export const deliverersAnswer = envelope(z.array(delivererName))

/**
 * POST /api/update-payment-status: the status the provider reports for the item's latest payment,
 * what it charged (the server's record, never the client's figure) and the receipt it is listed
 * under (GET /api/receipts, on /payment-method).
 */
export const paymentStatusAnswer = envelope(
  z.object({
    status: z.string(),
    amount: z.number(),
    currency: z.string(),
    receipt_id: z.string(),
  }),
)
