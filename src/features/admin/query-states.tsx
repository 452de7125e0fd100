import { EmptyState, Spinner, Stack, Text } from '@chakra-ui/react'

export function Loading({ children }: { children: string }) {
  return (
    <Stack direction="row" gap="3" align="center" role="status" py="4">
      <Spinner size="sm" />
      <Text>{children}</Text>
    </Stack>
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
