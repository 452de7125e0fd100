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
    { label: 'All Items', to: '/items' },
    { label: 'Post New Item', to: '/post-item' },
    { label: 'Payments and receipts', to: '/payment-method' },
  ],
  deliverer: [
    { label: 'Dashboard', to: '/deliverer-dashboard' },
    { label: 'Available Items', to: '/available-items' },
    { label: 'My Trips', to: '/trips' },
    { label: 'My Deliveries', to: '/my-deliveries' },
    { label: 'Rejected Requests', to: '/rejected-requests' },
    { label: 'Payment Method', to: '/payment-method' },
  ],
  admin: [
    { label: 'Admin Dashboard', to: '/admin-dashboard' },
    { label: 'Items Management', to: '/items-management' },
    { label: 'Users', to: '/users' },
    { label: 'Disputes', to: '/disputes' },
    { label: 'Agreements', to: '/agreements' },
  ],
}
