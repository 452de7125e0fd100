import type { z } from 'zod'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { paymentMethodAnswer } from '@contract/deliveries'
import type { messageOnly } from '@contract/envelope'
import { api } from '@/lib/api-client'

type MessageAnswer = z.infer<typeof messageOnly>
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

export interface PayoutInput {
  account_holder: string
  iban_or_account: string
  routing_or_bic: string
}

export function useSavePayoutMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: PayoutInput) =>
      api.post('payment-method', { json: body }).json<MessageAnswer>(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodKeys.all }),
  })
}
