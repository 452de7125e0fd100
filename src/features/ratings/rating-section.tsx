import { Box, Button, Dialog, Heading, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { Rating } from '@contract/ratings'
import { RATING_COMMENT_MAX, ratingMessages } from '@contract/rating-rules'
import { PendingStatus } from '@/components/pending-status'
import { AppDialog } from '@/components/app-dialog'
import { ErrorAlert, FormAlert } from '@/components/form-alert'
import { TextareaField } from '@/components/textarea-field'
import { formatDate, formatDateTime } from '@/lib/format'
import { LOAD_FAILED_MESSAGE, useSubmitAfterLoad } from '@/lib/use-submit-after-load'
import { itemRatingsQueryOptions, useRateMutation, useReportRatingMutation } from './api'

export const WAITING_FOR_THEIRS =
  'Your rating is in; theirs shows when both are in or the window ends.'

const starWords = ['', '1 star', '2 stars', '3 stars', '4 stars', '5 stars']

/** Five stars, the given number filled: drawn for the eye, said in words for everyone. */
function Stars({ stars }: { stars: number }) {
  return (
    <Text as="span">
      <Box as="span" aria-hidden="true" color="orange.fg" letterSpacing="wider">
        {'★'.repeat(stars)}
        {'☆'.repeat(5 - stars)}
      </Box>{' '}
      {starWords[stars]}
    </Text>
  )
}

function RatingView({
  title,
  rating,
  onReport,
}: {
  title: string
  rating: Rating
  onReport?: () => void
}) {
  return (
    <Stack gap="1" borderWidth="1px" borderRadius="lg" p="3">
      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        {onReport && (
          <Button size="xs" variant="outline" onClick={onReport}>
            Report
          </Button>
        )}
      </HStack>
      <Stars stars={rating.stars} />
      {rating.hidden ? (
        <Text color="fg.muted" fontSize="sm">
          Tote hid this rating&apos;s comment; it does not count in the average.
        </Text>
      ) : (
        rating.comment && (
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            {rating.comment}
          </Text>
        )
      )}
      <Text color="fg.muted" fontSize="sm">
        {formatDateTime(rating.created_at)}
      </Text>
    </Stack>
  )
}

function RateForm({ itemId, otherName }: { itemId: string; otherName: string }) {
  const [stars, setStars] = useState<string | null>(null)
  const [comment, setComment] = useState('')
  const [errors, setErrors] = useState<{ stars?: string; comment?: string }>({})
  const rate = useRateMutation(itemId)
  const labelId = useId()

  // Loaded at the first use, not with the page (decision 054).
  const submit = useSubmitAfterLoad(
    () => import('@contract/ratings'),
    ({ ratingBody }) => {
      const parsed = ratingBody.safeParse({ stars: stars ? Number(stars) : undefined, comment })
      if (!parsed.success) {
        const found: typeof errors = {}
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] === 'comment' ? 'comment' : 'stars'
          found[field] ??= issue.message
        }
        setErrors(found)
        return
      }
      setErrors({})
      rate.mutate({ stars: parsed.data.stars, comment })
    },
    () => setErrors({ stars: LOAD_FAILED_MESSAGE }),
  )

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4">
        <Stack gap="2">
          <RadioGroup.Root
            name="stars"
            value={stars}
            onValueChange={(details) => setStars(details.value)}
            colorPalette="brand"
            aria-labelledby={labelId}
            aria-describedby={errors.stars ? `${labelId}-error` : undefined}
          >
            <RadioGroup.Label id={labelId} fontWeight="medium" mb="2">
              Your rating of {otherName}
            </RadioGroup.Label>
            <HStack gap="4" wrap="wrap">
              {[1, 2, 3, 4, 5].map((n) => (
                <RadioGroup.Item key={n} value={String(n)} minH="11">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>
                    <span aria-hidden="true">{'★'.repeat(n)} </span>
                    {starWords[n]}
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
          {errors.stars && (
            <Text id={`${labelId}-error`} color="fg.error" fontSize="sm">
              {errors.stars}
            </Text>
          )}
        </Stack>
        <TextareaField
          label="Comment (optional)"
          name="comment"
          value={comment}
          onValueChange={setComment}
          error={errors.comment}
          helperText={`${comment.length} / ${RATING_COMMENT_MAX} characters. Ratings cannot be changed once sent.`}
          rows={3}
        />
        <ErrorAlert error={rate.error} fallback="Failed to save your rating" />
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="brand" loading={rate.isPending}>
            Send rating
          </Button>
        </HStack>
      </Stack>
    </form>
  )
}

function ReportDialog({ rating, onClose }: { rating: Rating; onClose: () => void }) {
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const report = useReportRatingMutation()
  const submit = useSubmitAfterLoad(
    () => import('@contract/ratings'),
    ({ ratingReasonBody }) => {
      const parsed = ratingReasonBody.safeParse({ reason })
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? ratingMessages.reasonMissing)
        return
      }
      setError(undefined)
      report.mutate({ ratingId: rating.id, reason: parsed.data.reason })
    },
    () => setError(LOAD_FAILED_MESSAGE),
  )
  return (
    <AppDialog title="Report this rating" open onClose={onClose}>
      {report.isSuccess ? (
        <>
          <Dialog.Body>
            <FormAlert status="success">{ratingMessages.reported}</FormAlert>
          </Dialog.Body>
          <Dialog.Footer>
            <Button colorPalette="brand" onClick={onClose}>
              Close
            </Button>
          </Dialog.Footer>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <Dialog.Body>
            <Stack gap="4">
              <Text>
                Tell Tote what is wrong with this rating. An admin reads every report and can hide a
                rating that breaks the rules.
              </Text>
              <TextareaField
                label="Reason"
                name="reason"
                value={reason}
                onValueChange={setReason}
                error={error}
                required
              />
              <ErrorAlert error={report.error} fallback="Failed to send the report" />
            </Stack>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" colorPalette="brand" loading={report.isPending}>
              Send report
            </Button>
          </Dialog.Footer>
        </form>
      )}
    </AppDialog>
  )
}

