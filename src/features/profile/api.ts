import type { z } from 'zod'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  NotificationPreferencesBody,
  notificationPreferencesAnswer,
} from '@contract/notifications'
import type { UpdateUserBody, UserData, getUserDataAnswer, updateUserAnswer } from '@contract/user'
import { api } from '@/lib/api-client'
import { offlineReadable } from '@/lib/query-client'
import { updateStoredUser } from '@/lib/auth-storage'

const profileKeys = {
  userData: ['user-data'] as const,
  mailPreferences: ['notification-preferences'] as const,
}

type Preferences = z.infer<typeof notificationPreferencesAnswer>['data']['preferences']

export function userDataQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.userData,
    ...offlineReadable,
    queryFn: async (): Promise<UserData> => {
      const answer = await api.get('get-user-data').json<z.infer<typeof getUserDataAnswer>>()
      const { id, name, email, role } = answer.data
      // The server is the source of truth for the name the sidebar shows.
      updateStoredUser({ id, name, email, role })
      return answer.data
    },
  })
}

export function useUpdateUserMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateUserBody) =>
      api.post('update-user', { json: body }).json<z.infer<typeof updateUserAnswer>>(),
    onSuccess: (answer, body) => {
      // Prefer what the server stored; fall back to what was sent if it answered without data.
      const saved: Partial<UserData> = answer.data ?? {
        name: body.name,
        phone: body.phone,
        address: body.address,
      }
      if (saved.name) updateStoredUser({ name: saved.name })
      queryClient.setQueryData(profileKeys.userData, (old) => (old ? { ...old, ...saved } : old))
    },
  })
}

/** GET /api/notification-preferences: per kind the user's role gets by mail, whether they do. */
export function mailPreferencesQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.mailPreferences,
    ...offlineReadable,
    queryFn: async (): Promise<Preferences> =>
      (
        await api
          .get('notification-preferences')
          .json<z.infer<typeof notificationPreferencesAnswer>>()
      ).data.preferences,
  })
}

export function useSaveMailPreferencesMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (body: NotificationPreferencesBody) =>
      (
        await api
          .put('notification-preferences', { json: body })
          .json<z.infer<typeof notificationPreferencesAnswer>>()
      ).data.preferences,
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.mailPreferences, saved),
  })
}
