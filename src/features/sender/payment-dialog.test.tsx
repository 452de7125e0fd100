import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { beforeAll, describe, expect, it } from 'vitest'
import { createPaymentIntentAnswer } from '@contract/payments'
import { acceptSenderTermsAnswer } from '@contract/terms'
import { answer, failure } from '@/test/answers'
import { failWith } from '@/test/api-handlers'
import { makeItem } from '@/test/items'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { ITEM_ID, senderBase, senderTermsHandler, withPendingRequest } from '@/test/sender-fixtures'

const HELD = 'Your payment is held by Tote until the item is delivered; then the deliverer is paid.'

// jsdom has no PointerEvent; Chakra's checkbox (zag) makes one when the box loses focus.
beforeAll(() => {
  window.PointerEvent ??= class extends MouseEvent {} as typeof PointerEvent
})

function intentHandler(log: string[]) {
  return http.post('/api/create-payment-intent', () => {
    log.push('intent')
    return answer(createPaymentIntentAnswer, {
      success: true,
      message: 'OK',
      data: { client_secret: 'pi_test_secret', provider: 'test', amount: 30, currency: 'usd' },
    })
  })
}

async function openPayment(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Accept and pay $30.00' }))
  return screen.findByRole('dialog', { name: 'Enter payment details' })
}

// Decision 044: the sender terms before the first payment, and the money held until delivery.
describe('pay dialog: sender terms and the held payment', { timeout: 15_000 }, () => {
  it('asks a sender who has not accepted the sender terms to read and accept them before the card', async () => {
    storeSession('sender')
    const log: string[] = []
    let accepted = false
    // Added after the base: msw takes the latest handler first.
    server.use(...senderBase(makeItem(withPendingRequest)))
    server.use(
      senderTermsHandler(() => (accepted ? '2026-11-27T10:00:00.000Z' : null)),
      http.post('/api/sender-terms/accept', async ({ request }) => {
        log.push(`accept ${JSON.stringify(await request.json())}`)
        accepted = true
        return answer(acceptSenderTermsAnswer, {
          success: true,
          message: 'Sender terms accepted',
          data: { version: 'v1', accepted_at: '2026-11-27T10:00:00.000Z' },
        })
      }),
      intentHandler(log),
    )
    const { user } = renderApp(`/items/${ITEM_ID}`)
    const dialog = await openPayment(user)

    expect(await within(dialog).findByText('I describe my item truthfully.')).toBeInTheDocument()
    expect(within(dialog).getByRole('heading', { name: 'Accurate description' })).toBeVisible()
    expect(within(dialog).getByText(HELD)).toBeInTheDocument()
    const box = within(dialog).getByRole('checkbox', { name: 'I accept the sender terms' })
    expect(box).not.toBeChecked()
    // No card form and no payment before the terms are accepted.
    expect(within(dialog).queryByLabelText(/card number/i)).toBeNull()
    expect(log).toEqual([])

    await user.click(within(dialog).getByRole('button', { name: 'Accept and continue' }))
    expect(
      await within(dialog).findByText('Please accept the sender terms to continue'),
    ).toBeInTheDocument()
    expect(box).toHaveAccessibleDescription('Please accept the sender terms to continue')
    expect(log).toEqual([])

    await user.click(box)
    await user.click(within(dialog).getByRole('button', { name: 'Accept and continue' }))
    expect(await within(dialog).findByLabelText(/card number/i)).toBeInTheDocument()
    expect(within(dialog).getByText(HELD)).toBeInTheDocument()
    expect(log).toEqual(['accept {"version":"v1"}', 'intent'])
  })

  it('goes straight to the card for a sender who accepted, and says the payment is held', async () => {
    storeSession('sender')
    const log: string[] = []
    server.use(...senderBase(makeItem(withPendingRequest)), intentHandler(log))
    const { user } = renderApp(`/items/${ITEM_ID}`)
    const dialog = await openPayment(user)
    expect(await within(dialog).findByLabelText(/card number/i)).toBeInTheDocument()
    expect(within(dialog).getByText(HELD)).toBeInTheDocument()
    expect(within(dialog).queryByRole('checkbox', { name: 'I accept the sender terms' })).toBeNull()
    expect(log).toEqual(['intent'])
  })

  it('says so when the sender terms changed while they were read', async () => {
    storeSession('sender')
    // Added after the base: msw takes the latest handler first.
    server.use(...senderBase(makeItem(withPendingRequest)))
    server.use(
      senderTermsHandler(null),
      failWith(
        'post',
        'sender-terms/accept',
        409,
        'The sender terms changed while you were reading them. Please read them again.',
      ),
    )
    const { user } = renderApp(`/items/${ITEM_ID}`)
    const dialog = await openPayment(user)
    await user.click(
      await within(dialog).findByRole('checkbox', { name: 'I accept the sender terms' }),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Accept and continue' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The sender terms changed while you were reading them. Please read them again.',
    )
    expect(within(dialog).queryByLabelText(/card number/i)).toBeNull()
  })

  it('shows the sender terms again when the server says they changed since they were accepted', async () => {
    storeSession('sender')
    let termsReads = 0
    server.use(...senderBase(makeItem(withPendingRequest)))
    server.use(
      // Accepted when the dialog opened; a new version by the time the intent was asked for.
      senderTermsHandler(() => (termsReads++ === 0 ? '2026-11-01T10:00:00.000Z' : null)),
      http.post('/api/create-payment-intent', () =>
        failure(
          409,
          'Please accept the sender terms before paying',
          undefined,
          'SENDER_TERMS_NOT_ACCEPTED',
        ),
      ),
    )
    const { user } = renderApp(`/items/${ITEM_ID}`)
    const dialog = await openPayment(user)
    expect(
      await within(dialog).findByRole('checkbox', { name: 'I accept the sender terms' }),
    ).toBeInTheDocument()
    expect(within(dialog).getByText('I describe my item truthfully.')).toBeInTheDocument()
    expect(within(dialog).queryByLabelText(/card number/i)).toBeNull()
  })

  it('shows the refusal when the terms, read again, still say accepted', async () => {
    storeSession('sender')
    server.use(...senderBase(makeItem(withPendingRequest)))
    server.use(
      http.post('/api/create-payment-intent', () =>
        failure(
          409,
          'Please accept the sender terms before paying',
          undefined,
          'SENDER_TERMS_NOT_ACCEPTED',
        ),
      ),
    )
    const { user } = renderApp(`/items/${ITEM_ID}`)
    const dialog = await openPayment(user)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please accept the sender terms before paying',
    )
  })
})
