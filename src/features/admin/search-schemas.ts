import type { Approval, ItemStatus } from '@contract/items'
import type { Role } from '@contract/user'

// Route search validation runs in the first-visit bundle, which must not pull in zod (and the
// contract modules build zod schemas on import). So: plain parsers, with the value lists checked
// against the contract's types at compile time.
const itemStatusValues = [
  'pending',
  'ready_to_pickup',
  'in_process',
  'delivered',
  'cancelled',
] as const satisfies readonly ItemStatus[]
const approvalValues = ['pending', 'approved', 'rejected'] as const satisfies readonly Approval[]
const roleValues = ['sender', 'deliverer', 'admin'] as const satisfies readonly Role[]
export const userStates = ['active', 'inactive', 'unverified'] as const
export const adminItemSortColumns = ['name', 'status', 'created_at', 'delivery_deadline'] as const
export type AdminItemSortColumn = (typeof adminItemSortColumns)[number]

function oneOf<T extends string>(values: readonly T[], raw: unknown): T | undefined {
  return typeof raw === 'string' && (values as readonly string[]).includes(raw)
    ? (raw as T)
    : undefined
}

function positiveInt(raw: unknown, max: number): number | undefined {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN
  return Number.isInteger(n) && n >= 1 && n <= max ? n : undefined
}

function text(raw: unknown): string | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number') return undefined
  const value = String(raw).trim().slice(0, 100)
  return value || undefined
}

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
    status: oneOf(itemStatusValues, raw.status),
    sending_approval: oneOf(approvalValues, raw.sending_approval),
    delivery_approval: oneOf(approvalValues, raw.delivery_approval),
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
