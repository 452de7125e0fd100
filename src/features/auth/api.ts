import type { z } from 'zod'
import type {
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  loginAnswer,
  registerAnswer,
  verifyEmailAnswer,
} from '@contract/auth'
import type { messageOnly } from '@contract/envelope'
import { saveSession } from '@/lib/auth-storage'
import { useAsyncAction } from '@/lib/use-async-action'

type MessageAnswer = z.infer<typeof messageOnly>

/**
 * The one ky instance, loaded when a form is first used (focus or submit), not with the page: a
 * visitor who only reads a public page never downloads the HTTP client.
 */
const loadApi = () => import('@/lib/api-client').then((m) => m.api)

const post = async <T>(path: string, json: unknown) =>
  (await loadApi()).post(path, { json }).json<T>()

export function useLoginMutation() {
  return useAsyncAction(async (body: LoginBody) => {
    const answer = await post<z.infer<typeof loginAnswer>>('login', body)
    // Nothing cached for a previous user (signed out in this tab) may leak into this one's pages.
    await import('@/lib/app-services').then((m) => m.forgetCachedData())
    saveSession(answer.data)
    return answer
  })
}

export function useRegisterMutation() {
  return useAsyncAction((body: RegisterBody) =>
    post<z.infer<typeof registerAnswer>>('register', body),
  )
}

export function useResendVerificationMutation() {
  return useAsyncAction((email: string) => post<MessageAnswer>('resend-verification', { email }))
}

export function useForgotPasswordMutation() {
  return useAsyncAction((email: string) => post<MessageAnswer>('forgot-password', { email }))
}

export type NewPasswordEndpoint = 'reset-password' | 'set-password'

export function useNewPasswordMutation(endpoint: NewPasswordEndpoint) {
  return useAsyncAction((body: ResetPasswordBody) => post<MessageAnswer>(endpoint, body))
}

type VerifyAnswer = z.infer<typeof verifyEmailAnswer>
const verifications = new Map<string, Promise<VerifyAnswer>>()

/**
 * Verifies a link once per page load: React may run the effect twice, and a used link would then
 * answer "already used" over the success the user just had.
 */
export function verifyEmailOnce(token: string): Promise<VerifyAnswer> {
  let pending = verifications.get(token)
  if (!pending) {
    pending = post<VerifyAnswer>('verify-email', { token })
    verifications.set(token, pending)
  }
  return pending
}
