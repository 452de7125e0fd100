import { approvals, itemStatuses, type Approval, type ItemStatus } from '@contract/lifecycle'
import type { Role } from '@contract/user'
import { oneOf, positiveInt, text } from '@/lib/search-params'

// Route search validation runs in the first-visit bundle, which must not pull in zod (and the
// contract modules build zod schemas on import). So: plain parsers; the lifecycle's lists are
// zod-free (docs/decisions/030-lifecycle-table.md), the others checked against the contract's types.
const roleValues = ['sender', 'deliverer', 'admin'] as const satisfies readonly Role[]
export const userStates = ['active', 'inactive', 'unverified'] as const
const adminItemSortColumns = ['name', 'status', 'created_at', 'delivery_deadline'] as const
export type AdminItemSortColumn = (typeof adminItemSortColumns)[number]

// Every key optional and a bad value dropped: a hand-edited or stale URL still opens the page, and
// links to it need no search object. Defaults live in the page, not in the URL.
export interface ItemsSearch {
  page?: number
  per_page?: number
  sort_by?: AdminItemSortColumn
  sort_order?: 'asc' | 'desc'
  status?: ItemStatus
  sending_approval?: Approval
  delivery_approval?: Approval
  search?: string
}

export function parseItemsSearch(raw: Record<string, unknown>): ItemsSearch {
  return {
    page: positiveInt(raw.page, 100_000),
    per_page: positiveInt(raw.per_page, 100),
    sort_by: oneOf(adminItemSortColumns, raw.sort_by),
    sort_order: oneOf(['asc', 'desc'] as const, raw.sort_order),
    status: oneOf(itemStatuses, raw.status),
    sending_approval: oneOf(approvals, raw.sending_approval),
    delivery_approval: oneOf(approvals, raw.delivery_approval),
    search: text(raw.search),
  }
}

export interface UsersSearch {
  page?: number
  per_page?: number
  search?: string
  role?: Role
  state?: (typeof userStates)[number]
}

export function parseUsersSearch(raw: Record<string, unknown>): UsersSearch {
  return {
    page: positiveInt(raw.page, 100_000),
    per_page: positiveInt(raw.per_page, 100),
    search: text(raw.search),
    role: oneOf(roleValues, raw.role),
    state: oneOf(userStates, raw.state),
  }
}
