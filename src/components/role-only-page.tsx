import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import type { Role } from '@contract/user'
import { roleHome } from '@/lib/role-home'
import { rolePlural, roleSingular } from '@/lib/role-names'

/**
 * A page every signed-in user may open (docs/spec.md section 2) whose content belongs to one role:
 * for anyone else, a plain explanation and the way home instead of the server's 'Forbidden'.
 */
export function RoleOnlyPage({
  title,
  pageFor,
  role,
  purpose,
}: {
  title: string
  /** The role(s) the page serves. */
  pageFor: Role | Role[]
  role: Role
  /** What the page is for, as a sentence. */
  purpose: string
}) {
  return (
    <Stack gap="4" maxW="prose">
      <Heading as="h1" size="2xl">
        {title}
      </Heading>
      <Text>
        This page is for{' '}
        {[pageFor]
          .flat()
          .map((r) => rolePlural[r])
          .join(' and ')}
        . {purpose}
      </Text>
      <Text>You are signed in as {roleSingular[role]}, so there is nothing to show you here.</Text>
      <Button asChild colorPalette="brand" alignSelf="start">
        <Link to={roleHome(role)}>Go to your dashboard</Link>
      </Button>
    </Stack>
  )
}
