import { lookup } from 'node:dns/promises'
import https from 'node:https'
import { BlockList, isIPv4, isIPv6 } from 'node:net'
import type { Duplex } from 'node:stream'
import { connect as tlsConnect } from 'node:tls'

/**
 * The one way the server calls a URL a user gave it (push endpoints today), docs/decisions/026.
 * Two checks: `checkOutboundUrl` on the text (once, when it is accepted, and again before use), and
 * `sendOutbound` on the address the name resolves to, which is the address then connected to: no
 * second lookup, so a name cannot point elsewhere between the check and the connection.
 */

/** Why a URL is refused before anything is resolved or connected. */
export type OutboundProblem =
  'not-https' | 'userinfo' | 'port' | 'host' | 'ip-literal' | 'not-allowed'

declare const checked: unique symbol

/** A URL that passed checkOutboundUrl: the only thing sendOutbound takes. */
export interface OutboundTarget {
  /** Lower-case labels of a-z 0-9 -, no trailing dot, never an IP address. */
  readonly hostname: string
  /** Path and query as WHATWG URL serialises them (percent-encoded). */
  readonly path: string
  /** https://hostname/path: what is connected to, and the origin a signature names. */
  readonly url: string
  readonly [checked]: true
}

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/
/** A last label of digits or 0x… makes WHATWG URL read the host as an IPv4 address. */
const NUMERIC_LABEL = /^(0x[0-9a-f]*|[0-9]+)$/

/**
 * Reads `raw` the strict way: `https://` + a host of a-z 0-9 . - (as written: no upper case, no
 * escapes, no brackets) + at most the port 443 + a path, and nothing WHATWG URL reads otherwise.
 * A parser that reads the host another way (Node's url.parse stops at `;`, quotes, backtick, braces)
 * can therefore never be handed an address this check did not see. `allowedHosts`: the host must
 * be one of them or a subdomain of one.
 */