/**
 * The ratings of a delivered item for one of its two sides (decision 039): the form while the
 * caller may still rate, then their own rating, and the other side's once both are in or the
 * window has ended (double-blind). The other side's rating can be reported.
 */
export function RatingSection({ itemId, otherName }: { itemId: string; otherName: string }) {
  const ratings = useQuery(itemRatingsQueryOptions(itemId))
  const [reporting, setReporting] = useState<Rating | null>(null)
  const headingId = useId()
  const data = ratings.data
  return (
    <Box
      as="section"
      id="rating"
      aria-labelledby={headingId}
      bg="bg"
      borderWidth="1px"
      borderRadius="xl"
      p={{ base: '4', md: '5' }}
    >
      <Heading as="h2" size="md" id={headingId} mb="3">
        Ratings
      </Heading>
      <Stack gap="3">
        <ErrorAlert error={ratings.error} fallback="Failed to load the ratings" />
        {ratings.isPending && (
          <PendingStatus paused={ratings.isPaused}>Loading ratings…</PendingStatus>
        )}
        {data && (
          <>
            {data.can_rate && (
              <Text color="fg.muted" fontSize="sm">
                You can rate {otherName} until{' '}
                {data.closes_at ? formatDate(data.closes_at) : 'the window ends'}. Neither of you
                sees the other&apos;s rating until both are in or the window ends.
              </Text>
            )}
            {data.can_rate && <RateForm itemId={itemId} otherName={otherName} />}
            {data.mine && <RatingView title="Your rating" rating={data.mine} />}
            {data.mine && !data.theirs && <FormAlert status="info">{WAITING_FOR_THEIRS}</FormAlert>}
            {data.theirs && (
              <RatingView
                title={`${otherName}'s rating of you`}
                rating={data.theirs}
                onReport={() => setReporting(data.theirs)}
              />
            )}
            {!data.can_rate && !data.mine && !data.theirs && (
              <Text color="fg.muted">
                {data.closes_at ? ratingMessages.windowClosed : ratingMessages.notDelivered}
              </Text>
            )}
          </>
        )}
      </Stack>
      {reporting && <ReportDialog rating={reporting} onClose={() => setReporting(null)} />}
    </Box>
  )
}
