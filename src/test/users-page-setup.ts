// The admin's /users page under test: its users, its answers and the menu's needs in jsdom.
import { screen } from '@testing-library/react'
import { http } from 'msw'
import { beforeAll } from 'vitest'
import { adminUsersAnswer } from '@contract/admin'
import { answer } from '@/test/answers'
import { userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { storeSession, testUsers } from '@/test/session'
import { adminUser, pagination } from '@/test/admin-fixtures'

/** For a test file that opens Chakra's menu (zag uses PointerEvent and ResizeObserver). */
export function polyfillMenu() {
  beforeAll(() => {
    window.PointerEvent ??= class extends MouseEvent {} as typeof PointerEvent
    window.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
  })
}

export const sam = adminUser()
const me = adminUser({
  id: testUsers.admin.id,
  name: testUsers.admin.name,
  email: testUsers.admin.email,
  role: 'admin',
})

export function setup() {
  storeSession('admin')
  const asked: Record<string, string>[] = []
  server.use(
    userDataHandler('admin'),
    http.get('/api/admin/users', ({ request }) => {
      asked.push(Object.fromEntries(new URL(request.url).searchParams))
      return answer(adminUsersAnswer, {
        success: true,
        message: 'OK',
        data: { users: [sam, me], pagination: pagination(2) },
      })
    }),
  )
  return { asked }
}

export function rowOf(name: string) {
  return screen.getByRole('cell', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement
}
