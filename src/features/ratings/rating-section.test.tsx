// Double-blind ratings on the delivered item (issue 28, decision 039): the form (stars as a labelled
// radio group, an optional comment), then "yours is in", then both; the other side's can be reported.
import { configure, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { messageOnly } from '@contract/envelope'
import type { Item } from '@contract/items'
import { threadAnswer } from '@contract/messages'
import { ratingAnswer, ratingsAnswer, type Rating } from '@contract/ratings'
import { RATING_COMMENT_MAX, ratingMessages } from '@contract/rating-rules'
import { answer } from '@/test/answers'
import { makeItem } from '@/test/items'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { DELIVERER_ID, ITEM_ID, senderBase } from '@/test/sender-fixtures'
import { storeSession } from '@/test/session'
import { WAITING_FOR_THEIRS } from './rating-section'

configure({ asyncUtilTimeout: 4000 })

const delivered: Partial<Item> = {
  id: ITEM_ID,
  name: 'Camera bag',
  status: 'delivered',
  sending_approval: 'approved',
  delivery_approval: 'approved',
  request_status: 'accepted',
  deliverer: { id: DELIVERER_ID, name: 'Dana Deliverer' },
  deliverer_id: DELIVERER_ID,
  deliverer_price: 30,
  unread_messages: 0,
}

const closesAt = '2026-12-04T09:00:00.000Z'
const rating = (over: Partial<Rating>): Rating => ({
  id: 'r-1',
  stars: 4,
  comment: null,
  by: 'sender',
  created_at: '2026-11-21T09:00:00.000Z',
  hidden: false,
  ...over,
})

interface Ratings {
  mine: Rating | null
  theirs: Rating | null
  can_rate: boolean
}

function ratingServer(start: Ratings) {
  const state = { ratings: start }
  const posted: unknown[] = []
  const reports: { id: string | readonly string[] | undefined; body: unknown }[] = []
  server.use(
    ...senderBase(makeItem(delivered)),
    http.get(`/api/items/${ITEM_ID}/messages`, () =>
      answer(threadAnswer, {
        success: true,
        message: 'Messages',
        data: {
          messages: [],
          state: 'open',
          can_write: true,
          closes_at: closesAt,
          unread: 0,
          other: { id: DELIVERER_ID, name: 'Dana Deliverer' },
        },
      }),
    ),
    http.get(`/api/items/${ITEM_ID}/ratings`, () =>
      answer(ratingsAnswer, {
        success: true,
        message: 'Ratings',
        data: { ...state.ratings, closes_at: closesAt },
      }),
    ),
    http.post(`/api/items/${ITEM_ID}/rating`, async ({ request }) => {
      const body = (await request.json()) as { stars: number; comment?: string }
      posted.push(body)
      const mine = rating({ stars: body.stars, comment: body.comment ?? null })
      state.ratings = { ...state.ratings, mine, can_rate: false }
      return answer(
        ratingAnswer,
        { success: true, message: ratingMessages.saved, data: { rating: mine } },
        { status: 201 },
      )
    }),
    http.post('/api/ratings/:id/report', async ({ request, params }) => {
      reports.push({ id: params.id, body: await request.json() })
      return answer(messageOnly, { success: true, message: ratingMessages.reported })
    }),
  )
  return { state, posted, reports }
}

function open() {
  storeSession('sender')
  return renderApp(`/items/${ITEM_ID}`)
}

const ratingsSection = () => screen.findByRole('region', { name: 'Ratings' })

describe('rating a delivered item', () => {
  it('takes stars from a labelled radio group and an optional comment, then says theirs shows later', async () => {
    const { posted } = ratingServer({ mine: null, theirs: null, can_rate: true })
    const { user } = open()
    const section = await ratingsSection()
    const stars = await within(section).findByRole('radiogroup', {
      name: 'Your rating of Dana Deliverer',
    })
    // The delivered card points at the form while the sender may rate.
    const card = screen.getByRole('region', { name: 'Delivered' })
    expect(within(card).getByRole('link', { name: 'Rate Dana Deliverer' })).toHaveAttribute(
      'href',
      '#rating',
    )
    await user.click(within(section).getByRole('button', { name: 'Send rating' }))
    expect(await within(section).findByText(ratingMessages.stars)).toBeVisible()
    expect(posted).toHaveLength(0)

    await user.click(within(stars).getByRole('radio', { name: /4 stars/ }))
    await user.type(
      within(section).getByRole('textbox', { name: 'Comment (optional)' }),
      'Careful and on time',
    )
    await user.click(within(section).getByRole('button', { name: 'Send rating' }))
    await waitFor(() => expect(posted).toEqual([{ stars: 4, comment: 'Careful and on time' }]))
    expect(await within(section).findByText(WAITING_FOR_THEIRS)).toBeVisible()
    expect(within(section).getByRole('heading', { name: 'Your rating' })).toBeVisible()
    expect(within(section).queryByRole('radiogroup')).toBeNull()
    // Rated: the card says so instead of offering a second rating the server would refuse.
    await waitFor(() => expect(card).toHaveTextContent('You rated Dana Deliverer 4 ★ stars'))
    expect(within(card).queryByRole('link', { name: /Rate/ })).toBeNull()
  })

  it('refuses a comment over the limit before sending', async () => {
    const { posted } = ratingServer({ mine: null, theirs: null, can_rate: true })
    const { user } = open()
    const section = await ratingsSection()
    await user.click(await within(section).findByRole('radio', { name: /5 stars/ }))
    const comment = within(section).getByRole('textbox', { name: 'Comment (optional)' })
    await user.click(comment)
    await user.paste('x'.repeat(RATING_COMMENT_MAX + 1))
    await user.click(within(section).getByRole('button', { name: 'Send rating' }))
    expect(await within(section).findByText(ratingMessages.commentTooLong)).toBeVisible()
    expect(posted).toHaveLength(0)
  })

  it('shows both once both are in, and reports theirs through a dialog with a reason', async () => {
    const { reports } = ratingServer({
      mine: rating({ id: 'r-mine', stars: 5, comment: 'Great' }),
      theirs: rating({ id: 'r-theirs', stars: 2, comment: 'Rude <b>sender</b>', by: 'deliverer' }),
      can_rate: false,
    })
    const { user } = open()
    const section = await ratingsSection()
    expect(await within(section).findByText('Rude <b>sender</b>')).toBeVisible()
    const card = screen.getByRole('region', { name: 'Delivered' })
    expect(card).toHaveTextContent('You rated Dana Deliverer 5 ★ stars')
    expect(within(card).queryByRole('link', { name: /Rate/ })).toBeNull()
    expect(within(section).getByText('Great')).toBeVisible()
    expect(within(section).queryByText(WAITING_FOR_THEIRS)).toBeNull()
    expect(within(section).getAllByRole('button', { name: 'Report' })).toHaveLength(1)

    await user.click(within(section).getByRole('button', { name: 'Report' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report this rating' })
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await within(dialog).findByText(ratingMessages.reasonMissing)).toBeVisible()
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Not true')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(await within(dialog).findByText(ratingMessages.reported)).toBeVisible()
    expect(reports).toEqual([{ id: 'r-theirs', body: { reason: 'Not true' } }])
  })
})
