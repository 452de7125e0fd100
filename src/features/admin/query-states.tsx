import { EmptyState, Spinner, Stack, Text } from '@chakra-ui/react'
import { FormAlert } from '@/components/form-alert'
import { failureMessage } from '@/lib/api-client'

export function Loading({ children }: { children: string }) {
  return (
    <Stack direction="row" gap="3" align="center" role="status" py="4">
      <Spinner size="sm" />
      <Text>{children}</Text>
    </Stack>
  )
}

/** SPEC.md section 8: the server's message first, else the page's own wording. */
export function LoadError({ error, fallback }: { error: unknown; fallback: string }) {
  return <FormAlert status="error">{failureMessage(error, fallback)}</FormAlert>
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
