import type { z } from 'zod'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  adminItemDetailAnswer,
  adminItemsAnswer,
  adminStatsAnswer,
  deliveryApprovalBody,
  sendingApprovalBody,
} from '@contract/admin'
import type { messageOnly } from '@contract/envelope'
import type { Party } from '@contract/info-requests'
import { api } from '@/lib/api-client'
import { offlineReadable } from '@/lib/query-client'
import { adminKeys, definedParams, adminLiveRefresh } from './refresh'
import type { ItemsSearch } from './search-schemas'

export type AdminStats = z.infer<typeof adminStatsAnswer>['data']
export type AdminItemsPage = z.infer<typeof adminItemsAnswer>['data']
export type AdminItemRow = AdminItemsPage['items'][number]
export type AdminItemDetail = z.infer<typeof adminItemDetailAnswer>['data']
export type AdminInfoRequest = AdminItemDetail['info_requests'][number]
type MessageAnswer = z.infer<typeof messageOnly>

export interface AdminItemsParams {
  page?: number
  per_page?: number
  sort_by?: string
  sort_order?: 'asc' | 'desc'
  status?: string
  sending_approval?: string
  delivery_approval?: string
  search?: string
}

/** The dashboard's review queues: the first 5 items waiting for each decision. */
export const sendingQueueParams = { sending_approval: 'pending', per_page: 5 } as const
export const deliveryQueueParams = { delivery_approval: 'pending', per_page: 5 } as const

/** The URL's search with the page's defaults filled in: what the server is asked. */
export function itemsParams(search: ItemsSearch): AdminItemsParams {
  return {
    ...search,
    page: search.page ?? 1,
    per_page: search.per_page ?? 25,
    sort_by: search.sort_by ?? 'created_at',
    sort_order: search.sort_order ?? 'desc',
  }
}

export function adminStatsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.stats,
    ...offlineReadable,
    queryFn: async () =>
      (await api.get('admin/stats').json<z.infer<typeof adminStatsAnswer>>()).data,
    ...adminLiveRefresh,
  })
}

export function adminItemsQueryOptions(params: AdminItemsParams) {
  const searchParams = definedParams({ ...params })
  return queryOptions({
    queryKey: adminKeys.items(searchParams),
    ...offlineReadable,
    queryFn: async () =>
      (await api.get('admin/items', { searchParams }).json<z.infer<typeof adminItemsAnswer>>())
        .data,
    ...adminLiveRefresh,
  })
}

export function adminItemQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminKeys.item(id),
    ...offlineReadable,
    queryFn: async () =>
      (
        await api
          .get(`admin/items/${encodeURIComponent(id)}`)
          .json<z.infer<typeof adminItemDetailAnswer>>()
      ).data,
    ...adminLiveRefresh,
  })
}

/** Any decision changes queues, counts and the item itself: refresh every admin query. */
function useAdminMutation<T>(mutationFn: (input: T) => Promise<MessageAnswer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}

export function useSendingApprovalMutation() {
  return useAdminMutation((body: z.input<typeof sendingApprovalBody>) =>
    api.post('admin/sending-approval', { json: body }).json<MessageAnswer>(),
  )
}

export function useDeliveryApprovalMutation() {
  return useAdminMutation((body: z.input<typeof deliveryApprovalBody>) =>
    api.post('admin/delivery-approval', { json: body }).json<MessageAnswer>(),
  )
}

export interface FurtherInfoInput {
  item_id: string
  to: Party
  deliverer_id?: string
  description: string
  file?: File | null
}

export function useRequestFurtherInfoMutation() {
  return useAdminMutation((input: FurtherInfoInput) => {
    const body = new FormData()
    body.append('item_id', input.item_id)
    body.append('to', input.to)
    body.append('description', input.description)
    // Not in every server's reading of the contract's `to`; names which deliverer to ask.
    if (input.deliverer_id) body.append('deliverer_id', input.deliverer_id)
    if (input.file) body.append('file', input.file)
    return api.post('admin/request-further-info', { body }).json<MessageAnswer>()
  })
}
