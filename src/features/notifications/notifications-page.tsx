import { Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { Notification } from '@contract/notifications'
import { ErrorAlert } from '@/components/form-alert'
import { PageIntro } from '@/components/page-intro'
import { Pager } from '@/components/pager'
import { formatDateTime } from '@/lib/format'
import { safeRedirectTarget } from '@/lib/guards'
import { useSession } from '@/lib/use-session'
import { notificationsQueryOptions, useMarkAllReadMutation, useMarkReadMutation } from './api'
import { PushToggle } from './push-toggle'
import { PendingStatus } from '@/components/pending-status'

interface NotificationsPageProps {
  page: number
  onPage: (page: number) => void
}

const intro = {
  sender:
    'What happens to your items: approvals, deliverers waiting for your answer, pick-up and delivery.',
  deliverer: 'Your requests to deliver and new items on the routes of your trips.',
  admin: 'Items, delivery requests and answers waiting for your review.',
}

/** /notifications: newest first; opening one marks it read and goes where the person acts. */
export function NotificationsPage({ page, onPage }: NotificationsPageProps) {
  const list = useQuery(notificationsQueryOptions(page))
  const markAll = useMarkAllReadMutation()
  const role = useSession()?.user.role
  const isDeliverer = role === 'deliverer'
  const unread = list.data?.unread ?? 0
  return (
    <Stack gap="4">
      <PageIntro title="Notifications">
        {role ? `${intro[role]} Newest first.` : 'Messages from Tote, newest first.'}
      </PageIntro>
      {list.isPending && (
        <PendingStatus paused={list.isPaused}>Loading notifications…</PendingStatus>
      )}
      <ErrorAlert error={list.error} fallback="Failed to load notifications" />
      <ErrorAlert error={markAll.error} fallback="Failed to mark notifications as read" />
      {/* With none at all, "Nothing yet" below says it: no "No unread notifications" above it. */}
      {list.data && list.data.notifications.length > 0 && (
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Text role="status">{unread === 0 ? 'No unread notifications' : `${unread} unread`}</Text>
          {unread > 0 && (
            <Button
              size="sm"
              variant="outline"
              loading={markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              Mark all as read
            </Button>
          )}
        </HStack>
      )}
      {list.data && list.data.notifications.length === 0 && (
        <Text color="fg.muted">
          {isDeliverer
            ? 'Nothing yet. Save a trip on Available items and you will hear here when an item on its route is approved.'
            : 'Nothing yet.'}
        </Text>
      )}
      {list.data && list.data.notifications.length > 0 && (
        <>
          <Stack as="ul" gap="2" listStyleType="none">
            {list.data.notifications.map((notification) => (
              <NotificationEntry key={notification.id} notification={notification} />
            ))}
          </Stack>
          <Pager pagination={list.data.pagination} onPage={onPage} />
        </>
      )}
      <PushToggle />
    </Stack>
  )
}

function NotificationEntry({ notification }: { notification: Notification }) {
  const markRead = useMarkReadMutation()
  const navigate = useNavigate()
  // Where the person acts (the server's link); only a path of this app, never another site.
  const target = safeRedirectTarget(notification.link)
  const unread = notification.read_at === null
  // A trip notification whose item no longer takes offers says so, not "New" (issue 29 part 8).
  const closed = notification.item_open === false
  const open = () => {
    if (unread) markRead.mutate(notification.id)
  }
  return (
    <Box
      as="li"
      bg={unread ? 'brand.subtle' : 'bg'}
      borderWidth="1px"
      borderColor={unread ? 'brand.muted' : undefined}
      rounded="md"
      px="4"
      py="3"
    >
      <Stack gap="1">
        <HStack justify="space-between" gap="3" wrap="wrap" align="start">
          {target ? (
            <Link
              href={target}
              onClick={(event) => {
                open()
                // A plain click stays in the app; a modified one (new tab) is the browser's.
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
                event.preventDefault()
                void navigate({ href: target })
              }}
              fontWeight="semibold"
              color="fg"
              wordBreak="break-word"
            >
              {notification.title}
            </Link>
          ) : (
            <Text fontWeight="semibold">{notification.title}</Text>
          )}
          {closed ? (
            <Badge colorPalette="gray">No longer open</Badge>
          ) : (
            unread && <Badge colorPalette="red">New</Badge>
          )}
        </HStack>
        <Text fontSize="sm" wordBreak="break-word">
          {notification.body}
        </Text>
        {closed && (
          <Text fontSize="sm" color="fg.muted">
            Someone else took this item, or it was withdrawn: it no longer takes offers.
          </Text>
        )}
        <Text fontSize="xs" color="fg.muted">
          {formatDateTime(notification.created_at)}
        </Text>
      </Stack>
    </Box>
  )
}
