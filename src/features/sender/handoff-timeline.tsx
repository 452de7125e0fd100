import { Box, Heading, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import type { TimelineEntry } from '@contract/handoffs'
import { formatDateTime } from '@/lib/format'
import { HandoffPhoto } from './handoff-photo'
import { mapLink, proofText, recordedLate, stepTitle, timelineSteps } from './handoff-format'

const placeWord: Record<TimelineEntry['step'], string> = {
  accepted: 'acceptance',
  picked_up: 'pickup',
  delivered: 'delivery',
}

function Place({ entry }: { entry: TimelineEntry }) {
  if (!entry.location) return null
  const { lat, lng, accuracy_m } = entry.location
  return (
    <Text fontSize="sm">
      <Link
        href={mapLink(lat, lng)}
        target="_blank"
        rel="noopener noreferrer"
        color="brand.fg"
        textDecoration="underline"
      >
        See the {placeWord[entry.step]} place on a map
        <VisuallyHidden> (OpenStreetMap, opens in a new tab)</VisuallyHidden>
      </Link>
      {accuracy_m !== null && (
        <Text as="span" color="fg.muted">
          {' '}
          (within {Math.round(accuracy_m)} m)
        </Text>
      )}
    </Text>
  )
}

function Step({ step, entry }: { step: TimelineEntry['step']; entry: TimelineEntry | undefined }) {
  const proof = entry && proofText(entry)
  return (
    <Box as="li" display="flex" gap="3" minW="0">
      <Box
        aria-hidden
        flexShrink={0}
        boxSize="7"
        borderRadius="full"
        display="flex"
        alignItems="center"
        justifyContent="center"
        fontWeight="bold"
        fontSize="sm"
        borderWidth="2px"
        borderColor={entry ? 'brand.solid' : 'border.emphasized'}
        bg={entry ? 'brand.solid' : 'bg'}
        color={entry ? 'brand.contrast' : 'fg.muted'}
      >
        {entry ? '✓' : timelineSteps.indexOf(step) + 1}
      </Box>
      <Stack gap="1" minW="0" flex="1">
        <Text fontWeight="semibold">
          {stepTitle[step]}
          {!entry && (
            <Text as="span" fontWeight="normal" color="fg.muted">
              {' '}
              — not yet
            </Text>
          )}
        </Text>
        {entry && (
          <>
            <Text fontSize="sm">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              {recordedLate(entry) && (
                <Text as="span" color="fg.muted">
                  {' '}
                  (reached Tote {formatDateTime(entry.recorded_at)})
                </Text>
              )}
            </Text>
            {proof && (
              <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                {proof}
              </Text>
            )}
            <Place entry={entry} />
            {entry.photo_url && (
              <HandoffPhoto
                path={entry.photo_url}
                alt={`Photo taken at the ${placeWord[entry.step]}`}
              />
            )}
          </>
        )}
      </Stack>
    </Box>
  )
}

/**
 * Accepted, picked up, delivered (decision 034): when each happened on the deliverer's phone (and
 * when it reached the server, when that was much later), how it was proven, where and the pickup
 * photo. The map is a link, so no map code loads with this page.
 */
export function HandoffTimeline({ timeline }: { timeline: TimelineEntry[] }) {
  return (
    <Box
      as="section"
      aria-labelledby="handoff-timeline-heading"
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '4', md: '5' }}
    >
      <Heading as="h2" size="md" mb="3" id="handoff-timeline-heading">
        Handoff timeline
      </Heading>
      <Stack as="ol" listStyleType="none" gap="4">
        {timelineSteps.map((step) => (
          <Step key={step} step={step} entry={timeline.find((e) => e.step === step)} />
        ))}
      </Stack>
    </Box>
  )
}
