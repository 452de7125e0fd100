import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/**
 * Whose turn it is: the viewer's (an action waits for them), someone else's (they wait), or
 * nobody's (done, or stopped). It picks the card's colour and the words above its title.
 */
export type Turn = 'yours' | 'theirs' | 'done' | 'stopped'

const turnStyle: Record<Turn, { palette: string; eyebrow: string }> = {
  yours: { palette: 'brand', eyebrow: 'Your turn' },
  theirs: { palette: 'gray', eyebrow: 'Waiting' },
  done: { palette: 'green', eyebrow: 'Done' },
  stopped: { palette: 'red', eyebrow: 'Stopped' },
}

/**
 * The first card of every item page (issue 29, docs/design.md "The next step"): who acts now,
 * what, and the button to do it, inside the first screen of a phone. `waitingFor` names who the
 * viewer waits for ("Waiting for the admin's review").
 */
export function NextStepCard({
  turn,
  title,
  waitingFor,
  children,
  actions,
}: {
  turn: Turn
  title: string
  waitingFor?: string
  children?: ReactNode
  actions?: ReactNode
}) {
  const style = turnStyle[turn]
  return (
    <Box
      as="section"
      aria-labelledby="next-step-heading"
      colorPalette={style.palette}
      bg="colorPalette.subtle"
      borderWidth="1px"
      borderColor="colorPalette.muted"
      borderInlineStartWidth="4px"
      borderInlineStartColor="colorPalette.solid"
      borderRadius="lg"
      p={{ base: '4', md: '5' }}
    >
      <Stack gap="3">
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="semibold" color="colorPalette.fg">
            {turn === 'theirs' && waitingFor ? waitingFor : style.eyebrow}
          </Text>
          <Heading as="h2" size="lg" id="next-step-heading">
            {title}
          </Heading>
        </Stack>
        {children}
        {actions && (
          <HStack gap="3" wrap="wrap">
            {actions}
          </HStack>
        )}
      </Stack>
    </Box>
  )
}
