import type { z } from 'zod'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { senderStatsAnswer } from '@contract/deliveries'
import type { messageOnly } from '@contract/envelope'
import type {
  CreateItemBody,
  Item,
  ItemsQuery,
  UpdateItemBody,
  itemAnswer,
  itemsListAnswer,
} from '@contract/items'
import type {
  createPaymentIntentAnswer,
  receiptsAnswer,
  testConfirmAnswer,
  UpdateRequestStatusBody,
} from '@contract/payments'
import type { deliverersAnswer, paymentStatusAnswer } from '@contract/sender-extra'
import { api } from '@/lib/api-client'
import { liveRefresh } from '@/lib/query-client'

type ItemsList = z.infer<typeof itemsListAnswer>['data']
type MessageOnly = z.infer<typeof messageOnly>

/** A 2xx answer with success false: its message is meant for the user. */
export class ServerRefusal extends Error {}

/** The query keys InfoRequestArea invalidates after a reply start with these. */
const itemsKey = ['items'] as const
const itemKey = (id: string) => ['item', id] as const

export function itemsQueryOptions(params: ItemsQuery) {
  const searchParams: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(params)) {
    // docs/spec.md section 5: optional filters go along only when set (search is trimmed already).
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') {
      searchParams[key] = value
    }
  }
  return queryOptions({
    queryKey: [...itemsKey, searchParams],
    queryFn: async ({ signal }): Promise<ItemsList> =>
      (await api.get('items', { searchParams, signal }).json<z.infer<typeof itemsListAnswer>>())
        .data,
    // Changing a filter or page keeps the old rows on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
    ...liveRefresh,
  })
}

export function itemQueryOptions(id: string) {
  return queryOptions({
    queryKey: itemKey(id),
    queryFn: async ({ signal }): Promise<Item> =>
      (
        await api
          .get(`items/${encodeURIComponent(id)}`, { signal })
          .json<z.infer<typeof itemAnswer>>()
      ).data.item,
    ...liveRefresh,
  })
}

/** The dashboard's five latest items (GET /api/items?per_page=5), newest first. */
export const latestItemsSearch = {
  page: 1,
  per_page: 5,
  sort_by: 'created_at',
  sort_order: 'desc',
} as const

export function senderStatsQueryOptions() {
  return queryOptions({
    queryKey: ['sender-stats'],
    queryFn: async ({ signal }) =>
      (await api.get('sender-stats', { signal }).json<z.infer<typeof senderStatsAnswer>>()).data,
    ...liveRefresh,
  })
}

export function receiptsQueryOptions() {
  return queryOptions({
    queryKey: ['receipts'],
    queryFn: async ({ signal }) =>
      (await api.get('receipts', { signal }).json<z.infer<typeof receiptsAnswer>>()).data,
  })
}

function useInvalidateItems() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: itemsKey }),
      queryClient.invalidateQueries({ queryKey: ['item'] }),
      queryClient.invalidateQueries({ queryKey: ['sender-stats'] }),
      queryClient.invalidateQueries({ queryKey: ['deliverers'] }),
      queryClient.invalidateQueries({ queryKey: ['receipts'] }),
    ])
}

export function useCreateItemMutation() {
  const invalidate = useInvalidateItems()
  return useMutation({
    mutationFn: async (body: CreateItemBody) =>
      (await api.post('items', { json: body }).json<z.infer<typeof itemAnswer>>()).data.item,
    onSuccess: () => invalidate(),
  })
}

export function useUpdateItemMutation() {
  const invalidate = useInvalidateItems()
  return useMutation({
    mutationFn: (body: UpdateItemBody) =>
      api.post('update-item', { json: body }).json<MessageOnly>(),
    onSuccess: () => invalidate(),
  })
}

export function useCancelItemMutation() {
  const invalidate = useInvalidateItems()
  return useMutation({
    mutationFn: (itemId: string) =>
      api.post('cancel-item', { json: { item_id: itemId } }).json<MessageOnly>(),
    onSuccess: () => invalidate(),
  })
}

export type RequestDecision = UpdateRequestStatusBody

export function updateRequestStatus(body: RequestDecision) {
  return api.post('update-request-status', { json: body }).json<MessageOnly>()
}

/** The provider's status of the item's payment, what it charged and the receipt it is listed under. */
export type PaymentRecord = z.infer<typeof paymentStatusAnswer>['data']

export async function updatePaymentStatus(itemId: string): Promise<PaymentRecord> {
  return (
    await api
      .post('update-payment-status', { json: { item_id: itemId } })
      .json<z.infer<typeof paymentStatusAnswer>>()
  ).data
}

/** docs/spec.md section 7: GET /api/get-all-deliverers, the names shown on the sender's pages. */
export function deliverersQueryOptions() {
  return queryOptions({
    queryKey: ['deliverers'],
    queryFn: async ({ signal }) =>
      (await api.get('get-all-deliverers', { signal }).json<z.infer<typeof deliverersAnswer>>())
        .data,
    ...liveRefresh,
  })
}

/** docs/spec.md section 8: an unsuccessful intent raises the server's message. */
export async function createPaymentIntent(itemId: string, delivererId: string) {
  const answer = await api
    .post('create-payment-intent', {
      json: { item_id: itemId, deliverer_id: delivererId, status: 'accepted' },
    })
    .json<z.infer<typeof createPaymentIntentAnswer>>()
  if (!answer.success) throw new ServerRefusal(answer.message)
  return answer.data
}

export interface TestCardDetails {
  card_number: string
  exp_month: number
  exp_year: number
  cvc: string
}

export async function confirmTestPayment(clientSecret: string, card: TestCardDetails) {
  return (
    await api
      .post('test-payments/confirm', { json: { client_secret: clientSecret, ...card } })
      .json<z.infer<typeof testConfirmAnswer>>()
  ).data
}

export { useInvalidateItems }
