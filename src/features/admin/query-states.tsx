import { Box, EmptyState } from '@chakra-ui/react'
import { PendingStatus } from '@/components/pending-status'

/** `paused`: the query waits offline with nothing saved (components/pending-status). */
export function Loading({ paused, children }: { paused: boolean; children: string }) {
  return (
    <Box py="4">
      <PendingStatus paused={paused} spinner>
        {children}
      </PendingStatus>
    </Box>
  )
}

export function Empty({ title, children }: { title: string; children?: string }) {
  return (
    <EmptyState.Root size="sm">
      <EmptyState.Content>
        <EmptyState.Title>{title}</EmptyState.Title>
        {children && <EmptyState.Description>{children}</EmptyState.Description>}
      </EmptyState.Content>
    </EmptyState.Root>
  )
}
