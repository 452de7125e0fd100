import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { notifications, pushSubscriptions, trips } from '../db/schema'
import { PUSH_NOT_SET_UP, resolveVapid } from '../services/push'
import { notifyTripsOfItem } from '../services/trip-alerts'
import { bearer, createItem, createUser, type TestUser } from '../testing/fixtures'
import { testNetwork, type TestNetwork } from '../testing/outbound-network'
import { backends, createTestApp, lastMail, type TestApp } from '../testing/test-app'

const DAY_MS = 24 * 60 * 60 * 1000
const utcDay = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10)
const BERLIN = { lat: 52.52, lng: 13.405, address: 'Berlin, Germany' }
const MUNICH = { lat: 48.1372, lng: 11.5756, address: 'Munich, Germany' }
const HAMBURG = { lat: 53.5511, lng: 9.9937 }

/** A browser's push subscription: its own P-256 key pair and auth secret, to decrypt with. */
function browser(endpoint: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    body: {
      endpoint,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
      },
    },
    /** RFC 8291 (aes128gcm, one record): what the push service would hand the browser. */
    decrypt(message: Buffer): unknown {
      const salt = message.subarray(0, 16)
      const idLength = message.readUInt8(20)
      const serverKey = message.subarray(21, 21 + idLength)
      const record = message.subarray(21 + idLength)
      const secret = ecdh.computeSecret(serverKey)
      const info = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey])
      const ikm = Buffer.from(hkdfSync('sha256', secret, auth, info, 32))
      const key = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16))
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12))
      const decipher = createDecipheriv('aes-128-gcm', key, nonce)
      decipher.setAuthTag(record.subarray(record.length - 16))
      const plain = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ])
      // The last record ends with the delimiter 0x02, then padding zeros.
      return JSON.parse(plain.subarray(0, plain.lastIndexOf(2)).toString('utf8'))
    },
  }
}

/** Where the test's push service (push.example, standing in for FCM and the others) is. */
const PUSH_SERVICE_ADDRESS = '142.250.185.10'

// The network (there is none here): the guard's resolver asks these names, and each connection is
// recorded and served by a local stand-in for the push service, which gets web-push's real
// request (VAPID header, encrypted body). /gone answers 410.
let net: TestNetwork
beforeAll(async () => {
  net = await testNetwork(
    {
      'push.example': [PUSH_SERVICE_ADDRESS],
      // Names under an allowed host whose DNS points inside the server's network.
      'loopback.push.example': ['127.0.0.1'],
      'metadata.push.example': ['169.254.169.254'],
      'mapped.push.example': ['::ffff:127.0.0.1'],
      'ula.push.example': ['fd00::1'],
    },
    (url) => (url.endsWith('/gone') ? 410 : 201),
  )
})
afterAll(() => net?.close())
const pushed = () => net.received

