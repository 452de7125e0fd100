import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type Stripe from 'stripe'
import { itemAnswer } from '../../contract/items'
import {
  createPaymentIntentAnswer,
  createPaymentIntentBody,
  receiptsAnswer,
  testConfirmAnswer,
  testConfirmBody,
  updatePaymentStatusBody,
  updateRequestStatusBody,
} from '../../contract/payments'
import { paymentStatusAnswer } from '../../contract/sender-extra'
import { failure } from '../../contract/envelope'
import { DomainError, ITEM_NOT_FOUND } from '../errors'
import { loadItemView } from '../services/item-view'
import { fromCents } from '../../contract/money'
import { receiptsOf } from '../services/payments/receipts'
import {
  answerRequest,
  intentForRequest,
  latestPaymentOf,
  refreshPayment,
  REQUEST_ACCEPTED,
  REQUEST_REJECTED,
} from '../services/payments/requests'
import { stripeClient } from '../services/payments/stripe'
import { receiveStripeEvent } from '../services/payments/webhooks'
import { confirmTestPayment } from '../services/payments/test-confirm'
import { ownedItem } from '../services/sender-items'
import { requireUser } from '../plugins/auth'

const tags = ['payments']
const security = [{ bearerAuth: [] }]

/** Card payments: intents, test provider, accept/reject, payment status, receipts, Stripe webhook (decision 003). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.payments
  const sender = app.requireRole('sender')

  app.post(
    '/create-payment-intent',
    {
      schema: {
        tags,
        summary: 'The card payment for the current request (amount from the server)',
        security,
        body: createPaymentIntentBody,
        response: { 200: createPaymentIntentAnswer },
      },
      onRequest: sender,
    },
    async (request) => {
      const payment = await intentForRequest(app.db, provider, {
        senderId: requireUser(request).id,
        itemId: request.body.item_id,
        delivererId: request.body.deliverer_id,
      })
      return {
        success: true,
        message: 'Payment intent created',
        data: {
          client_secret: payment.clientSecret,
          provider: provider.name,
          amount: fromCents(payment.amountCents),
          currency: payment.currency,
        },
      }
    },
  )

  if (provider.name === 'test')
    app.post(
      '/test-payments/confirm',
      {
        schema: {
          tags,
          summary: 'Confirm a test-mode payment with one of Stripe’s test cards',
          description: 'A declined card answers 402 with the card’s message, like Stripe.',
          security,
          body: testConfirmBody,
          response: { 200: testConfirmAnswer, 402: failure },
        },
        onRequest: sender,
      },
      async (request, reply) => {
        const outcome = await confirmTestPayment(app.db, requireUser(request).id, request.body)
        if (outcome.status !== 'succeeded')
          return reply.code(402).send({
            success: false,
            message: outcome.error ?? 'Your card was declined.',
            code: 'PAYMENT_DECLINED',
          })
        return {
          success: true,
          message: 'Payment succeeded',
          data: { status: 'succeeded' as const, error: null },
        }
      },
    )

  app.post(
    '/update-request-status',
    {
      schema: {
        tags,
        summary: 'Accept (paid) or reject the current delivery request',
        security,
        body: updateRequestStatusBody,
        response: { 200: itemAnswer },
      },
      onRequest: sender,
    },
    async (request) => {
      const user = requireUser(request)
      const itemId = await answerRequest(app.db, provider, app.notifier, app.config.money, {
        senderId: user.id,
        itemId: request.body.item_id,
        delivererId: request.body.deliverer_id,
        status: request.body.status,
        reason: request.body.reason,
      })
      const item = await loadItemView(app.db, itemId, { id: user.id, role: 'sender' })
      if (!item) throw new DomainError('ITEM_NOT_FOUND', ITEM_NOT_FOUND)
      return {
        success: true,
        message: request.body.status === 'accepted' ? REQUEST_ACCEPTED : REQUEST_REJECTED,
        data: { item },
      }
    },
  )

  app.post(
    '/update-payment-status',
    {
      schema: {
        tags,
        summary: 'Re-check the item’s latest payment with the provider',
        security,
        body: updatePaymentStatusBody,
        response: { 200: paymentStatusAnswer },
      },
      onRequest: sender,
    },
    async (request) => {
      const item = await ownedItem(app.db, requireUser(request).id, request.body.item_id)
      const latest = await latestPaymentOf(app.db, item.id)
      const intent = await refreshPayment(app.db, provider, app.jobs, latest)
      return {
        success: true,
        message: 'Payment status updated',
        // What the payment row records as charged: the figure the sender's receipt lists.
        data: {
          status: intent.status,
          amount: fromCents(latest.amountCents),
          currency: latest.currency,
          receipt_id: latest.id,
        },
      }
    },
  )

  app.get(
    '/receipts',
    {
      schema: {
        tags,
        summary: 'The payments the caller made, newest first',
        security,
        response: { 200: receiptsAnswer },
      },
      onRequest: app.authenticate,
    },
    async (request) => ({
      success: true,
      message: 'Receipts retrieved successfully',
      data: await receiptsOf(app.db, requireUser(request).id),
    }),
  )

  const { stripeSecretKey, stripeWebhookSecret: webhookSecret } = app.config
  // The provider is Stripe exactly when STRIPE_SECRET_KEY is set (createPaymentProvider).
  if (provider.name === 'stripe' && stripeSecretKey && webhookSecret) {
    const stripe = stripeClient(stripeSecretKey)
    // Encapsulated: only this route reads its body raw (the signature covers the exact bytes).
    await app.register(async (hook) => {
      hook.removeAllContentTypeParsers()
      hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      )
      hook.post(
        '/stripe/webhook',
        {
          schema: {
            tags,
            summary: 'Stripe events (signed with STRIPE_WEBHOOK_SECRET), applied once by event id',
          },
          // Stripe's events can be larger than the API's own JSON bodies.
          bodyLimit: 1024 * 1024,
        },
        async (request) => {
          const raw = request.body as Buffer | undefined
          const signature = request.headers['stripe-signature']
          let event: Stripe.Event
          try {
            if (!Buffer.isBuffer(raw) || typeof signature !== 'string') throw new Error('unsigned')
            event = stripe.webhooks.constructEvent(raw, signature, webhookSecret)
          } catch {
            throw new DomainError('INVALID_SIGNATURE', 'Invalid signature')
          }
          const outcome = await receiveStripeEvent(app.db, app.jobs, stripe, event)
          return {
            success: true,
            message: outcome === 'replay' ? 'Event already received' : 'Event received',
          }
        },
      )
    })
  }
}
