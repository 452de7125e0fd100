import { Badge, Box, IconButton, Link } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'
import { navLinkStyle } from '@/components/nav-link-style'
import { BellIcon } from '@/components/icons'
import { unreadCountQueryOptions } from './api'

/** Caps the badge so a long absence does not widen the sidebar. */
const countText = (unread: number) => (unread > 99 ? '99+' : String(unread))

/**
 * The name holds what the entry shows, the badge's capped count too (WCAG 2.5.3, label in name):
 * someone who says "Notifications 99+" or reads the name against the screen finds the same words.
 */
const labelOf = (unread: number) =>
  unread > 0 ? `Notifications, ${countText(unread)} unread` : 'Notifications'

/** The sidebar entry: "Notifications" with the unread count, opening /notifications. */
export function NotificationBell({ onNavigate }: { onNavigate?: () => void }) {
  const unread = useQuery(unreadCountQueryOptions()).data ?? 0
  return (
    <Link asChild {...navLinkStyle} display="flex" alignItems="center" gap="2">
      <RouterLink to="/notifications" onClick={onNavigate} aria-label={labelOf(unread)}>
        <BellIcon />
        <Box as="span" flex="1">
          Notifications
        </Box>
        {unread > 0 && (
          <Badge colorPalette="red" variant="solid" aria-hidden="true">
            {countText(unread)}
          </Badge>
        )}
      </RouterLink>
    </Link>
  )
}

/** The phone header's bell: an icon with the unread count on it. */
export function HeaderBell() {
  const unread = useQuery(unreadCountQueryOptions()).data ?? 0
  return (
    <IconButton asChild variant="ghost" position="relative" aria-label={labelOf(unread)}>
      <RouterLink to="/notifications">
        <BellIcon />
        {unread > 0 && (
          <Badge
            colorPalette="red"
            variant="solid"
            position="absolute"
            top="0"
            insetEnd="0"
            size="xs"
            aria-hidden="true"
          >
            {countText(unread)}
          </Badge>
        )}
      </RouterLink>
    </IconButton>
  )
}
