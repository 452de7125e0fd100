import type { z } from 'zod'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { senderStatsAnswer } from '@contract/deliveries'
import type { handoffCodesAnswer } from '@contract/handoffs'
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
import type { CancelItemBody } from '@contract/way-out'
import type { acceptSenderTermsAnswer, senderTermsAnswer } from '@contract/terms'
import { useCallback } from 'react'
import { api } from '@/lib/api-client'
import { keepPreviousOnline, liveRefresh, offlineReadable } from '@/lib/query-client'

type ItemsList = z.infer<typeof itemsListAnswer>['data']
type MessageOnly = z.infer<typeof messageOnly>

/** A 2xx answer with success false: its message is meant for the user. */
export class ServerRefusal extends Error {}

/**
 * Every query key of the sender's feature. InfoResponseDialog (src/components) invalidates
 * ['items'] and ['item'] after a reply: the lists and every item start with those.
 */
const senderKeys = {
  items: ['items'] as const,
  itemsList: (searchParams: Record<string, string | number>) => ['items', searchParams] as const,
  anyItem: ['item'] as const,
  item: (id: string) => ['item', id] as const,
  handoffCodes: (id: string) => ['item', id, 'handoff-codes'] as const,
  stats: ['sender-stats'] as const,
  receipts: ['receipts'] as const,
  deliverers: ['deliverers'] as const,
  paymentIntent: (itemId: string, delivererId: string) =>
    ['payment-intent', itemId, delivererId] as const,
  senderTerms: ['sender-terms'] as const,
}

export function itemsQueryOptions(params: ItemsQuery) {
  const searchParams: Record<string, string | number> = {}
  for (const [key, value] of Object.entries(params)) {
    // docs/spec.md section 5: optional filters go along only when set (search is trimmed already).
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') {
      searchParams[key] = value
    }
  }
  return queryOptions({
    queryKey: senderKeys.itemsList(searchParams),
    ...offlineReadable,
    queryFn: async ({ signal }): Promise<ItemsList> =>
      (await api.get('items', { searchParams, signal }).json<z.infer<typeof itemsListAnswer>>())
        .data,
    // Changing a filter or page keeps the old rows on screen instead of flashing a loader (online
    // only: keepPreviousOnline).
    placeholderData: keepPreviousOnline,
    ...liveRefresh,
  })
}

export function itemQueryOptions(id: string) {
  return queryOptions({
    queryKey: senderKeys.item(id),
    ...offlineReadable,
    queryFn: async ({ signal }): Promise<Item> =>
      (
        await api
          .get(`items/${encodeURIComponent(id)}`, { signal })
          .json<z.infer<typeof itemAnswer>>()
      ).data.item,
    ...liveRefresh,
  })
}

export type HandoffCodes = z.infer<typeof handoffCodesAnswer>['data']

/**
 * Each handoff code is signed again on every call (a new `iat`), so a refetch would redraw the QR
 * code under the deliverer's camera: keep the code already shown while its six digits (the same
 * nonce) are unchanged, and take the rest (used_at) from the new answer.
 */
export function keepShownCodes(shown: HandoffCodes | undefined, next: HandoffCodes): HandoffCodes {
  if (!shown) return next
  const steady = (step: keyof HandoffCodes) =>
    shown[step].short_code === next[step].short_code
      ? { ...next[step], code: shown[step].code }
      : next[step]
  return { pickup: steady('pickup'), delivery: steady('delivery') }
}

/**
 * GET /api/items/{id}/handoff-codes (decision 034): the sender's pickup and delivery codes, once a
 * request is accepted. Kept on the device (decision 035): the sender shows the pickup code where
 * the handoff happens, often with no signal; logout deletes it with the user's other reads.
 */
