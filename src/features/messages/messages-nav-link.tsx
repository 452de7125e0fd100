import { Badge, Box, IconButton, Link } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'
import { ChatIcon } from '@/components/icons'
import { navLinkStyle } from '@/components/nav-link-style'
import { unreadMessagesQueryOptions } from './api'

type Side = 'sender' | 'deliverer'

const countText = (unread: number) => (unread > 99 ? '99+' : String(unread))

/** Holds what the entry shows, the capped count too (WCAG 2.5.3), as the Notifications entry. */
const messagesLabel = (unread: number) =>
  unread > 0 ? `Messages, ${countText(unread)} unread` : 'Messages'

/**
 * Where the entry leads: the one conversation with unread messages straight away, else the list of
 * deliveries, where each shows its own count.
 */
function useTarget(side: Side) {
  const data = useQuery(unreadMessagesQueryOptions()).data
  const unread = data?.total ?? 0
  const only = data?.items.length === 1 ? data.items[0]!.item_id : null
  const link = only
    ? side === 'sender'
      ? ({ to: '/items/$id', params: { id: only }, hash: 'messages' } as const)
      : ({ to: '/my-deliveries/$id', params: { id: only }, hash: 'messages' } as const)
    : side === 'sender'
      ? ({ to: '/items', hash: 'messages' } as const)
      : ({ to: '/my-deliveries', hash: 'messages' } as const)
  // Current only where it led (the hash included): the list it may lead to is another entry's page,
  // which must not show two current entries (All items and Messages) when opened from its own.
  return { unread, link: { ...link, activeOptions: { exact: true, includeHash: true } } }
}

/** The sidebar entry for senders and deliverers: "Messages" with the unread count. */
export function MessagesNavLink({ side, onNavigate }: { side: Side; onNavigate?: () => void }) {
  const { unread, link } = useTarget(side)
  return (
    <Link asChild {...navLinkStyle} display="flex" alignItems="center" gap="2">
      <RouterLink {...link} onClick={onNavigate} aria-label={messagesLabel(unread)}>
        <ChatIcon />
        <Box as="span" flex="1">
          Messages
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

/** The phone header's icon, shown only while something is unread (the header is narrow). */
export function HeaderMessagesLink({ side }: { side: Side }) {
  const { unread, link } = useTarget(side)
  if (unread === 0) return null
  return (
    <IconButton asChild variant="ghost" position="relative" aria-label={messagesLabel(unread)}>
      <RouterLink {...link}>
        <ChatIcon />
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
      </RouterLink>
    </IconButton>
  )
}
