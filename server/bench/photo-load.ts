/**
 * npm run bench:photos: what photo uploads cost the server (decision 028).
 * Starts the real server (server/server.ts, its own process, embedded PGlite and demo data in a
 * temp dir), logs in as the demo sender, warms up with one upload, then sends
 * PHOTO_UPLOADS (default 10) 48-megapixel phone-sized JPEGs (~10 MB, server/testing/photos.ts) at
 * once, to the sender's items, and prints the wall time of the burst, each upload's time and the
 * server's resident memory: before the burst and its peak during it (the kernel's VmHWM, reset just
 * before the burst through /proc/<pid>/clear_refs). Then the same for three 7000 × 7000 interlaced
 * PNGs at once (files under 1 MB that decode to ~150 MB each), which must be refused (413).
 * Environment: PHOTO_UPLOADS, RUNS (default 1; several print the median and the spread), TOTE_ROOT
 * (the server of another checkout, e.g. an older commit unpacked with git archive, to compare).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { phoneSizedJpeg, plainImage } from '../testing/photos'

const UPLOADS = Number(process.env.PHOTO_UPLOADS ?? 10)
const RUNS = Number(process.env.RUNS ?? 1)
const MB = 1024 * 1024

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/** A kB line of /proc/<pid>/status (VmRSS, VmHWM) in MB. */
const status = (pid: number, field: 'VmRSS' | 'VmHWM') => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`))
  return Number(line?.match(/\d+/)?.[0] ?? 0) / 1024
}

async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tote-photo-bench-'))
  const port = await freePort()
  const root = process.env.TOTE_ROOT ?? fileURLToPath(new URL('../../', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SEED: 'true',
      DATABASE_URL: '',
      JWT_SECRET: 'photo-bench-secret-0123456789-0123456789-0123',
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}/api`
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    if (i > 480 || child.exitCode !== null) throw new Error('the server did not start')
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return {
    base,
    pid: child.pid ?? 0,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.once('exit', resolve))
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function upload(base: string, token: string, itemId: string, body: Buffer, name: string) {
  const form = new FormData()
  form.append('photo', new Blob([new Uint8Array(body)]), name)
  const started = performance.now()
  const res = await fetch(`${base}/items/${itemId}/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  await res.arrayBuffer()
  return { status: res.status, ms: performance.now() - started }
}

/** Several uploads at once; wall time, their statuses and times, the server's memory. */
async function burst(
  server: { base: string; pid: number },
  token: string,
  itemIds: string[],
  body: Buffer,
  name: string,
  count: number,
) {
  const before = status(server.pid, 'VmRSS')
  // "5" resets the peak resident set size (VmHWM) to the current one.
  writeFileSync(`/proc/${server.pid}/clear_refs`, '5')
  const started = performance.now()
  const results = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      upload(server.base, token, itemIds[i % itemIds.length] ?? '', body, name),
    ),
  )
  const wallMs = performance.now() - started
  return { wallMs, results, before, peak: status(server.pid, 'VmHWM') }
}

async function oneRun(jpeg: Buffer, png: Buffer) {
  const server = await startServer()
  try {
    const login = await fetch(`${server.base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'sender@example.com', password: 'password123' }),
    }).then((r) => r.json() as Promise<{ data: { token: string } }>)
    const token = login.data.token
    const list = await fetch(`${server.base}/items?per_page=50`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.json() as Promise<{ data: { items: { id: string }[] } }>)
    const [warmItem, ...itemIds] = list.data.items.map((i) => i.id)
    if (!warmItem || itemIds.length * 5 < UPLOADS) throw new Error('not enough demo items')
    const warm = await upload(server.base, token, warmItem, jpeg, 'warm-up.jpg')
    if (warm.status !== 201) console.warn(`The warm-up upload answered ${warm.status}`)
    const photos = await burst(server, token, itemIds, jpeg, 'IMG_0001.jpg', UPLOADS)
    const bombs = await burst(server, token, itemIds, png, 'screen.png', 3)
    return { photos, bombs }
  } finally {
    await server.stop()
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2
}
const summary = (xs: number[], unit: string, digits = 0) =>
  xs.length > 1
    ? `${median(xs).toFixed(digits)} ${unit} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`
    : `${(xs[0] ?? 0).toFixed(digits)} ${unit}`

const jpeg = await phoneSizedJpeg()
const png = await plainImage(7000, 7000).png({ progressive: true }).toBuffer()
console.log(
  `Photo uploads: ${UPLOADS} × 8000 × 6000 JPEG (${(jpeg.length / MB).toFixed(1)} MB) at once, ` +
    `then 3 × 7000 × 7000 interlaced PNG (${(png.length / 1024).toFixed(0)} KB); ${RUNS} run(s)`,
)
const runs = []
for (let i = 0; i < RUNS; i++) {
  const run = await oneRun(jpeg, png)
  runs.push(run)
  const { photos, bombs } = run
  const times = photos.results.map((r) => r.ms)
  const statuses = (rs: { status: number }[]) =>
    [...new Set(rs.map((r) => r.status))]
      .map((s) => `${rs.filter((r) => r.status === s).length}× ${s}`)
      .join(', ')
  console.log(
    `run ${i + 1}: photos ${statuses(photos.results)} in ${(photos.wallMs / 1000).toFixed(2)} s ` +
      `(each ${(Math.min(...times) / 1000).toFixed(2)}–${(Math.max(...times) / 1000).toFixed(2)} s), ` +
      `server RSS ${photos.before.toFixed(0)} MB before, peak ${photos.peak.toFixed(0)} MB; ` +
      `PNG bombs ${statuses(bombs.results)} in ${bombs.wallMs.toFixed(0)} ms, ` +
      `RSS ${bombs.before.toFixed(0)} MB before, peak ${bombs.peak.toFixed(0)} MB`,
  )
}
if (RUNS > 1) {
  const wall = runs.map((r) => r.photos.wallMs / 1000)
  const peak = runs.map((r) => r.photos.peak)
  const growth = runs.map((r) => r.photos.peak - r.photos.before)
  console.log(
    `median (spread): burst ${summary(wall, 's', 2)}, peak RSS ${summary(peak, 'MB')}, ` +
      `peak above the start of the burst ${summary(growth, 'MB')}`,
  )
}
