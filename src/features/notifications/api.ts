import type { z } from 'zod'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { messageOnly } from '@contract/envelope'
import type {
  notificationAnswer,
  notificationsAnswer,
  unreadCountAnswer,
} from '@contract/notifications'
import { api } from '@/lib/api-client'
import { keepPreviousOnline, liveRefresh, offlineReadable } from '@/lib/query-client'

const NOTIFICATIONS_PER_PAGE = 20

const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: (page: number) => ['notifications', 'list', { page }] as const,
}

/** The bell's number: refreshed like every live list (30 s while the tab is visible). */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unread,
    ...offlineReadable,
    queryFn: async () =>
      (await api.get('notifications/unread-count').json<z.infer<typeof unreadCountAnswer>>()).data
        .unread,
    ...liveRefresh,
  })
}

export function notificationsQueryOptions(page: number) {
  return queryOptions({
    queryKey: notificationKeys.list(page),
    ...offlineReadable,
    queryFn: async () =>
      (
        await api
          .get('notifications', { searchParams: { page, per_page: NOTIFICATIONS_PER_PAGE } })
          .json<z.infer<typeof notificationsAnswer>>()
      ).data,
    placeholderData: keepPreviousOnline,
    ...liveRefresh,
  })
}

export function useMarkReadMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.post(`notifications/${id}/read`).json<z.infer<typeof notificationAnswer>>()).data
        .notification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  })
}

export function useMarkAllReadMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post('notifications/read-all').json<z.infer<typeof messageOnly>>(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  })
}
