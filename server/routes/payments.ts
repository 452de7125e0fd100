import { and, desc, eq, ne } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
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
import { deliveryRequests, items, payments, users } from '../db/schema'
import { httpError } from '../errors'
import { loadItemView } from '../services/item-view'
import { createPaymentProvider, fromCents } from '../services/payments/provider'
import {
  answerRequest,
  intentForRequest,
  PAYMENT_NOT_FOUND,
  payableRequest,
  refreshPayment,
  REQUEST_ACCEPTED,
  REQUEST_REJECTED,
} from '../services/payments/requests'
import { testCardOutcome } from '../services/payments/test-provider'
import { verifyStripeSignature } from '../services/payments/webhook'
import { ownedItem } from '../services/sender-items'

const tags = ['payments']
const security = [{ bearerAuth: [] }]

/** Card payments: intents, test provider, accept/reject, payment status, receipts, Stripe webhook (issue 3). */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = createPaymentProvider(app.config, app.db)
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
        senderId: request.user!.id,
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
          security,
          body: testConfirmBody,
          response: { 200: testConfirmAnswer },
        },
        onRequest: sender,
      },
      async (request) => {
        const body = request.body
        const [found] = await app.db
          .select({ payment: payments, item: items })
          .from(payments)
          .innerJoin(items, eq(items.id, payments.itemId))
          .where(
            and(
              eq(payments.clientSecret, body.client_secret),
              eq(payments.provider, 'test'),
              eq(items.senderId, request.user!.id),
            ),
          )
        if (!found) throw httpError(404, PAYMENT_NOT_FOUND)
        if (found.payment.status === 'succeeded')
          return {
            success: true,
            message: 'Payment succeeded',
            data: { status: 'succeeded' as const, error: null },
          }
        const [current] = await app.db
          .select({ delivererId: deliveryRequests.delivererId })
          .from(deliveryRequests)
          .where(eq(deliveryRequests.id, found.payment.requestId))
        if (found.item.currentRequestId !== found.payment.requestId || !current)
          throw httpError(409, 'This request cannot be paid')
        await payableRequest(app.db, found.item, current.delivererId)
        const outcome = testCardOutcome(body)
        await app.db
          .update(payments)
          .set({ status: outcome.status })
          .where(eq(payments.id, found.payment.id))
        return {
          success: true,
          message: outcome.error ?? 'Payment succeeded',
          data: {
            status:
              outcome.status === 'succeeded'
                ? ('succeeded' as const)
                : ('requires_payment_method' as const),
            error: outcome.error,
          },
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
      const user = request.user!
      const itemId = await answerRequest(app.db, provider, {
        senderId: user.id,
        itemId: request.body.item_id,
        delivererId: request.body.deliverer_id,
        status: request.body.status,
      })
      const item = await loadItemView(app.db, itemId, { id: user.id, role: 'sender' })
      return {
        success: true,
        message: request.body.status === 'accepted' ? REQUEST_ACCEPTED : REQUEST_REJECTED,
        data: { item: item! },
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
      const item = await ownedItem(app.db, request.user!.id, request.body.item_id)
      const [latest] = await app.db
        .select()
        .from(payments)
        .where(eq(payments.itemId, item.id))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(1)
      if (!latest) throw httpError(404, PAYMENT_NOT_FOUND)
      const intent = await refreshPayment(app.db, provider, latest)
      return { success: true, message: 'Payment status updated', data: { status: intent.status } }
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
    async (request) => {
      const rows = await app.db
        .select({ payment: payments, itemName: items.name, delivererName: users.name })
        .from(payments)
        .innerJoin(items, eq(items.id, payments.itemId))
        .innerJoin(deliveryRequests, eq(deliveryRequests.id, payments.requestId))
        .innerJoin(users, eq(users.id, deliveryRequests.delivererId))
        .where(eq(items.senderId, request.user!.id))
        .orderBy(desc(payments.createdAt), desc(payments.id))
      return {
        success: true,
        message: 'Receipts retrieved successfully',
        data: rows.map((r) => ({
          id: r.payment.id,
          item_id: r.payment.itemId,
          item_name: r.itemName,
          deliverer_name: r.delivererName,
          amount: fromCents(r.payment.amountCents),
          currency: r.payment.currency,
          status: r.payment.status,
          paid_at: r.payment.status === 'succeeded' ? r.payment.updatedAt.toISOString() : null,
        })),
      }
    },
  )

  const webhookSecret = app.config.stripeWebhookSecret
  if (provider.name === 'stripe' && webhookSecret)
    // Encapsulated: only this route reads its body raw (the signature covers the exact bytes).
    await app.register(async (hook) => {
      hook.removeAllContentTypeParsers()
      hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      )
      hook.post(
        '/stripe/webhook',
        { schema: { tags, summary: 'Stripe events (signed with STRIPE_WEBHOOK_SECRET)' } },
        async (request) => {
          const raw = request.body as Buffer | undefined
          const signature = request.headers['stripe-signature']
          if (
            !Buffer.isBuffer(raw) ||
            !verifyStripeSignature(
              raw,
              typeof signature === 'string' ? signature : undefined,
              webhookSecret,
            )
          )
            throw httpError(400, 'Invalid signature')
          let event: { type?: string; data?: { object?: { id?: string; status?: string } } }
          try {
            event = JSON.parse(raw.toString('utf8'))
          } catch {
            throw httpError(400, 'The request body is not valid JSON')
          }
          const intent = event.data?.object
          if (
            (event.type === 'payment_intent.succeeded' ||
              event.type === 'payment_intent.payment_failed') &&
            typeof intent?.id === 'string'
          ) {
            const status =
              event.type === 'payment_intent.succeeded'
                ? 'succeeded'
                : (intent.status ?? 'requires_payment_method')
            await app.db
              .update(payments)
              .set({ status })
              .where(
                and(
                  eq(payments.providerIntentId, intent.id),
                  eq(payments.provider, 'stripe'),
                  // a late failure event never undoes a success
                  ne(payments.status, 'succeeded'),
                ),
              )
          }
          return { success: true, message: 'Event received' }
        },
      )
    })
}
