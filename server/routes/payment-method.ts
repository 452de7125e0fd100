import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { paymentMethodAnswer, payoutDetailsBody, testOnboardQuery } from '../../contract/deliveries'
import { DomainError } from '../errors'
import { finishTestOnboarding } from '../services/payments/test-provider'
import { queuePayout } from '../services/payments/transfers'
import { requireUser } from '../plugins/auth'
import type { AuthUser } from '../types'
import { paymentMethodView, savePayout } from '../services/payouts'

/** GET/POST /api/payment-method: where a deliverer's payouts go, and what they earned. */
export const paymentMethodRoutes: FastifyPluginAsyncZod = async (app) => {
  const deliverer = app.requireRole('deliverer')
  const view = (user: AuthUser) =>
    paymentMethodView(app.db, {
      money: app.config.money,
      provider: app.payments,
      jobs: app.jobs,
      user,
      origin: app.publicOrigin(),
      log: (err) => app.log.warn({ err }, 'Payout account onboarding failed'),
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

  // The test provider's account link lands here: onboarding finishes (the link is used up) and
  // the deliverer is back on /payment-method, where their waiting money goes out.
  if (app.payments.name === 'test')
    app.get(
      '/test-payouts/onboard',
      {
        schema: {
          tags: ['deliveries'],
          summary: 'Finish test-mode payout onboarding (the account link of the test provider)',
          querystring: testOnboardQuery,
        },
      },
      async (request, reply) => {
        const userId = await finishTestOnboarding(app.db, request.query.token)
        if (!userId)
          throw new DomainError('INVALID_LINK', 'This payout setup link has expired or was used')
        await queuePayout(app.jobs, userId)
        return reply.redirect('/payment-method')
      },
    )
}