export function handoffCodesQueryOptions(id: string) {
  return queryOptions({
    queryKey: senderKeys.handoffCodes(id),
    ...offlineReadable,
    queryFn: async ({ signal }): Promise<HandoffCodes> =>
      (
        await api
          .get(`items/${encodeURIComponent(id)}/handoff-codes`, { signal })
          .json<z.infer<typeof handoffCodesAnswer>>()
      ).data,
    structuralSharing: (shown, next) =>
      keepShownCodes(shown as HandoffCodes | undefined, next as HandoffCodes),
    // Whether a code was used shows up as the deliverer scans it.
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
    queryKey: senderKeys.stats,
    ...offlineReadable,
    queryFn: async ({ signal }) =>
      (await api.get('sender-stats', { signal }).json<z.infer<typeof senderStatsAnswer>>()).data,
    ...liveRefresh,
  })
}

export function receiptsQueryOptions() {
  return queryOptions({
    queryKey: senderKeys.receipts,
    ...offlineReadable,
    queryFn: async ({ signal }) =>
      (await api.get('receipts', { signal }).json<z.infer<typeof receiptsAnswer>>()).data,
  })
}

function useInvalidateItems() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: senderKeys.items }),
      queryClient.invalidateQueries({ queryKey: senderKeys.anyItem }),
      queryClient.invalidateQueries({ queryKey: senderKeys.stats }),
      queryClient.invalidateQueries({ queryKey: senderKeys.deliverers }),
      queryClient.invalidateQueries({ queryKey: senderKeys.receipts }),
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
    mutationFn: (body: CancelItemBody) =>
      api.post('cancel-item', { json: body }).json<MessageOnly>(),
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
    queryKey: senderKeys.deliverers,
    ...offlineReadable,
    queryFn: async ({ signal }) =>
      (await api.get('get-all-deliverers', { signal }).json<z.infer<typeof deliverersAnswer>>())
        .data,
    ...liveRefresh,
  })
}

/** docs/spec.md section 8: an unsuccessful intent raises the server's message. */
/**
 * One intent per opening of the payment dialog, even when React mounts twice (StrictMode): a
 * query, never refetched, dropped when the dialog closes, and never kept on the device (its
 * client secret is a key to the payment).
 */
export function paymentIntentQueryOptions(itemId: string, delivererId: string) {
  return queryOptions({
    queryKey: senderKeys.paymentIntent(itemId, delivererId),
    queryFn: () => createPaymentIntent(itemId, delivererId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  })
}

async function createPaymentIntent(itemId: string, delivererId: string) {
  const answer = await api
    .post('create-payment-intent', {
      json: { item_id: itemId, deliverer_id: delivererId, status: 'accepted' },
    })
    .json<z.infer<typeof createPaymentIntentAnswer>>()
  if (!answer.success) throw new ServerRefusal(answer.message)
  return answer.data
}

export type SenderTerms = z.infer<typeof senderTermsAnswer>['data']

/**
 * The sender terms admins publish and whether this sender accepted their current version
 * (decision 044): the pay dialog asks for them first. Read fresh at each opening of the dialog.
 */
export function senderTermsQueryOptions() {
  return queryOptions({
    queryKey: senderKeys.senderTerms,
    queryFn: async ({ signal }) =>
      (await api.get('sender-terms', { signal }).json<z.infer<typeof senderTermsAnswer>>()).data,
    staleTime: 0,
    retry: false,
  })
}

export function useAcceptSenderTermsMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (version: string) =>
      (
        await api
          .post('sender-terms/accept', { json: { version } })
          .json<z.infer<typeof acceptSenderTermsAnswer>>()
      ).data,
    // Accepted: the dialog moves on at once. Refused (the terms changed): read them again.
    onSuccess: ({ version, accepted_at }) =>
      queryClient.setQueryData(senderKeys.senderTerms, (shown: SenderTerms | undefined) =>
        shown && shown.version === version ? { ...shown, accepted_at } : shown,
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: senderKeys.senderTerms }),
  })
}

/** The pay dialog found the sender terms changed (a refused intent): read them again. */
export function useRefreshSenderTerms() {
  const queryClient = useQueryClient()
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: senderKeys.senderTerms }),
    [queryClient],
  )
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
