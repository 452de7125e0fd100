import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  acceptSenderTermsAnswer,
  acceptSenderTermsBody,
  senderTermsAnswer,
  userConsentAnswer,
} from '../../contract/terms'
import { acceptSenderTerms, listTerms, senderTermsFor } from '../services/terms'
import { requireUser } from '../plugins/auth'

const tags = ['terms']
const security = [{ bearerAuth: [] }]

/**
 * GET /api/user-consent: the consent terms of both roles, oldest first (the PWA filters by role).
 * GET /api/sender-terms and POST /api/sender-terms/accept: the sender terms a sender accepts
 * before paying (decision 044).
 */
export const termsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user-consent',
    {
      schema: { tags, security, response: { 200: userConsentAnswer } },
      onRequest: app.authenticate,
    },
    async () => ({
      success: true,
      message: 'Terms retrieved successfully',
      data: await listTerms(app.db),
    }),
  )

  const sender = app.requireRole('sender')

  app.get(
    '/sender-terms',
    {
      schema: {
        tags,
        summary: 'The current sender terms, their version and when the caller accepted them',
        security,
        response: { 200: senderTermsAnswer },
      },
      onRequest: sender,
    },
    async (request) => {
      const current = await senderTermsFor(app.db, requireUser(request).id)
      return {
        success: true,
        message: 'Sender terms retrieved successfully',
        data: {
          version: current.version,
          terms: current.terms,
          accepted_at: current.acceptedAt?.toISOString() ?? null,
        },
      }
    },
  )

  app.post(
    '/sender-terms/accept',
    {
      schema: {
        tags,
        summary: 'Accept this version of the sender terms (409 SENDER_TERMS_CHANGED if replaced)',
        security,
        body: acceptSenderTermsBody,
        response: { 200: acceptSenderTermsAnswer },
      },
      onRequest: sender,
    },
    async (request) => {
      const accepted = await acceptSenderTerms(
        app.db,
        requireUser(request).id,
        request.body.version,
      )
      return {
        success: true,
        message: 'Sender terms accepted',
        data: { version: accepted.version, accepted_at: accepted.acceptedAt.toISOString() },
      }
    },
  )
}
