import type { z } from 'zod'
import { queryOptions } from '@tanstack/react-query'
import type { paymentMethodAnswer } from '@contract/deliveries'
import { api } from '@/lib/api-client'

export type PaymentMethod = z.infer<typeof paymentMethodAnswer>['data']
export type Earning = PaymentMethod['earnings'][number]

/** /payment-method serves both roles: the sender's receipts and the deliverer's payouts. */
const paymentMethodKeys = {
  all: ['payment-method'] as const,
}

// Not offlineReadable: payout details are only needed online and stay off the device.
export function paymentMethodQueryOptions() {
  return queryOptions({
    queryKey: paymentMethodKeys.all,
    queryFn: async () => (await api.get('payment-method').json<{ data: PaymentMethod }>()).data,
  })
}
