import { http } from 'msw'
import type { Role } from '@contract/user'
import { getUserDataAnswer } from '@contract/user'
import { answer, failure } from './answers'
import { testUsers } from './session'

export function userDataHandler(role: Role, overrides: Record<string, string> = {}) {
  return http.get('/api/get-user-data', () =>
    answer(getUserDataAnswer, {
      success: true,
      message: 'OK',
      data: { ...testUsers[role], phone: '+1 555 0100', address: '1 Main St', ...overrides },
    }),
  )
}

/** Every call of `method` to /api/`path` fails with `status` (see failure()). */
export function failWith(
  method: 'get' | 'post',
  path: string,
  status: number,
  message: string,
  errors?: Record<string, string[]>,
) {
  return http[method](`/api/${path}`, () => failure(status, message, errors))
}
