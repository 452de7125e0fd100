import type { z } from 'zod'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { balancesAnswer, DisputeView, disputeAnswer, disputesAnswer } from '@contract/disputes'
import { api } from '@/lib/api-client'
import { adminKeys, adminLiveRefresh } from './refresh'

/** GET /api/admin/disputes: the open ones, oldest first (docs/decisions/040). */
export function adminDisputesQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.disputes,
    queryFn: async ({ signal }): Promise<DisputeView[]> =>
      (
        await api
          .get('admin/disputes', { searchParams: { status: 'open' }, signal })
          .json<z.infer<typeof disputesAnswer>>()
      ).data.disputes,
    ...adminLiveRefresh,
  })
}

type Balance = z.infer<typeof balancesAnswer>['data']['balances'][number]

/** GET /api/admin/balances: deliverers who owe money after refunds taken back from them. */
export function adminBalancesQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.balances,
    queryFn: async ({ signal }): Promise<Balance[]> =>
      (await api.get('admin/balances', { signal }).json<z.infer<typeof balancesAnswer>>()).data
        .balances,
    ...adminLiveRefresh,
  })
}

export interface ResolveInput {
  itemId: string
  outcome: 'release' | 'refund'
  refundAmount?: number
  note: string
}

/** POST /api/admin/disputes/{item_id}/resolve; every admin query is refreshed after it. */
export function useResolveDisputeMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ itemId, outcome, refundAmount, note }: ResolveInput) =>
      (
        await api
          .post(`admin/disputes/${encodeURIComponent(itemId)}/resolve`, {
            json: {
              outcome,
              note,
              ...(outcome === 'refund' ? { refund_amount: refundAmount } : {}),
            },
          })
          .json<z.infer<typeof disputeAnswer>>()
      ).data.dispute,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