describe.each(backends)('trip matching and notifications on %s', (backend) => {
  let t: TestApp
  let admin: TestUser
  let sender: TestUser
  let d1: TestUser
  const phone = browser('https://push.example/d1-phone')
  beforeAll(async () => {
    t = await createTestApp(
      backend,
      // The test's push service stands in for FCM and the others.
      { APP_ORIGIN: 'https://tote.example', PUSH_SERVICE_HOSTS: 'push.example' },
      { jobWorker: false, outboundNetwork: net.network },
    )
    admin = await createUser(t.app, { role: 'admin' })
    sender = await createUser(t.app, { role: 'sender' })
    d1 = await createUser(t.app, { role: 'deliverer' })
    expect((await saveTrip(d1, 10)).statusCode).toBe(201)
    expect((await call(d1, 'POST', '/push-subscriptions', phone.body)).statusCode).toBe(201)
  })
  afterEach(() => {
    net.received.length = 0
    net.connections.length = 0
  })
  afterAll(() => t?.close())

  const call = (
    user: TestUser | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: user ? bearer(user) : {},
      ...(payload ? { payload } : {}),
    })
  /** Berlin -> Munich in three days, saved through the API (its route cells computed). */
  const saveTrip = (user: TestUser, radiusKm: number) =>
    call(user, 'POST', '/trips', {
      origin_address: BERLIN,
      destination_address: MUNICH,
      radius_km: radiusKm,
      travel_date: utcDay(3),
    })
  const approve = async (itemId: string, decision: 'approved' | 'rejected' = 'approved') => {
    const res = await call(admin, 'POST', '/admin/sending-approval', {
      item_id: itemId,
      decision,
    })
    expect(res.statusCode).toBe(200)
  }
  /** The matching job's handler, run by hand with what the app registered it with. */
  const match = (itemId: string) =>
    notifyTripsOfItem(
      { db: t.app.db, jobs: t.app.jobs, publicOrigin: t.app.publicOrigin, pushEnabled: true },
      itemId,
    )
  const notificationsOf = (user: TestUser, itemId: string) =>
    t.app.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, user.id),
          eq(notifications.itemId, itemId),
          eq(notifications.kind, 'trip_match'),
        ),
      )
  const tripOf = async (user: TestUser, over: Partial<typeof trips.$inferInsert> = {}) => {
    const [row] = await t.app.db
      .insert(trips)
      .values({
        delivererId: user.id,
        originLat: BERLIN.lat,
        originLng: BERLIN.lng,
        originAddress: BERLIN.address,
        destinationLat: MUNICH.lat,
        destinationLng: MUNICH.lng,
        destinationAddress: MUNICH.address,
        radiusKm: 10,
        travelDate: utcDay(1),
        ...over,
      })
      .returning()
    return row
  }

  it('tells the deliverer once of an approved item on their trip: bell, mail and push', async () => {
    const item = await createItem(t.app, sender.id, { name: 'Guitar', fromLat: 52.53 })
    await approve(item.id)
    await t.app.jobs.drain()

    const list = await call(d1, 'GET', '/notifications')
    expect(list.statusCode).toBe(200)
    const [trip] = await t.app.db.select().from(trips).where(eq(trips.delivererId, d1.id))
    expect(list.json().data).toEqual({
      notifications: [
        {
          id: expect.any(String),
          kind: 'trip_match',
          title: 'New item on your trip "Berlin → Munich"',
          body: 'Guitar: Berlin → Munich',
          link: `/available-items/${item.id}`,
          item_id: item.id,
          trip_id: trip?.id,
          item_open: true,
          read_at: null,
          created_at: expect.any(String),
        },
      ],
      unread: 1,
      pagination: { current_page: 1, per_page: 20, total: 1 },
    })

    const { mail, count } = await lastMail(t.app, d1.email)
    expect(count).toBe(1)
    expect(mail?.subject).toBe('An item on your trip "Berlin → Munich"')
    expect(mail?.text).toContain(`https://tote.example/available-items/${item.id}`)
    expect(mail?.text).toContain('"Guitar"')

    expect(pushed()).toHaveLength(1)
    const [push] = pushed()
    expect(push?.url).toBe('https://push.example/d1-phone')
    expect(push?.headers['content-encoding']).toBe('aes128gcm')
    expect(push?.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.app.vapid?.publicKey}$`),
    )
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0)
    // Signed for the host it was sent to, over a connection to that host's checked address.
    const jwt = /^vapid t=[\w-]+\.([\w-]+)\./.exec(push?.headers.authorization ?? '')?.[1] ?? ''
    expect(JSON.parse(Buffer.from(jwt, 'base64url').toString()).aud).toBe('https://push.example')
    expect(net.connections).toEqual([
      { address: PUSH_SERVICE_ADDRESS, port: 443, servername: 'push.example' },
    ])
    expect(phone.decrypt(push?.body ?? Buffer.alloc(0))).toEqual({
      title: 'New item on your trip "Berlin → Munich"',
      body: 'Guitar: Berlin → Munich',
      link: `/available-items/${item.id}`,
    })

    // Approved again, and the job run again: nobody hears of it twice.
    await approve(item.id)
    await t.app.jobs.drain()
    expect(await match(item.id)).toBe(0)
    await t.app.jobs.drain()
    expect(await notificationsOf(d1, item.id)).toHaveLength(1)
    expect((await lastMail(t.app, d1.email)).count).toBe(1)
    expect(pushed()).toHaveLength(1)
  })

  it('notifies once under parallel approvals and parallel matching jobs', async () => {
    const item = await createItem(t.app, sender.id, { name: 'Drum' })
    await Promise.all([approve(item.id), approve(item.id), approve(item.id)])
    await Promise.all([match(item.id), match(item.id), t.app.jobs.drain()])
    await t.app.jobs.drain()
    expect(await notificationsOf(d1, item.id)).toHaveLength(1)
    expect(pushed()).toHaveLength(1)
  })

  it('tells nobody of their own item, of a past trip, an item off the route, due before the trip or rejected', async () => {
    // A deliverer who sends an item along their own trip (set up in the database).
    const own = await createUser(t.app, { role: 'deliverer' })
    await tripOf(own)
    const ownItem = await createItem(t.app, own.id)
    // A trip whose day is past (the API refuses those; an old trip stays saved).
    const late = await createUser(t.app, { role: 'deliverer' })
    await tripOf(late, { travelDate: utcDay(-2) })
    await approve(ownItem.id)
    await t.app.jobs.drain()
    expect(await notificationsOf(own, ownItem.id)).toHaveLength(0)
    expect(await notificationsOf(late, ownItem.id)).toHaveLength(0)
    expect(await notificationsOf(d1, ownItem.id)).toHaveLength(1)

    const offRoute = await createItem(t.app, sender.id, { toLat: HAMBURG.lat, toLng: HAMBURG.lng })
    // Picked up in Berlin, dropped 15 km beyond Munich (south, past the route's end): outside
    // the 10 km corridor (15 km north would lie on the way and match).
    const nearMiss = await createItem(t.app, sender.id, { toLat: 48.0022 })
    const rejected = await createItem(t.app, sender.id)
    // Due the day before d1 travels (utcDay(3)): they could not bring it on time.
    const tooSoon = await createItem(t.app, sender.id, {
      deliveryDeadline: new Date(`${utcDay(2)}T18:00:00Z`),
    })
    await approve(tooSoon.id)
    await approve(offRoute.id)
    await approve(nearMiss.id)
    await approve(rejected.id, 'rejected')
    await t.app.jobs.drain()
    expect(await match(rejected.id)).toBe(0)
    for (const item of [offRoute, nearMiss, rejected, tooSoon])
      expect(await notificationsOf(d1, item.id)).toHaveLength(0)
  })

  it('asks the trips whose route cells hold the item, and the older trips without cells', async () => {
    // Saved through the API: the corridor's cells are stored and hold an item on the route.
    const [saved] = await t.app.db.select().from(trips).where(eq(trips.delivererId, d1.id))
    const onRoute = await createItem(t.app, sender.id)
    expect(saved?.routeCells?.length).toBeGreaterThan(0)
    expect(saved?.routeCells).toContain(onRoute.routeCell)
    expect(saved?.routeCells).not.toContain(
      (await createItem(t.app, sender.id, { toLat: HAMBURG.lat, toLng: HAMBURG.lng })).routeCell,
    )
    // A trip from before route cells (none stored) is still asked, by the route rule alone.
    const older = await createUser(t.app, { role: 'deliverer' })
    await tripOf(older)
    await approve(onRoute.id)
    await t.app.jobs.drain()
    expect(await notificationsOf(d1, onRoute.id)).toHaveLength(1)
    expect(await notificationsOf(older, onRoute.id)).toHaveLength(1)
  })

  it('asks a trip too wide for 1° route cells by its coarser cells', async () => {
    // Berlin -> Munich 200 km either side: thousands of 1° pairs; the trip keeps coarser ones.
    const wide = await createUser(t.app, { role: 'deliverer' })
    expect((await saveTrip(wide, 200)).statusCode).toBe(201)
    const [row] = await t.app.db.select().from(trips).where(eq(trips.delivererId, wide.id))
    expect(row?.routeCells?.length).toBeGreaterThan(0)
    const onRoute = await createItem(t.app, sender.id, { fromLat: 51.5, toLat: 49 })
    expect(row?.routeCells).not.toContain(onRoute.routeCell)
    // Picked up in Berlin, dropped in Hamburg: 250 km behind the trip's start, off its route.
    const offRoute = await createItem(t.app, sender.id, { toLat: HAMBURG.lat, toLng: HAMBURG.lng })
    await approve(onRoute.id)
    await approve(offRoute.id)
    await t.app.jobs.drain()
    expect(await notificationsOf(wide, onRoute.id)).toHaveLength(1)
    expect(await notificationsOf(wide, offRoute.id)).toHaveLength(0)
  })

  it('deletes a subscription the push service says is gone, and names the trip', async () => {
    const d4 = await createUser(t.app, { role: 'deliverer' })
    await tripOf(d4, { name: 'Work trip' })
    expect(
      (await call(d4, 'POST', '/push-subscriptions', browser('https://push.example/gone').body))
        .statusCode,
    ).toBe(201)
    const item = await createItem(t.app, sender.id)
    await approve(item.id)
    await t.app.jobs.drain()
    expect(await notificationsOf(d4, item.id)).toMatchObject([
      { title: 'New item on your trip "Work trip"' },
    ])
    expect((await lastMail(t.app, d4.email)).mail?.subject).toBe('An item on your trip "Work trip"')
    const left = await t.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, d4.id))
    expect(left).toEqual([])
  })

  it('says whether the item of a trip notification is still open', async () => {
    const d = await createUser(t.app, { role: 'deliverer' })
    const open = await createItem(t.app, sender.id, { sendingApproval: 'approved' })
    const taken = await createItem(t.app, sender.id, {
      sendingApproval: 'approved',
      status: 'cancelled',
    })
    const notice = (itemId: string, kind: 'trip_match' | 'request_rejected', minutes: number) => ({
      userId: d.id,
      kind,
      itemId,
      title: `${kind} ${itemId}`,
      body: 'Body',
      link: `/available-items/${itemId}`,
      createdAt: new Date(Date.now() - minutes * 60_000),
    })
    await t.app.db
      .insert(notifications)
      .values([
        notice(open.id, 'trip_match', 3),
        notice(taken.id, 'trip_match', 2),
        notice(taken.id, 'request_rejected', 1),
      ])
    const list = (await call(d, 'GET', '/notifications')).json().data.notifications
    expect(
      list.map((n: { kind: string; item_id: string; item_open: boolean | null }) => [
        n.kind,
        n.item_id,
        n.item_open,
      ]),
    ).toEqual([
      ['request_rejected', taken.id, null],
      ['trip_match', taken.id, false],
      ['trip_match', open.id, true],
    ])
  })

  it('keeps a notification when its trip is deleted', async () => {
    const d6 = await createUser(t.app, { role: 'deliverer' })
    const trip = await tripOf(d6)
    const item = await createItem(t.app, sender.id)
    await approve(item.id)
    await t.app.jobs.drain()
    expect((await call(d6, 'DELETE', `/trips/${trip?.id}`)).statusCode).toBe(200)
    expect(await notificationsOf(d6, item.id)).toMatchObject([{ tripId: null }])
  })

  it('reads one, reads all, counts and pages; another user’s notification is a 404', async () => {
    const user = await createUser(t.app, { role: 'sender' })
    const stranger = await createUser(t.app, { role: 'deliverer' })
    const rows = await t.app.db
      .insert(notifications)
      .values(
        [1, 2, 3].map((n) => ({
          userId: user.id,
          kind: 'trip_match',
          title: `Notice ${n}`,
          body: 'Body',
          link: '/available-items/x',
          createdAt: new Date(Date.now() - (10 - n) * 60_000),
        })),
      )
      .returning()
    const unread = async (who: TestUser) =>
      (await call(who, 'GET', '/notifications/unread-count')).json().data.unread
    expect(await unread(user)).toBe(3)

    const page = await call(user, 'GET', '/notifications?page=2&per_page=2')
    expect(page.json().data).toMatchObject({
      notifications: [{ title: 'Notice 1' }],
      unread: 3,
      pagination: { current_page: 2, per_page: 2, total: 3 },
    })
    const first = await call(user, 'GET', '/notifications?per_page=2')
    expect(first.json().data.notifications.map((n: { title: string }) => n.title)).toEqual([
      'Notice 3',
      'Notice 2',
    ])

    const target = rows[1]?.id ?? ''
    const read = await call(user, 'POST', `/notifications/${target}/read`)
    expect(read.statusCode).toBe(200)
    const readAt = read.json().data.notification.read_at
    expect(readAt).toEqual(expect.any(String))
    expect(await unread(user)).toBe(2)
    // Reading again keeps the first time.
    const again = await call(user, 'POST', `/notifications/${target}/read`)
    expect(again.json().data.notification.read_at).toBe(readAt)

    const notFound = {
      success: false,
      message: 'Notification not found',
      code: 'NOTIFICATION_NOT_FOUND',
    }
    const theirs = await call(stranger, 'POST', `/notifications/${rows[0]?.id}/read`)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toEqual(notFound)
    const unknown = await call(
      user,
      'POST',
      '/notifications/00000000-0000-4000-8000-000000000000/read',
    )
    expect(unknown.statusCode).toBe(404)
    expect((await call(user, 'POST', '/notifications/nope/read')).statusCode).toBe(400)
    expect(await unread(user)).toBe(2)
    expect((await call(stranger, 'GET', '/notifications')).json().data.notifications).toEqual([])

    const all = await call(user, 'POST', '/notifications/read-all')
    expect(all.json()).toEqual({
      success: true,
      message: 'All notifications read',
      data: { unread: 0 },
    })
    expect(await unread(user)).toBe(0)
    expect((await call(null, 'GET', '/notifications')).statusCode).toBe(401)
    expect((await call(null, 'GET', '/notifications/unread-count')).statusCode).toBe(401)
  })

  it('subscribes, moves an endpoint to whoever subscribes it again, and unsubscribes', async () => {
    const key = await call(sender, 'GET', '/push/public-key')
    expect(key.statusCode).toBe(200)
    expect(key.json().data.public_key).toBe(t.app.vapid?.publicKey)
    expect(Buffer.from(key.json().data.public_key, 'base64url')).toHaveLength(65)
    expect((await call(null, 'GET', '/push/public-key')).statusCode).toBe(401)

    const a = await createUser(t.app, { role: 'sender' })
    const b = await createUser(t.app, { role: 'admin' })
    const tablet = browser('https://push.example/shared-tablet')
    const owner = async () =>
      (
        await t.app.db
          .select()
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.endpoint, tablet.body.endpoint))
      ).map((s) => ({ userId: s.userId, p256dh: s.p256dh }))
    expect((await call(a, 'POST', '/push-subscriptions', tablet.body)).statusCode).toBe(201)
    const fresh = browser(tablet.body.endpoint)
    expect((await call(b, 'POST', '/push-subscriptions', fresh.body)).statusCode).toBe(201)
    expect(await owner()).toEqual([{ userId: b.id, p256dh: fresh.body.keys.p256dh }])

    const plain = { ...tablet.body, endpoint: 'http://push.example/insecure' }
    const refused = await call(a, 'POST', '/push-subscriptions', plain)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().message).toBe('Endpoint must be an https URL')

    // The server posts to the endpoint: only push services, never an address inside its network.
    for (const endpoint of ['https://localhost/', 'https://push.example.evil.test/x']) {
      const inside = await call(a, 'POST', '/push-subscriptions', { ...tablet.body, endpoint })
      expect(inside.statusCode).toBe(400)
      expect(inside.json().message).toBe("Endpoint must be a browser push service's address")
    }
    expect(await owner()).toEqual([{ userId: b.id, p256dh: fresh.body.keys.p256dh }])

    // Someone else's endpoint stays subscribed.
    const off = await call(a, 'DELETE', '/push-subscriptions', { endpoint: tablet.body.endpoint })
    expect(off.statusCode).toBe(200)
    expect(await owner()).toHaveLength(1)
    await call(b, 'DELETE', '/push-subscriptions', { endpoint: tablet.body.endpoint })
    expect(await owner()).toEqual([])
  })
})

describe.each(backends)('push endpoints the server would be made to call, on %s', (backend) => {
  let t: TestApp
  let admin: TestUser
  let sender: TestUser
  beforeAll(async () => {
    t = await createTestApp(
      backend,
      { APP_ORIGIN: 'https://tote.example', PUSH_SERVICE_HOSTS: 'push.example' },
      { jobWorker: false, outboundNetwork: net.network },
    )
    admin = await createUser(t.app, { role: 'admin' })
    sender = await createUser(t.app, { role: 'sender' })
  })
  afterEach(() => {
    net.received.length = 0
    net.connections.length = 0
  })
  afterAll(() => t?.close())
  const subscribe = (user: TestUser, endpoint: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/push-subscriptions',
      headers: bearer(user),
      payload: browser(endpoint).body,
    })
  const subscriptionsOf = async (user: TestUser) =>
    (
      await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))
    ).map((s) => s.endpoint)

  it('refuses (400, nothing stored) an endpoint another URL parser would read as another host', async () => {
    const user = await createUser(t.app, { role: 'deliverer' })
    for (const [endpoint, message] of [
      // Node's url.parse (which web-push connected with) reads each of these hosts as 127.0.0.1.
      [
        'https://127.0.0.1;.push.example/x',
        'Endpoint host may hold only a-z, 0-9, dots and hyphens',
      ],
      [
        "https://127.0.0.1'.push.example/x",
        'Endpoint host may hold only a-z, 0-9, dots and hyphens',
      ],
      [
        'https://127.0.0.1".push.example/x',
        'Endpoint host may hold only a-z, 0-9, dots and hyphens',
      ],
      [
        'https://127.0.0.1`.push.example/x',
        'Endpoint host may hold only a-z, 0-9, dots and hyphens',
      ],
      [
        'https://127.0.0.1{.push.example/x',
        'Endpoint host may hold only a-z, 0-9, dots and hyphens',
      ],
      [
        'https://127.0.0.1}.push.example/x',
        'Endpoint host may hold only a-z, 0-9, dots and hyphens',
      ],
      ['https://PUSH.example/x', 'Endpoint host may hold only a-z, 0-9, dots and hyphens'],
      ['https://push.example./x', 'Endpoint host may hold only a-z, 0-9, dots and hyphens'],
      ['https://push.example:8302/x', 'Endpoint must not name a port other than 443'],
      ['https://localhost:5432/', 'Endpoint must not name a port other than 443'],
      ['https://a@push.example/x', 'Endpoint must not hold a user name or password'],
      ['https://169.254.169.254/latest/meta-data', 'Endpoint must name a host, not an IP address'],
      ['https://2130706433/x', 'Endpoint must name a host, not an IP address'],
      ['https://0x7f000001/x', 'Endpoint must name a host, not an IP address'],
      ['https://[::1]/x', 'Endpoint must name a host, not an IP address'],
    ]) {
      const res = await subscribe(user, endpoint!)
      expect({ endpoint, status: res.statusCode, body: res.json() }).toEqual({
        endpoint,
        status: 400,
        body: { success: false, message, code: 'VALIDATION_FAILED' },
      })
    }
    expect(await subscriptionsOf(user)).toEqual([])
    expect((await subscribe(user, 'https://push.example:443/ok')).statusCode).toBe(201)
    expect(await subscriptionsOf(user)).toEqual(['https://push.example:443/ok'])
  })

  it('sends a trip alert only to the push service: never to a name resolving inside the network', async () => {
    const d = await createUser(t.app, { role: 'deliverer' })
    await t.app.db.insert(trips).values({
      delivererId: d.id,
      originLat: BERLIN.lat,
      originLng: BERLIN.lng,
      originAddress: BERLIN.address,
      destinationLat: MUNICH.lat,
      destinationLng: MUNICH.lng,
      destinationAddress: MUNICH.address,
      radiusKm: 10,
      travelDate: utcDay(1),
    })
    // Names under an allowed host pass the checks on their face; their DNS points inside.
    const inside = ['loopback', 'metadata', 'mapped', 'ula'].map(
      (name) => `https://${name}.push.example/${d.id}`,
    )
    for (const endpoint of inside) expect((await subscribe(d, endpoint)).statusCode).toBe(201)
    expect((await subscribe(d, 'https://push.example/legit')).statusCode).toBe(201)
    // Stored before the route refused such endpoints: url.parse would connect to 127.0.0.1.
    const old = browser('https://127.0.0.1;.push.example/old').body
    await t.app.db.insert(pushSubscriptions).values({
      userId: d.id,
      endpoint: old.endpoint,
      p256dh: old.keys.p256dh,
      auth: old.keys.auth,
    })

    const item = await createItem(t.app, sender.id, { name: 'Lamp' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sending-approval',
      headers: bearer(admin),
      payload: { item_id: item.id, decision: 'approved' },
    })
    expect(res.statusCode).toBe(200)
    await t.app.jobs.drain()

    expect(net.connections).toEqual([
      { address: PUSH_SERVICE_ADDRESS, port: 443, servername: 'push.example' },
    ])
    expect(net.received.map((r) => r.url)).toEqual(['https://push.example/legit'])
    // The refused names stay (DNS may change back) and are logged; the old one is deleted.
    expect((await subscriptionsOf(d)).sort()).toEqual(
      [...inside, 'https://push.example/legit'].sort(),
    )
    expect(t.logs.filter((l) => l.includes('outbound calls may not reach'))).toHaveLength(4)
    expect(t.logs.some((l) => l.includes('push endpoint refused'))).toBe(true)
  })
})

