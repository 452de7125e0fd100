import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { paymentMethodAnswer, payoutDetailsBody } from '../../contract/deliveries'
import { requireUser } from '../plugins/auth'
import type { AuthUser } from '../types'
import { paymentMethodView, savePayout } from '../services/payouts'

/** GET/POST /api/payment-method: where a deliverer's payouts go, and what they earned. */
export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const deliverer = app.requireRole('deliverer')
  const view = (user: AuthUser) =>
    paymentMethodView(app.db, {
      money: app.config.money,
      stripeSecretKey: app.config.stripeSecretKey,
      user,
      origin: app.publicOrigin(),
      log: (err) => app.log.warn({ err }, 'Stripe onboarding link failed'),
    })

  app.get(
    '/payment-method',
    {
      schema: {
        tags: ['deliveries'],
        summary: "The deliverer's payout details (masked) and earnings",
        security: [{ bearerAuth: [] }],
        response: { 200: paymentMethodAnswer },
      },
      onRequest: deliverer,
    },
    async (request) => ({
      success: true,
      message: 'Payment method',
      data: await view(requireUser(request)),
    }),
  )

  app.post(
    '/payment-method',
    {
      schema: {
        tags: ['deliveries'],
        summary: 'Save payout details (stored masked: only the last four characters are kept)',
        security: [{ bearerAuth: [] }],
        body: payoutDetailsBody,
        response: { 200: paymentMethodAnswer },
      },
      onRequest: deliverer,
    },
    async (request) => {
      const user = requireUser(request)
      await savePayout(app.db, user.id, request.body)
      return { success: true, message: 'Payment method saved', data: await view(user) }
    },
  )
}