export function checkOutboundUrl(
  raw: string,
  allowedHosts: readonly string[],
): { ok: true; target: OutboundTarget } | { ok: false; problem: OutboundProblem } {
  const refuse = (problem: OutboundProblem) => ({ ok: false as const, problem })
  const authority = /^https:\/\/([^/?#]*)(?:[/?#]|$)/.exec(raw)?.[1]
  if (authority === undefined) return refuse('not-https')
  if (authority.includes('@')) return refuse('userinfo')
  if (authority.startsWith('[')) return refuse('ip-literal')
  const [, host = '', port] = /^([^:]*)(?::(.*))?$/.exec(authority) ?? []
  if (port !== undefined && port !== '443') return refuse('port')
  const labels = host.split('.')
  if (host.length > 253 || !labels.every((l) => LABEL.test(l))) return refuse('host')
  if (NUMERIC_LABEL.test(labels.at(-1) ?? '')) return refuse('ip-literal')
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return refuse('host')
  }
  // Both readings must agree (they do for this form; a disagreement is refused, never guessed).
  if (url.hostname !== host || url.port !== '' || url.username || url.password)
    return refuse('host')
  if (!allowedHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`)))
    return refuse('not-allowed')
  const path = `${url.pathname}${url.search}`
  return {
    ok: true,
    target: { hostname: host, path, url: `https://${host}${path}` } as OutboundTarget,
  }
}

/** Addresses no outbound call may reach: this host, its networks, metadata services, reserved. */
const refusedV4 = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (and Alibaba's metadata, 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the clouds' metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle's metadata 192.0.0.192)
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  refusedV4.addSubnet(net, prefix, 'ipv4')

/**
 * IPv6: only global unicast (2000::/3), minus its special blocks. Everything else is refused,
 * which covers ::1, ::, fc00::/7 (unique-local, AWS's metadata fd00:ec2::254), fe80::/10,
 * ff00::/8, and every IPv4-mapped, -compatible or NAT64 form of an IPv4 address.
 */
const globalV6 = new BlockList()
globalV6.addSubnet('2000::', 3, 'ipv6')
const refusedV6 = new BlockList()
for (const [net, prefix] of [
  ['2001::', 23], // IETF protocol assignments, Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['3fff::', 20], // documentation
] as const)
  refusedV6.addSubnet(net, prefix, 'ipv6')

/** Whether an outbound call may connect to `address` (an IP address as a resolver answers it). */
export function isPublicAddress(address: string): boolean {
  // Fail closed: anything not plainly an address (zone ids, odd forms) is refused.
  if (isIPv4(address)) return !refusedV4.check(address, 'ipv4')
  if (isIPv6(address) && !address.includes('%'))
    return globalV6.check(address, 'ipv6') && !refusedV6.check(address, 'ipv6')
  return false
}

/** What the network is to the guard; tests pass their own to resolve and connect without one. */
export interface OutboundNetwork {
  /** Every address `hostname` resolves to. */
  resolve(hostname: string): Promise<string[]>
  /** Opens a TLS connection to `address`:443, verifying the certificate for `servername`. */
  connect(to: { address: string; port: 443; servername: string }): Duplex
}

/** The system's resolver (as the system would connect) and a TLS connection to the checked address. */
export const systemNetwork: OutboundNetwork = {
  resolve: async (hostname) =>
    (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address),
  connect: ({ address, port, servername }) =>
    tlsConnect({ host: address, port, servername, ALPNProtocols: ['http/1.1'] }),
}

/** The call was refused by the guard (the name resolves to an address it may not reach). */
export class OutboundRefusedError extends Error {}

export interface OutboundRequest {
  method: 'POST'
  headers: Record<string, string | number>
  body: Buffer | null
  /** For the whole call: resolving, connecting, sending and reading the answer. */
  timeoutMs: number
}

export interface OutboundAnswer {
  statusCode: number
  /** The first 8 KB of the answer's body, for logs. */
  body: string
}

const ANSWER_KEPT_BYTES = 8 * 1024

/**
 * Sends one request to a checked target: resolves its name, refuses it unless every address is
 * public (a name answering a private address next to a public one is an attack, not a choice),
 * and connects to that very address with the certificate checked for the name. No redirect is
 * followed. Rejects with OutboundRefusedError when refused, another Error when the call fails.
 */
export async function sendOutbound(
  network: OutboundNetwork,
  target: OutboundTarget,
  request: OutboundRequest,
): Promise<OutboundAnswer> {
  const controller = new AbortController()
  const timer = setTimeout(
    () => controller.abort(new Error(`${target.hostname} did not answer in time`)),
    request.timeoutMs,
  )
  try {
    const addresses = await Promise.race([
      network.resolve(target.hostname),
      new Promise<never>((_, reject) =>
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason)),
      ),
    ])
    const address = addresses[0]
    if (address === undefined || !addresses.every(isPublicAddress))
      throw new OutboundRefusedError(
        `${target.hostname} resolves to an address outbound calls may not reach (${addresses.join(', ') || 'none'})`,
      )
    return await exchange(network, target, address, request, controller.signal)
  } finally {
    clearTimeout(timer)
  }
}

function exchange(
  network: OutboundNetwork,
  target: OutboundTarget,
  address: string,
  request: OutboundRequest,
  signal: AbortSignal,
): Promise<OutboundAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        // Host header and nothing else: the connection is the one made below.
        host: target.hostname,
        port: 443,
        defaultPort: 443,
        path: target.path,
        method: request.method,
        headers: request.headers,
        signal,
        createConnection: () =>
          network.connect({ address, port: 443, servername: target.hostname }),
      },
      (res) => {
        const kept: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          if (size < ANSWER_KEPT_BYTES) kept.push(chunk)
          size += chunk.length
        })
        res.on('end', () =>
          resolve({
            statusCode: res.statusCode ?? 0,
            body: Buffer.concat(kept).subarray(0, ANSWER_KEPT_BYTES).toString('utf8'),
          }),
        )
        res.on('error', reject)
        res.on('close', () => {
          if (!res.complete) reject(new Error(`${target.hostname} cut its answer short`))
        })
      },
    )
    req.on('error', reject)
    req.end(request.body ?? undefined)
  })
}
