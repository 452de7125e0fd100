// A TCP proxy between the browser and the Tote server that plays a real road: latency and
// bandwidth per direction, uploads torn half-way (the request's head and its first body bytes
// reach the server, then both connections drop), and writes answered 503 as an overloaded server
// would. Chromium's network emulation can do neither
// tear nor reach the service worker's own requests, which is why the browser tests go through it.
import { connect, createServer, type AddressInfo, type Socket } from 'node:net'

const HEAD_END = Buffer.from('\r\n\r\n')

type Direction = 'up' | 'down'
type Link = (direction: Direction) => { rttMs: number; kbps: number }
type Tear = { prefix: string; bodyBytes: number; resolve: () => void }

export type LinkProxy = {
  baseURL: string
  port: number
  setLink: (options: { rttMs?: number; downKbps?: number; upKbps?: number }) => void
  tearNext: (pathPrefix: string, bodyBytes: number) => Promise<void>
  stopTearing: () => void
  refuseWrites: (pathPrefix: string) => void
  stopRefusing: () => void
  requests: () => string[]
  timeline: () => { at: number; line: string; conn: number }[]
  bytes: () => { up: number; down: number }
  close: () => Promise<void>
}

/**
 * One direction of a connection: chunks leave after the link's one-way delay and, when a
 * bandwidth is set, no faster than it, in the order they came.
 */
function pacedWriter(socket: Socket, link: Link, direction: Direction) {
  const queue: { at: number; chunk: Buffer | null }[] = []
  let lastAt = 0
  let timer: NodeJS.Timeout | null = null
  let ending = false

  const pump = () => {
    timer = null
    const now = Date.now()
    while (queue.length > 0 && (queue[0]?.at ?? Infinity) <= now) {
      const { chunk } = queue.shift() as { chunk: Buffer | null }
      if (socket.destroyed) continue
      if (chunk === null) socket.end()
      else socket.write(chunk)
    }
    const next = queue[0]
    if (next) timer = setTimeout(pump, next.at - now)
  }

  const push = (chunk: Buffer | null) => {
    const { rttMs, kbps } = link(direction)
    const transmitMs = chunk && kbps ? (chunk.length * 8) / kbps : 0
    const at = Math.max(Date.now() + rttMs / 2, lastAt) + transmitMs
    lastAt = at
    queue.push({ at, chunk })
    if (!timer) timer = setTimeout(pump, Math.max(0, (queue[0]?.at ?? 0) - Date.now()))
  }

  return {
    write: (chunk: Buffer) => {
      if (!ending) push(chunk)
    },
    end: () => {
      if (ending) return
      ending = true
      push(null)
    },
    cancel: () => {
      ending = true
      queue.length = 0
      if (timer) clearTimeout(timer)
      timer = null
    },
  }
}

