import { screen, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import { adminItemDetailAnswer } from '@contract/admin'
import { adminRefundAnswer } from '@contract/disputes'
import { answer, failure } from '@/test/answers'
import { userDataHandler } from '@/test/api-handlers'
import { server } from '@/test/msw-server'
import { renderApp } from '@/test/render-app'
import { storeSession } from '@/test/session'
import { ITEM_ID, itemDetail, itemRow } from '@/test/admin-fixtures'

function setup(status: 'delivered' | 'pending') {
  storeSession('admin')
  const sent: unknown[] = []
  server.use(
    userDataHandler('admin'),
    http.get(`/api/admin/items/${ITEM_ID}`, () =>
      answer(adminItemDetailAnswer, {
        success: true,
        message: 'OK',
        data: itemDetail({ item: itemRow({ status }) }),
      }),
    ),
    http.post('/api/admin/refunds', async ({ request }) => {
      const body = (await request.json()) as { amount: number }
      sent.push(body)
      if (body.amount > 25)
        return failure(
          409,
          'At most $25.00 is left to refund',
          undefined,
          'REFUND_EXCEEDS_REMAINING',
        )
      return answer(
        adminRefundAnswer,
        {
          success: true,
          message: 'Refund recorded',
          data: {
            refund: {
              id: 'rf1',
              item_id: ITEM_ID,
              amount: body.amount,
              status: 'pending',
              after_release: true,
              refundable: 25 - body.amount,
            },
          },
        },
        { status: 201 },
      )
    }),
  )
  return { sent }
}

describe('an admin refund from the item page', { timeout: 20_000 }, () => {
  it('sends the amount and reason, shows the server’s refusal, then what is left', async () => {
    const { sent } = setup('delivered')
    const { user } = renderApp(`/sending-approval/item/${ITEM_ID}`)
    await user.click(await screen.findByRole('button', { name: 'Refund' }))
    const dialog = await screen.findByRole('dialog', { name: 'Refund: Vintage camera' })
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }))
    expect(await within(dialog).findByText('Enter an amount of at least $0.01')).toBeVisible()
    expect(within(dialog).getByText('Give a reason for the record')).toBeVisible()
    expect(sent).toEqual([])

    await user.type(within(dialog).getByRole('textbox', { name: /Amount/ }), '30')
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Late and dented')
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }))
    expect(await within(dialog).findByText('At most $25.00 is left to refund')).toBeVisible()

    const amount = within(dialog).getByRole('textbox', { name: /Amount/ })
    await user.clear(amount)
    await user.type(amount, '10')
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }))
    expect(
      await screen.findByText(
        'Refunded $10.00, taken back from the deliverer’s earnings; $15.00 left to refund',
      ),
    ).toBeInTheDocument()
    expect(sent).toEqual([
      { item_id: ITEM_ID, amount: 30, reason: 'Late and dented' },
      { item_id: ITEM_ID, amount: 10, reason: 'Late and dented' },
    ])
  })

  it('offers no refund before the sender has paid', async () => {
    setup('pending')
    renderApp(`/sending-approval/item/${ITEM_ID}`)
    expect(await screen.findByRole('heading', { name: /Vintage camera/ })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull()
  })
})
