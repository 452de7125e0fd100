import { Alert } from '@chakra-ui/react'
import { failureMessage } from '@/lib/api-failure'

/** A form-level message: role=alert for errors so screen readers announce them at once. */
export function FormAlert({
  status,
  children,
}: {
  status: 'error' | 'success' | 'info'
  children: React.ReactNode
}) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Title fontWeight="normal">{children}</Alert.Title>
    </Alert.Root>
  )
}

/**
 * A failed query's or mutation's error, if there is one: the server's message first, else the
 * page's own wording (docs/spec.md section 8). Renders nothing while there is no error.
 */
export function ErrorAlert({ error, fallback }: { error: unknown; fallback: string }) {
  if (error == null) return null
  return <FormAlert status="error">{failureMessage(error, fallback)}</FormAlert>
}
