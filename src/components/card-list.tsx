import { Heading, HStack, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface CardContent {
  key: string
  /** The card's name (often a link to the item). */
  title: ReactNode
  /** The status, top right. */
  badge?: ReactNode
  /** One or two short lines: route, dates, price. */
  meta?: ReactNode
  /** The main action(s), always visible. */
  actions?: ReactNode
}

/**
 * A list as cards: what a table becomes below 768 px (useIsPhone), one way for every list of the
 * app, so the status and the main action stay visible with no sideways scrolling.
 */
export function CardList<T>({
  items,
  label,
  card,
}: {
  items: T[]
  label: string
  card: (item: T) => CardContent
}) {
  return (
    <Stack as="ul" aria-label={label} gap="3" listStyleType="none">
      {items.map((item) => {
        const c = card(item)
        return (
          <Stack as="li" key={c.key} gap="2" bg="bg" borderWidth="1px" rounded="md" p="3">
            <HStack justify="space-between" align="start" gap="2">
              <Heading as="h3" size="sm" minW="0" overflowWrap="anywhere">
                {c.title}
              </Heading>
              {c.badge}
            </HStack>
            {c.meta && (
              <Text fontSize="sm" color="fg.muted">
                {c.meta}
              </Text>
            )}
            {c.actions}
          </Stack>
        )
      })}
    </Stack>
  )
}
