import { Box, Grid, Text, VisuallyHidden } from '@chakra-ui/react'
import type { Item } from '@contract/items'
import { itemProgress, progressSteps, type ItemProgress } from './item-progress'

const stoppedText: Record<NonNullable<ItemProgress['stopped']>, string> = {
  cancelled: 'This item was cancelled.',
  not_approved: 'Sending was not approved.',
}

/**
 * Posted → Approved → Matched → Paid → Picked up → Delivered, as an ordered list: every step reached
 * carries a ✓ and the words "done" (not colour alone); the latest one reached has
 * aria-current="step" and is bold and ringed. Two a row on phones (three made "Approved", bold,
 * run under the next step at 360 px), three from sm, one row from md up: no sideways scroll.
 */
function ProgressTracker({
  progress,
  label = 'Progress',
}: {
  progress: ItemProgress
  label?: string
}) {
  return (
    <Box as="section" aria-label={label}>
      <Grid
        as="ol"
        listStyleType="none"
        templateColumns={{
          base: 'repeat(2, minmax(0, 1fr))',
          sm: 'repeat(3, minmax(0, 1fr))',
          md: 'repeat(6, minmax(0, 1fr))',
        }}
        gap="2"
      >
        {progressSteps.map((step, index) => {
          // A step reached is done, the latest one included: "Delivered" is ticked once it is.
          const state = index <= progress.current ? 'done' : 'upcoming'
          const current = index === progress.current
          return (
            <Box
              as="li"
              key={step}
              aria-current={current ? 'step' : undefined}
              display="flex"
              alignItems="center"
              gap="2"
              minW="0"
            >
              <Box
                aria-hidden
                flexShrink={0}
                boxSize="6"
                borderRadius="full"
                display="flex"
                alignItems="center"
                justifyContent="center"
                fontSize="xs"
                fontWeight="bold"
                borderWidth="2px"
                borderColor={state === 'upcoming' ? 'border.emphasized' : 'brand.solid'}
                bg={state === 'upcoming' ? 'bg' : 'brand.solid'}
                color={state === 'upcoming' ? 'fg.muted' : 'brand.contrast'}
                outline={current ? '2px solid' : undefined}
                outlineColor="brand.solid"
                outlineOffset="2px"
              >
                {state === 'done' ? '✓' : index + 1}
              </Box>
              <Text
                fontSize="sm"
                lineHeight="short"
                fontWeight={current ? 'bold' : 'normal'}
                color={state === 'upcoming' ? 'fg.muted' : 'fg'}
                textDecoration={current ? 'underline' : undefined}
                textUnderlineOffset="3px"
              >
                {step}
                {state === 'done' && <VisuallyHidden>, done</VisuallyHidden>}
              </Text>
            </Box>
          )
        })}
      </Grid>
      {progress.stopped && (
        <Text mt="2" fontSize="sm" fontWeight="semibold" color="fg.error">
          {stoppedText[progress.stopped]}
        </Text>
      )}
    </Box>
  )
}

/** The tracker for one item, from any viewer's copy of it (sender, deliverer or admin pages). */
export function ItemProgressTracker({ item }: { item: Item }) {
  return <ProgressTracker progress={itemProgress(item)} />
}
