import { http, HttpResponse } from 'msw'
import type { Role } from '@contract/user'
import { testUsers } from './session'

export function userDataHandler(role: Role, overrides: Record<string, string> = {}) {
  return http.get('/api/get-user-data', () =>
    HttpResponse.json({
      success: true,
      message: 'OK',
      data: { ...testUsers[role], phone: '+1 555 0100', address: '1 Main St', ...overrides },
    }),
  )
}

export function failWith(
  method: 'get' | 'post',
  path: string,
  status: number,
  message: string,
  errors?: Record<string, string[]>,
) {
  return http[method](`/api/${path}`, () =>
    HttpResponse.json({ success: false, message, errors }, { status }),
  )
}
