import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { messageOnly } from '../../contract/envelope'
import {
  notificationAnswer,
  notificationParams,
  notificationPreferencesAnswer,
  notificationPreferencesBody,
  NOT_YOUR_KIND,
  notificationsAnswer,
  notificationsQuery,
  pushKeyAnswer,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  unreadCountAnswer,
} from '../../contract/notifications'
import { DomainError } from '../errors'
import { requireUser } from '../plugins/auth'
import {
  foreignKinds,
  mailPreferences,
  saveMailPreferences,
} from '../services/notification-preferences'
import { checkOutboundUrl } from '../services/outbound-guard'
import {
  deletePushSubscription,
  ENDPOINT_REFUSED,
  PUSH_NOT_SET_UP,
  savePushSubscription,
} from '../services/push'
import {
  listNotifications,
  markAllRead,
  markRead,
  toNotificationView,
  unreadCount,
} from '../services/user-notifications'

const NOTIFICATION_NOT_FOUND = 'Notification not found'

const security = [{ bearerAuth: [] }]

/**
 * The bell (GET /api/notifications, unread-count, read, read-all) and Web Push subscriptions
 * (GET /api/push/public-key, POST and DELETE /api/push-subscriptions), for any signed-in user.
 * Someone else's notification or an unknown id is a 404. GET and PUT /api/notification-preferences:
 * which kinds the user gets by mail (decision 033).
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = app.authenticate

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The user's notifications, newest first, with the unread count",
        security,
        querystring: notificationsQuery,
        response: { 200: notificationsAnswer },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const { page, per_page } = request.query
      const { rows, total, unread } = await listNotifications(app.db, requireUser(request).id, {
        page,
        perPage: per_page,
      })
      return {
        success: true,
        message: 'Notifications',
        data: {
          notifications: rows.map(toNotificationView),
          unread,
          pagination: { current_page: page, per_page, total },
        },
      }
    },
  )

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags: ['notifications'],
        summary: 'How many notifications are unread (the bell)',
        security,
        response: { 200: unreadCountAnswer },
      },
      onRequest: signedIn,
    },
    async (request) => ({
      success: true,
      message: 'Unread notifications',
      data: { unread: await unreadCount(app.db, requireUser(request).id) },
    }),
  )

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark one notification read',
        security,
        params: notificationParams,
        response: { 200: notificationAnswer },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const row = await markRead(app.db, requireUser(request).id, request.params.id)
      if (!row) throw new DomainError('NOTIFICATION_NOT_FOUND', NOTIFICATION_NOT_FOUND)
      return {
        success: true,
        message: 'Notification read',
        data: { notification: toNotificationView(row) },
      }
    },
  )

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark every notification read; answers the new unread count (0)',
        security,
        response: { 200: unreadCountAnswer },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const user = requireUser(request)
      await markAllRead(app.db, user.id)
      return {
        success: true,
        message: 'All notifications read',
        data: { unread: await unreadCount(app.db, user.id) },
      }
    },
  )

  app.get(
    '/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Which kinds of notification the user also gets by mail',
        security,
        response: { 200: notificationPreferencesAnswer },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const user = requireUser(request)
      return {
        success: true,
        message: 'Notification preferences',
        data: { preferences: await mailPreferences(app.db, user.id, user.role) },
      }
    },
  )

  app.put(
    '/notification-preferences',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Turn mail on or off per kind of notification (the in-app bell stays)',
        security,
        body: notificationPreferencesBody,
        response: { 200: notificationPreferencesAnswer },
      },
      onRequest: signedIn,
    },
    async (request) => {
      const user = requireUser(request)
      if (foreignKinds(user.role, request.body).length > 0)
        throw new DomainError('VALIDATION_FAILED', NOT_YOUR_KIND, {
          errors: { preferences: [NOT_YOUR_KIND] },
        })
      await saveMailPreferences(app.db, user.id, request.body)
      return {
        success: true,
        message: 'Notification preferences saved',
        data: { preferences: await mailPreferences(app.db, user.id, user.role) },
      }
    },
  )

  app.get(
    '/push/public-key',
    {
      schema: {
        tags: ['notifications'],
        summary: 'The VAPID public key for PushManager.subscribe (404 when push is off)',
        security,
        response: { 200: pushKeyAnswer },
      },
      onRequest: signedIn,
    },
    async () => {
      if (!app.vapid) throw new DomainError('PUSH_NOT_SET_UP', PUSH_NOT_SET_UP)
      return {
        success: true,
        message: 'Push public key',
        data: { public_key: app.vapid.publicKey },
      }
    },
  )

  app.post(
    '/push-subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Subscribe this browser to Web Push (the same endpoint again replaces it)',
        security,
        body: pushSubscriptionBody,
        response: { 201: messageOnly },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      if (!app.vapid) throw new DomainError('PUSH_NOT_SET_UP', PUSH_NOT_SET_UP)
      // The server will POST to this address: the outbound guard's static checks (decision 026).
      const checked = checkOutboundUrl(request.body.endpoint, app.config.pushServiceHosts)
      if (!checked.ok) throw new DomainError('VALIDATION_FAILED', ENDPOINT_REFUSED[checked.problem])
      await savePushSubscription(app.db, requireUser(request).id, request.body)
      return reply.code(201).send({ success: true, message: 'Push notifications on' })
    },
  )

  app.delete(
    '/push-subscriptions',
    {
      schema: {
        tags: ['notifications'],
        summary: "Unsubscribe this browser (the caller's own subscription only)",
        security,
        body: pushUnsubscribeBody,
        response: { 200: messageOnly },
      },
      onRequest: signedIn,
    },
    async (request) => {
      // Success whether or not it was subscribed: the browser wants it gone, and it is.
      await deletePushSubscription(app.db, requireUser(request).id, request.body.endpoint)
      return { success: true, message: 'Push notifications off' }
    },
  )
}
