import { afterEach, describe, expect, it } from 'vitest'
import { testNetwork, type TestNetwork } from '../testing/outbound-network'
import {
  checkOutboundUrl,
  isPublicAddress,
  OutboundRefusedError,
  sendOutbound,
  systemNetwork,
  type OutboundProblem,
  type OutboundTarget,
} from './outbound-guard'

const FCM = ['fcm.googleapis.com', 'notify.windows.com']
const PUBLIC_V4 = '142.250.185.10'

describe('checkOutboundUrl', () => {
  // Each was accepted by the WHATWG check while Node's url.parse (which web-push connected with)
  // read the host as 127.0.0.1, or reaches a port or an address the server must not call.
  it.each<[string, OutboundProblem]>([
    ['https://127.0.0.1;.fcm.googleapis.com/x', 'host'],
    ["https://127.0.0.1'.fcm.googleapis.com/x", 'host'],
    ['https://127.0.0.1".fcm.googleapis.com/x', 'host'],
    ['https://127.0.0.1`.fcm.googleapis.com/x', 'host'],
    ['https://127.0.0.1{.fcm.googleapis.com/x', 'host'],
    ['https://127.0.0.1}.fcm.googleapis.com/x', 'host'],
    ['https://127.0.0.1\\.fcm.googleapis.com/x', 'host'],
    ['https://127.0.0.1%2f.fcm.googleapis.com/x', 'host'],
    ['https://127.0.0.1\t.fcm.googleapis.com/x', 'host'],
    ['https://fcm.googleapis.com:8302/', 'port'],
    ['https://fcm.googleapis.com:0443/', 'port'],
    ['https://fcm.googleapis.com:/x', 'port'],
    ['https://a@fcm.googleapis.com/x', 'userinfo'],
    ['https://a:b@fcm.googleapis.com/x', 'userinfo'],
    ['https://fcm.googleapis.com:443@127.0.0.1/x', 'userinfo'],
    ['https://127.0.0.1/x', 'ip-literal'],
    ['https://2130706433/x', 'ip-literal'],
    ['https://0x7f000001/x', 'ip-literal'],
    ['https://0177.0.0.1/x', 'ip-literal'],
    ['https://127.1/x', 'ip-literal'],
    ['https://169.254.169.254/latest/meta-data', 'ip-literal'],
    ['https://[::1]/x', 'ip-literal'],
    ['https://[::ffff:127.0.0.1]:443/x', 'ip-literal'],
    ['https://fcm.googleapis.com./x', 'host'],
    ['https://FCM.googleapis.com/x', 'host'],
    ['https://fcm..googleapis.com/x', 'host'],
    ['https://-fcm.googleapis.com/x', 'host'],
    ['https:///fcm.googleapis.com/x', 'host'],
    ['http://fcm.googleapis.com/x', 'not-https'],
    ['HTTPS://fcm.googleapis.com/x', 'not-https'],
    [' https://fcm.googleapis.com/x', 'not-https'],
    ['https:fcm.googleapis.com/x', 'not-https'],
    ['https://fcm.googleapis.com.evil.test/x', 'not-allowed'],
    ['https://evilfcm.googleapis.com/x', 'not-allowed'],
    ['https://localhost/x', 'not-allowed'],
  ])('refuses %j (%s)', (raw, problem) => {
    expect(checkOutboundUrl(raw, FCM)).toEqual({ ok: false, problem })
  })

  it('accepts a push service address, and keeps the form it will connect to', () => {
    const target = (raw: string) => {
      const checked = checkOutboundUrl(raw, FCM)
      if (!checked.ok) throw new Error(checked.problem)
      return {
        hostname: checked.target.hostname,
        path: checked.target.path,
        url: checked.target.url,
      }
    }
    expect(target('https://fcm.googleapis.com/fcm/send/dXk:APA91b-x_y')).toEqual({
      hostname: 'fcm.googleapis.com',
      path: '/fcm/send/dXk:APA91b-x_y',
      url: 'https://fcm.googleapis.com/fcm/send/dXk:APA91b-x_y',
    })
    expect(target('https://fcm.googleapis.com:443/x#frag').url).toBe('https://fcm.googleapis.com/x')
    expect(target('https://wns2-by3p.notify.windows.com/w/?token=BQ%2fA+b=')).toEqual({
      hostname: 'wns2-by3p.notify.windows.com',
      path: '/w/?token=BQ%2fA+b=',
      url: 'https://wns2-by3p.notify.windows.com/w/?token=BQ%2fA+b=',
    })
  })
})

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.5',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.100.100.200',
    '0.0.0.0',
    '0.1.2.3',
    '192.0.0.192',
    '198.18.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fd00::',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:8.8.8.8',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2001:db8::1',
    '2002:7f00:1::1',
    '2001::1',
    '127.1',
    '2130706433',
    'localhost',
    '',
  ])('refuses %j', (address) => {
    expect(isPublicAddress(address)).toBe(false)
  })

  it.each(['8.8.8.8', PUBLIC_V4, '172.32.0.1', '2a00:1450:4001:82a::200a', '2606:4700::6810:85e5'])(
    'allows %j',
    (address) => {
      expect(isPublicAddress(address)).toBe(true)
    },
  )
})

