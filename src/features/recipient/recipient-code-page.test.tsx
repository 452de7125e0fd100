import { screen } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { recipientCodeAnswer } from '@contract/handoffs'
import { answer, failure } from '@/test/answers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'

const TOKEN = 'tok_0123456789abcdefghijklmnop'
const DELIVERY_JWS = 'eyJhbGciOiJFUzI1NiJ9.eyJzdGVwIjoiZGVsaXZlcnkifQ.c2lnbmF0dXJlLWRlbGl2ZXJ5'

const validCode = () => http.get(`/api/recipient-codes/${TOKEN}`, () => validCodeBody())

describe('/delivery-code/$token (the recipient’s page)', { timeout: 15_000 }, () => {
  it('shows the delivery code as a QR code and six digits, without an account', async () => {
    server.use(validCode())
    renderApp(`/delivery-code/${TOKEN}`)
    expect(
      await screen.findByRole('heading', { name: 'Your delivery code for Desk lamp' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Dana Deliverer')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Delivery QR code for Desk lamp' })).toBeInTheDocument()
    expect(screen.getByText('654 321')).toBeInTheDocument()
    expect(screen.getByText('Delivery short code: 6 5 4 3 2 1')).toBeInTheDocument()
    // No sign-in was asked for.
    expect(screen.queryByRole('heading', { name: /log in/i })).toBeNull()
  })

  it('says the link is no longer valid once the item was delivered', async () => {
    server.use(
      http.get('/api/recipient-codes/:token', () => failure(404, 'This link is no longer valid')),
    )
    renderApp(`/delivery-code/${TOKEN}`)
    expect(
      await screen.findByRole('heading', { name: 'This link is no longer valid' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/ask the sender for your delivery code/)).toBeInTheDocument()
    expect(screen.queryByRole('img')).toBeNull()
  })

  it('shows the code saved on this device when there is no connection', async () => {
    server.use(validCode())
    const first = renderApp(`/delivery-code/${TOKEN}`)
    await screen.findByText('654 321')
    first.unmount()

    server.use(http.get('/api/recipient-codes/:token', () => HttpResponse.error()))
    renderApp(`/delivery-code/${TOKEN}`)
    expect(await screen.findByText(/You are offline/)).toBeInTheDocument()
    expect(screen.getByText('654 321')).toBeInTheDocument()
  })

  it('offers to try again when the code cannot be loaded and none is saved', async () => {
    server.use(http.get('/api/recipient-codes/:token', () => HttpResponse.error()))
    const { user } = renderApp('/delivery-code/tok_another_token_0123456789')
    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument()
    server.use(
      validCode(),
      http.get('/api/recipient-codes/:token', () => validCodeBody()),
    )
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(
      await screen.findByRole('heading', { name: 'Your delivery code for Desk lamp' }),
    ).toBeInTheDocument()
  })
})

function validCodeBody() {
  return answer(recipientCodeAnswer, {
    success: true,
    message: 'Delivery code',
    data: {
      item_name: 'Desk lamp',
      deliverer_name: 'Dana Deliverer',
      delivery: { code: DELIVERY_JWS, short_code: '654321', used_at: null },
    },
  })
}
