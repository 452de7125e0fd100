import type { z } from 'zod'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { messageOnly } from '@contract/envelope'
import type { Term, TermBody, userConsentAnswer } from '@contract/terms'
import { api } from '@/lib/api-client'
import { offlineReadable } from '@/lib/query-client'
import { adminKeys, adminLiveRefresh } from './refresh'

type MessageAnswer = z.infer<typeof messageOnly>

/** GET /api/admin/terms answers like GET /api/user-consent: data is the list of terms. */
export function adminTermsQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.terms,
    ...offlineReadable,
    queryFn: async (): Promise<Term[]> =>
      (await api.get('admin/terms').json<z.infer<typeof userConsentAnswer>>()).data,
    ...adminLiveRefresh,
  })
}

export type SaveTermInput = { id?: string; body: TermBody }

export function useSaveTermMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: SaveTermInput) =>
      (id
        ? api.put(`admin/terms/${encodeURIComponent(id)}`, { json: body })
        : api.post('admin/terms', { json: body })
      ).json<MessageAnswer>(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.terms }),
  })
}

export function useDeleteTermMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`admin/terms/${encodeURIComponent(id)}`).json<MessageAnswer>(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.terms }),
  })
}