describe('sendOutbound', () => {
  let net: TestNetwork | undefined
  afterEach(async () => {
    await net?.close()
    net = undefined
  })
  const target = (raw: string): OutboundTarget => {
    const checked = checkOutboundUrl(raw, FCM)
    if (!checked.ok) throw new Error(checked.problem)
    return checked.target
  }
  const post = { method: 'POST', headers: { TTL: 60 }, body: Buffer.from('hi'), timeoutMs: 5_000 }

  it.each([
    [['127.0.0.1']],
    [['10.1.2.3']],
    [['169.254.169.254']],
    [['::1']],
    [['fd00::1']],
    [['::ffff:127.0.0.1']],
    // A public address beside a private one: the connection could go to either.
    [[PUBLIC_V4, '127.0.0.1']],
    [[]],
  ])('connects nowhere when the name resolves to %j', async (addresses) => {
    net = await testNetwork({ 'rebind.fcm.googleapis.com': addresses })
    await expect(
      sendOutbound(net.network, target('https://rebind.fcm.googleapis.com/x'), post as never),
    ).rejects.toBeInstanceOf(OutboundRefusedError)
    expect(net.connections).toEqual([])
    expect(net.received).toEqual([])
  })

  it('refuses a name the system resolver answers with loopback', async () => {
    net = await testNetwork({})
    const local = { hostname: 'localhost', path: '/', url: 'https://localhost/' } as OutboundTarget
    await expect(
      sendOutbound({ ...net.network, resolve: systemNetwork.resolve }, local, post as never),
    ).rejects.toBeInstanceOf(OutboundRefusedError)
    expect(net.connections).toEqual([])
  })

  it('connects to the address it checked, names the host, and answers the status', async () => {
    net = await testNetwork({ 'fcm.googleapis.com': [PUBLIC_V4] }, () => 410)
    const answer = await sendOutbound(
      net.network,
      target('https://fcm.googleapis.com:443/fcm/send/abc?x=1'),
      post as never,
    )
    expect(answer.statusCode).toBe(410)
    expect(net.connections).toEqual([
      { address: PUBLIC_V4, port: 443, servername: 'fcm.googleapis.com' },
    ])
    expect(net.received).toMatchObject([
      { url: 'https://fcm.googleapis.com/fcm/send/abc?x=1', headers: { ttl: '60' } },
    ])
    expect(net.received[0]?.body.toString()).toBe('hi')
  })

  it('gives up when the name does not resolve in time', async () => {
    net = await testNetwork({})
    const stuck = { ...net.network, resolve: () => new Promise<string[]>(() => {}) }
    await expect(
      sendOutbound(stuck, target('https://fcm.googleapis.com/x'), {
        ...post,
        timeoutMs: 20,
      } as never),
    ).rejects.toThrow('did not answer in time')
    expect(net.connections).toEqual([])
  })
})