export async function startLinkProxy({
  target,
  rttMs = 0,
  downKbps = 0,
  upKbps = 0,
}: {
  target: string
  rttMs?: number
  downKbps?: number
  upKbps?: number
}): Promise<LinkProxy> {
  const upstreamURL = new URL(target)
  let settings = { rttMs, downKbps, upKbps }
  const link: Link = (direction) => ({
    rttMs: settings.rttMs,
    kbps: direction === 'up' ? settings.upKbps : settings.downKbps,
  })
  /** Armed tears, first come first served: { prefix, bodyBytes, resolve }. */
  let tears: Tear[] = []
  /** Paths whose writes get a 503 from the proxy, never reaching the server. */
  let refusals: string[] = []
  const log: { at: number; line: string; conn: number }[] = []
  const totals = { up: 0, down: 0 }
  const sockets = new Set<Socket>()

  let connections = 0
  const server = createServer((client) => {
    const conn = ++connections
    const upstream = connect(Number(upstreamURL.port), upstreamURL.hostname)
    sockets.add(client)
    sockets.add(upstream)
    const toServer = pacedWriter(upstream, link, 'up')
    const toBrowser = pacedWriter(client, link, 'down')

    /** 'head' (reading a request's head), 'body' (forwarding `left` bytes), 'tear', 'refuse'
     * (reading `left` bytes to drop, then answering 503) or 'raw'. */
    let state: 'head' | 'body' | 'tear' | 'torn' | 'refuse' | 'raw' = 'head'
    let pending = Buffer.alloc(0)
    let left = 0
    let tear: Tear | null = null

    const tearNow = () => {
      state = 'torn'
      toServer.end()
      toBrowser.cancel()
      client.destroy()
      // The server sees a body cut short, then the end of its connection.
      setTimeout(() => upstream.destroy(), 5_000).unref()
      tear?.resolve()
    }

    const refuseNow = () => {
      state = 'torn'
      const body = JSON.stringify({ success: false, message: 'Service unavailable' })
      toBrowser.write(
        Buffer.from(
          `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n` +
            `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
        ),
      )
      toBrowser.end()
      toServer.end()
    }

    const forwardBody = (chunk: Buffer) => {
      const take = Math.min(left, chunk.length)
      if (take > 0) toServer.write(chunk.subarray(0, take))
      left -= take
      return chunk.subarray(take)
    }

    const onRequestData = (chunk: Buffer) => {
      let data = chunk
      while (data.length > 0) {
        if (state === 'raw') {
          toServer.write(data)
          return
        }
        if (state === 'torn') return
        if (state === 'refuse') {
          const take = Math.min(left, data.length)
          left -= take
          data = data.subarray(take)
          if (left === 0) refuseNow()
          return
        }
        if (state === 'body' || state === 'tear') {
          data = forwardBody(data)
          if (left > 0) return
          if (state === 'tear') {
            tearNow()
            return
          }
          state = 'head'
          continue
        }
        pending = Buffer.concat([pending, data])
        data = Buffer.alloc(0)
        const end = pending.indexOf(HEAD_END)
        if (end === -1) return
        const head = pending.subarray(0, end + HEAD_END.length)
        data = pending.subarray(end + HEAD_END.length)
        pending = Buffer.alloc(0)
        const lines = head.toString('latin1').split('\r\n')
        const [method = '', url = ''] = (lines[0] ?? '').split(' ')
        const path = url.split('?')[0] ?? ''
        log.push({ at: Date.now(), line: `${method} ${path}`, conn })
        const headers = new Map<string, string>(
          lines.slice(1).flatMap((line): [string, string][] => {
            const colon = line.indexOf(':')
            return colon > 0
              ? [[line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]]
              : []
          }),
        )
        const length = Number(headers.get('content-length') ?? 0)
        if (method !== 'GET' && refusals.some((prefix) => path.startsWith(prefix))) {
          left = length
          state = 'refuse'
          if (left === 0) {
            refuseNow()
            return
          }
          continue
        }
        toServer.write(head)
        const index = tears.findIndex((armed) => path.startsWith(armed.prefix))
        if (headers.get('transfer-encoding')?.toLowerCase().includes('chunked')) {
          // Browsers send chunked uploads only for streams; pass the rest through untouched.
          state = 'raw'
          continue
        }
        if (index !== -1) {
          const armed = tears.splice(index, 1)[0] as Tear
          tear = armed
          left = Math.min(armed.bodyBytes, length)
          state = 'tear'
          if (left === 0) {
            tearNow()
            return
          }
          continue
        }
        left = length
        state = left > 0 ? 'body' : 'head'
      }
    }

    client.on('data', (chunk: Buffer) => {
      totals.up += chunk.length
      onRequestData(chunk)
    })
    upstream.on('data', (chunk: Buffer) => {
      if (state === 'torn') return
      totals.down += chunk.length
      toBrowser.write(chunk)
    })
    client.on('end', () => toServer.end())
    upstream.on('end', () => toBrowser.end())
    const closeBoth = () => {
      sockets.delete(client)
      sockets.delete(upstream)
      if (state !== 'torn') {
        client.destroy()
        upstream.destroy()
      }
    }
    client.on('close', closeBoth)
    upstream.on('close', () => {
      sockets.delete(upstream)
      // Let what is still on its way to the browser arrive, then close.
      if (state !== 'torn') toBrowser.end()
    })
    client.on('error', () => {})
    upstream.on('error', () => client.destroy())
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo

  const proxy: LinkProxy = {
    baseURL: `http://127.0.0.1:${port}`,
    port,
    /** Changes the link for the chunks that follow. */
    setLink(options) {
      settings = { ...settings, ...options }
    },
    /**
     * The next request whose path starts with `pathPrefix` gets its head and `bodyBytes` of its
     * body to the server, then both connections drop. Resolves when that happened (or when
     * stopTearing cancels it).
     */
    tearNext(pathPrefix, bodyBytes) {
      return new Promise<void>((resolve) => tears.push({ prefix: pathPrefix, bodyBytes, resolve }))
    },
    stopTearing() {
      const armed = tears
      tears = []
      for (const tear of armed) tear.resolve()
    },
    /** Writes (any method but GET) to paths starting with `pathPrefix` get a 503 until stopRefusing. */
    refuseWrites(pathPrefix) {
      refusals.push(pathPrefix)
    },
    stopRefusing() {
      refusals = []
    },
    /** Every request seen, as 'METHOD /path'. */
    requests: () => log.map((entry) => entry.line),
    /** Every request seen, with the time its head arrived (ms since the epoch) and the number of
     * the browser connection it came on (to see how many run at once). */
    timeline: () => log.map((entry) => ({ ...entry })),
    bytes: () => ({ ...totals }),
    async close() {
      proxy.stopTearing()
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  return proxy
}
