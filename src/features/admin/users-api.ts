import type { z } from 'zod'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  adminCreateUserAnswer,
  adminCreateUserBody,
  adminUpdateUserBody,
  adminUsersAnswer,
} from '@contract/admin'
import type { messageOnly } from '@contract/envelope'
import { api } from '@/lib/api-client'
import { offlineReadable } from '@/lib/query-client'
import { adminKeys, definedParams, adminLiveRefresh } from './refresh'
import type { UsersSearch } from './search-schemas'

export interface AdminUsersParams {
  page?: number
  per_page?: number
  search?: string
  role?: string
  state?: string
}

/** The URL's search with the page's defaults filled in: what the server is asked. */
export function usersParams(search: UsersSearch): AdminUsersParams {
  return { ...search, page: search.page ?? 1, per_page: search.per_page ?? 25 }
}

export function adminUsersQueryOptions(params: AdminUsersParams) {
  const searchParams = definedParams({ ...params })
  return queryOptions({
    queryKey: adminKeys.users(searchParams),
    ...offlineReadable,
    queryFn: async () =>
      (await api.get('admin/users', { searchParams }).json<z.infer<typeof adminUsersAnswer>>())
        .data,
    ...adminLiveRefresh,
  })
}

export function useCreateUserMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.output<typeof adminCreateUserBody>) =>
      api.post('admin/users', { json: body }).json<z.infer<typeof adminCreateUserAnswer>>(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}

export function useUpdateUserMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.input<typeof adminUpdateUserBody>) =>
      api.post('admin/update-user', { json: body }).json<z.infer<typeof messageOnly>>(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
