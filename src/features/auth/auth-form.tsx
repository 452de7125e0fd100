import { Text } from '@chakra-ui/react'
import type { FormEvent, ReactNode } from 'react'

/**
 * The form of an auth page. Prerendered, it is on screen before the app runs: POST (never GET)
 * so a submit that slips through before then cannot put a password into a URL, and without
 * JavaScript it says plainly what is needed.
 */
export function AuthForm({
  onSubmit,
  action,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  /** What the form does, for the no-JavaScript notice: "sign in", "create an account"… */
  action: string
  children: ReactNode
}) {
  return (
    <form method="post" onSubmit={onSubmit} noValidate>
      <noscript>
        <Text role="alert" mb="4" p="3" borderRadius="md" bg="orange.subtle" color="orange.fg">
          JavaScript is needed to {action} on Tote. Please turn it on in your browser, then reload
          this page.
        </Text>
      </noscript>
      {children}
    </form>
  )
}
