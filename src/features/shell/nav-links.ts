import type { Role } from '@contract/user'

export interface NavLink {
  label: string
  to: string
}

/**
 * docs/spec.md section 2 for sender and deliverer, plus the sender's 'Payments and receipts' (their
 * receipts live on /payment-method); the admin list is our design (docs/design.md).
 */
export const navLinksByRole: Record<Role, NavLink[]> = {
  sender: [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'All items', to: '/items' },
    { label: 'Post new item', to: '/post-item' },
    { label: 'Payments and receipts', to: '/payment-method' },
  ],
  deliverer: [
    { label: 'Dashboard', to: '/deliverer-dashboard' },
    { label: 'Available items', to: '/available-items' },
    { label: 'My trips', to: '/trips' },
    { label: 'My deliveries', to: '/my-deliveries' },
    { label: 'Rejected requests', to: '/rejected-requests' },
    { label: 'Payment method', to: '/payment-method' },
  ],
  admin: [
    { label: 'Admin dashboard', to: '/admin-dashboard' },
    { label: 'Items management', to: '/items-management' },
    { label: 'Users', to: '/users' },
    { label: 'Disputes', to: '/disputes' },
    { label: 'Agreements', to: '/agreements' },
  ],
}
