import { Alert } from '@chakra-ui/react'

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
