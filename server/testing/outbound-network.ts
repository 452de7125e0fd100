import { once } from 'node:events'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import type { OutboundNetwork } from '../services/outbound-guard'

/** A request that reached the stand-in for the remote server. */
interface Received {
  /** https://<Host header><path>: the URL the server called. */
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
}

export interface TestNetwork {
  /** Give it to createTestApp / sendOutbound in place of the system's. */
  network: OutboundNetwork
  /** Every connection the guard asked for, refused or not, in order. */
  connections: { address: string; port: number; servername: string }[]
  /** Every request that arrived, whatever address it was sent to. */
  received: Received[]
  close(): Promise<void>
}

/**
 * The network for outbound-guard tests (there is none here): `names` is the DNS (a name not in it
 * does not resolve), and every connection is recorded and then, whatever address it asked for,
 * served by one local plain-HTTP server (TLS is the system connector's part) answering `status`.
 */
export async function testNetwork(
  names: Record<string, string[]>,
  status: (url: string) => number = () => 201,
): Promise<TestNetwork> {
  const connections: TestNetwork['connections'] = []
  const received: Received[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const url = `https://${req.headers.host}${req.url}`
      received.push({ url, headers: req.headers, body: Buffer.concat(chunks) })
      res.writeHead(status(url)).end()
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    network: {
      resolve: async (hostname) => {
        const addresses = names[hostname]
        if (!addresses)
          throw Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' })
        return addresses
      },
      connect: (to) => {
        connections.push(to)
        return connect(port, '127.0.0.1')
      },
    },
    connections,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