describe('VAPID keys', () => {
  const dirs: string[] = []
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tote-vapid-'))
    dirs.push(dir)
    return dir
  }
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))
  const base = { vapidSubject: 'mailto:no-reply@tote.local', isProduction: false }

  it('generates a pair once into DATA_DIR (0600) and reuses it', () => {
    const dir = dataDir()
    const first = resolveVapid({ ...base, vapid: undefined, dataDir: dir })
    const second = resolveVapid({ ...base, vapid: undefined, dataDir: dir })
    expect(first?.publicKey).toBeTruthy()
    expect(second).toEqual(first)
    expect(statSync(path.join(dir, 'vapid.json')).mode & 0o777).toBe(0o600)
  })

  it('takes the keys from the environment, and is off in production without them', () => {
    const vapid = { publicKey: 'pub', privateKey: 'priv' }
    expect(resolveVapid({ ...base, vapid, dataDir: dataDir() })).toEqual({
      ...vapid,
      subject: 'mailto:no-reply@tote.local',
    })
    expect(
      resolveVapid({ ...base, isProduction: true, vapid: undefined, dataDir: dataDir() }),
    ).toBeNull()
  })

  it('answers 404 to the public key and subscriptions when push is off', async () => {
    const t = await createTestApp('pglite', {
      NODE_ENV: 'production',
      APP_ORIGIN: 'https://tote.example',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    })
    try {
      const user = await createUser(t.app, { role: 'deliverer' })
      const key = await t.app.inject({
        method: 'GET',
        url: '/api/push/public-key',
        headers: bearer(user),
      })
      expect(key.statusCode).toBe(404)
      expect(key.json()).toEqual({
        success: false,
        message: PUSH_NOT_SET_UP,
        code: 'PUSH_NOT_SET_UP',
      })
      const sub = await t.app.inject({
        method: 'POST',
        url: '/api/push-subscriptions',
        headers: bearer(user),
        payload: browser('https://push.example/x').body,
      })
      expect(sub.statusCode).toBe(404)
    } finally {
      await t.close()
    }
  })
})
