import type { z } from 'zod'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  loginAnswer,
  registerAnswer,
} from '@contract/auth'
import type { messageOnly } from '@contract/envelope'
import { api } from '@/lib/api-client'
import { saveSession } from '@/lib/auth-storage'

type MessageAnswer = z.infer<typeof messageOnly>

export function useLoginMutation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: LoginBody) =>
      api.post('login', { json: body }).json<z.infer<typeof loginAnswer>>(),
    onSuccess: (answer) => {
      // Nothing cached for a previous user may leak into this one's pages.
      queryClient.clear()
      saveSession(answer.data)
    },
  })
}

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: RegisterBody) =>
      api.post('register', { json: body }).json<z.infer<typeof registerAnswer>>(),
  })
}

export function useResendVerificationMutation() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post('resend-verification', { json: { email } }).json<MessageAnswer>(),
  })
}

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post('forgot-password', { json: { email } }).json<MessageAnswer>(),
  })
}

export type NewPasswordEndpoint = 'reset-password' | 'set-password'

export function useNewPasswordMutation(endpoint: NewPasswordEndpoint) {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      api.post(endpoint, { json: body }).json<MessageAnswer>(),
  })
}

/**
 * A query rather than a mutation: a link is verified once, and the query cache dedupes the POST
 * when React runs effects twice or the page re-renders.
 */
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['verify-email', token],
    queryFn: () => api.post('verify-email', { json: { token } }).json<MessageAnswer>(),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  })
}
