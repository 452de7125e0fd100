// What the demo sender sees on /dashboard (server/db/seed.ts, read from the API of a fresh server
// on 2026-11-27): the same static figures and items for both builds, so that the two pages differ
// in their styling only (no router, query client, local database or network).
import { itemStage, stageLabels, statusLabels } from '@contract/item-stage'
import { itemStatuses, type Approval, type ItemStatus } from '@contract/lifecycle'
import { formatDate, formatPrice } from '@/lib/format'
import { stagePalette } from '@/components/stage-palette'

export interface DemoItem {
  id: string
  name: string
  status: ItemStatus
  sending_approval: Approval
  delivery_approval: Approval | null
  request_status: 'pending' | 'accepted' | 'rejected' | null
  delivery_deadline: string
  sender_price: number
  unread_messages?: number
}

const stats = {
  total: 50,
  by_status: { pending: 47, ready_to_pickup: 1, in_process: 1, delivered: 1, cancelled: 0 },
  awaiting_approval: 8,
  requests_to_review: 0,
} satisfies {
  total: number
  by_status: Record<ItemStatus, number>
  awaiting_approval: number
  requests_to_review: number
}

/** The tiles in the page's order (src/features/sender/dashboard.tsx). */
export const counters: { label: string; value: number; status?: ItemStatus }[] = [
  { label: 'Total items', value: stats.total },
  { label: 'Awaiting review', value: stats.awaiting_approval },
  { label: 'Requests to review', value: stats.requests_to_review },
  ...itemStatuses.map((status) => ({
    label: statusLabels[status],
    value: stats.by_status[status],
    status,
  })),
]

const open = { status: 'pending', delivery_approval: null, request_status: null } as const

/** The five latest items (per_page 5, newest first). */
export const latestItems: DemoItem[] = [
  {
    ...open,
    id: 'eb579885-667f-4ea2-bad4-b6194b5942c0',
    name: 'Olive oil to Lisbon',
    sending_approval: 'approved',
    delivery_deadline: '2026-12-24T13:00:43.166Z',
    sender_price: 23,
  },
  {
    id: 'e8b3943f-b4fe-447a-b56e-ad2d24696d9b',
    name: 'Laptop to Boston',
    status: 'ready_to_pickup',
    sending_approval: 'approved',
    delivery_approval: 'approved',
    request_status: 'accepted',
    delivery_deadline: '2026-12-04T13:00:43.166Z',
    sender_price: 15,
    unread_messages: 0,
  },
  {
    ...open,
    id: 'e682d964-803e-4ac6-b849-e2b71e1b4acd',
    name: 'Camera lens to Madrid',
    sending_approval: 'pending',
    delivery_deadline: '2026-12-09T13:00:43.166Z',
    sender_price: 62,
  },
  {
    ...open,
    id: 'e21256a3-6a6a-4574-b8e7-18a4a591dd25',
    name: 'Watercolour painting to Prague',
    sending_approval: 'pending',
    delivery_deadline: '2026-12-19T13:00:43.166Z',
    sender_price: 20,
  },
  {
    ...open,
    id: 'e193e9b6-9196-48c3-b304-4182c855fa43',
    name: 'Passport application to Prague',
    sending_approval: 'approved',
    delivery_deadline: '2027-01-03T13:00:43.166Z',
    sender_price: 45,
  },
]

/** A card's second line, as the dashboard writes it. */
export const cardMeta = (item: DemoItem) =>
  `Due ${formatDate(item.delivery_deadline)} · ${formatPrice(item.sender_price)}`

export function stageBadge(item: DemoItem) {
  const stage = itemStage(item)
  return { label: stageLabels[stage], palette: stagePalette[stage] }
}

/**
 * The marks scripts/styling-ab.mjs reads: the page's first commit (both builds; it waits for it),
 * the first render's start (both) and the Chakra system's build (Chakra only).
 */
export const MARKS = {
  rendered: 'rendered',
  renderStart: 'render-start',
  systemStart: 'system-start',
  systemEnd: 'system-end',
} as const
