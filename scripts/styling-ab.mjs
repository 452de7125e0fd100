/* global document, getComputedStyle */
// npm run styling-ab: the sender's dashboard at 360 px built twice, with Chakra's runtime styles (A)
// and with Panda CSS extracted at build time (B), standalone (bench/styling: static data, no
// router, query client or network), measured side by side in Debian's Chromium (docs/decisions/050).
// Builds both (panda codegen and cssgen, vite build of bench/styling/vite.config.ts into .tmp/styling-ab,
// brotli copies as the app's build makes), serves them (the .br copy when the browser takes it),
// then alternates A, B, A, B... in a fresh browser context each (no cache) at 360 x 800 with the CPU
// 4x slower: time to the page's 'rendered' mark, the main thread's blocking time (sum over its
// tasks of the time past 50 ms) from navigation to 'rendered' + 1 s, the main thread's script,
// style and layout time from the trace, and the bytes of JS and CSS each page loads. Then
// Lighthouse (mobile defaults, as npm run lighthouse) on both, alternating too: score, TBT and the
// CPU TBT of npm run lighthouse. Prints median [min-max] per version and the ratio B/A, and the load
// average before and after (the machine is shared: compare the ratios, not the absolute times).
// Env: RUNS (default 5 per version), LIGHTHOUSE_RUNS (default RUNS; 0 skips Lighthouse),
// SKIP_BUILD=1, CHROMIUM_PATH (default /usr/bin/chromium), STYLING_AB_SCREENSHOTS=1 (a screenshot
// of each page in .tmp/styling-ab-shots/, to check they look the same).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { loadavg } from 'node:os'
import { brotliCompressSync } from 'node:zlib'
import lighthouse from 'lighthouse'
import { compressDist } from './compress-dist.mjs'
import { launchBrowser } from '../tests/e2e/support/chromium.ts'
import { cpuTasks, openBrowser } from './measure-browser.mjs'
import { freePort, root } from './measure-server.mjs'

const runs = Math.max(1, Number(process.env.RUNS ?? 5))
const lighthouseRuns = Math.max(0, Number(process.env.LIGHTHOUSE_RUNS ?? runs))
const out = join(root, '.tmp', 'styling-ab')
const bench = join(root, 'bench', 'styling')
const VERSIONS = [
  { key: 'A', name: 'chakra', label: 'A Chakra (emotion at run time)' },
  { key: 'B', name: 'panda', label: 'B Panda (CSS at build time)' },
]
const CPU_SLOWDOWN = 4
/** After the page's first commit: what its effects and the browser still do then counts too. */
const AFTER_RENDERED_MS = 1000

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) {
    console.error(`styling-ab: ${command} ${args.join(' ')} failed`)
    process.exit(result.status ?? 1)
  }
}

/**
 * Generates Panda's styled-system and the page's CSS (gitignored), and builds both pages with
 * their .br copies.
 */
function build() {
  run('npm', ['run', '-s', 'styling-ab:codegen'])
  run(join(root, 'node_modules', '.bin', 'vite'), [
    'build',
    '--config',
    join(bench, 'vite.config.ts'),
  ])
  compressDist(out)
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
}

/** The built files, the .br copy when the browser takes brotli; never cached (each run is cold). */
function serve(port) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname))
    let file = join(out, path.endsWith('/') ? `${path}index.html` : path)
    if (!file.startsWith(out) || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end()
      return
    }
    const headers = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    }
    if (/\bbr\b/.test(req.headers['accept-encoding'] ?? '') && existsSync(`${file}.br`)) {
      file = `${file}.br`
      headers['content-encoding'] = 'br'
    }
    res.writeHead(200, headers).end(readFileSync(file))
  })
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ baseURL: `http://127.0.0.1:${port}`, close: () => server.close() }),
    ),
  )
}

const attr = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1]

/** The JS and CSS a page's HTML loads (entry script, module preloads, stylesheets), raw and brotli. */
function pageBytes(name) {
  const html = readFileSync(join(out, name, 'index.html'), 'utf8')
  const files = new Set()
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const url = attr(tag, 'src') ?? attr(tag, 'href')
    if (url && /\.(js|css)$/.test(url)) files.add(url.replace(/^\//, ''))
  }
  const sizes = { jsRaw: 0, jsBr: 0, cssRaw: 0, cssBr: 0 }
  for (const file of files) {
    const bytes = readFileSync(join(out, file))
    const kind = file.endsWith('.css') ? 'css' : 'js'
    sizes[`${kind}Raw`] += bytes.length
    sizes[`${kind}Br`] += brotliCompressSync(bytes).length
  }
  return sizes
}

/** Union of [start, end) intervals in ms: nested trace events (a call inside a call) count once. */
function unionMs(intervals) {
  let total = 0
  let end = -Infinity
  for (const [a, b] of intervals.sort((x, y) => x[0] - y[0])) {
    if (b <= end) continue
    total += b - Math.max(a, end)
    end = b
  }
  return total
}

const SCRIPT = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'v8.compile',
  'v8.compileModule',
  'V8.CompileCode',
])
const STYLE = new Set(['UpdateLayoutTree', 'ParseAuthorStyleSheet', 'Layout'])

/** The page's main thread in a trace: its tasks, script time, style and layout time, to `untilMs`. */
function mainThread(events, untilMs) {
  const nav = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'),
  )
  if (!nav) return undefined
  const until = nav.ts + untilMs * 1000
  const mine = events.filter(
    (e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X' && e.ts >= nav.ts && e.ts < until,
  )
  let blockingMs = 0
  let longTasks = 0
  for (const e of mine) {
    if (e.name !== 'RunTask') continue
    const ms = e.dur / 1000
    if (ms > 50) {
      longTasks++
      blockingMs += ms - 50
    }
  }
  const span = (names) =>
    unionMs(mine.filter((e) => names.has(e.name)).map((e) => [e.ts / 1000, (e.ts + e.dur) / 1000]))
  const evalMs = unionMs(
    mine
      .filter((e) => e.name === 'v8.evaluateModule' || e.name === 'EvaluateScript')
      .map((e) => [e.ts / 1000, (e.ts + e.dur) / 1000]),
  )
  return { blockingMs, longTasks, scriptMs: span(SCRIPT), evalMs, styleLayoutMs: span(STYLE) }
}

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'loading',
  'toplevel',
].join(',')

/** One cold load of a page at 360 x 800 with the CPU 4x slower, traced. */
async function measure(browser, url, shot) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 800 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  })
  try {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const events = []
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value))
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
    await cdp.send('Tracing.start', {
      categories: TRACE_CATEGORIES,
      transferMode: 'ReportEvents',
    })
    await page.goto(url)
    const renderedMs = await page
      .waitForFunction(() => performance.getEntriesByName('rendered')[0]?.startTime, undefined, {
        timeout: 60_000,
        polling: 50,
      })
      .then((handle) => handle.jsonValue())
    const marks = await page.evaluate(() =>
      Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])),
    )
    await page.waitForTimeout(AFTER_RENDERED_MS)
    await cdp.send('Tracing.end')
    await done
    if (shot) await page.screenshot({ path: shot, fullPage: true })
    const main = mainThread(events, renderedMs + AFTER_RENDERED_MS)
    if (!main) throw new Error(`no navigation in the trace of ${url}`)
    return {
      renderedMs,
      systemMs: marks['system-end'] - marks['system-start'],
      renderMs: renderedMs - marks['render-start'],
      ...main,
    }
  } finally {
    await context.close()
  }
}

/**
 * Whether the two pages look the same: every element's computed style (and its ::before), in
 * document order, compared, in light or dark mode; emotion's legacy -webkit-box-* prefixes (no effect on a flex box) and
 * the attributes' order aside. Answers the differences, at most `limit` of them.
 */
async function compareLooks(browser, baseURL, colorScheme, limit = 12) {
  const styles = async (name) => {
    const page = await browser.newPage({ viewport: { width: 360, height: 800 }, colorScheme })
    try {
      await page.goto(`${baseURL}/${name}/`)
      await page.waitForFunction(() => performance.getEntriesByName('rendered').length > 0)
      return await page.evaluate(() =>
        [...document.querySelectorAll('#root *')].map((el) => {
          const style = {}
          for (const [pseudo, cs] of [
            ['', getComputedStyle(el)],
            ['::before ', getComputedStyle(el, '::before')],
          ])
            for (let i = 0; i < cs.length; i++)
              if (!cs[i].startsWith('--') && !cs[i].startsWith('-webkit-box-'))
                style[pseudo + cs[i]] = cs.getPropertyValue(cs[i])
          const attrs = [...el.attributes]
            .filter((a) => a.name !== 'class')
            .map((a) => `${a.name}=${a.value}`)
            .sort()
          return { tag: el.tagName, attrs: attrs.join(' '), style }
        }),
      )
    } finally {
      await page.close()
    }
  }
  const [a, b] = [await styles('chakra'), await styles('panda')]
  const differences = []
  if (a.length !== b.length) differences.push(`${a.length} elements against ${b.length}`)
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i].tag !== b[i].tag || a[i].attrs !== b[i].attrs)
      differences.push(`#${i} <${a[i].tag} ${a[i].attrs}> against <${b[i].tag} ${b[i].attrs}>`)
    for (const key of new Set([...Object.keys(a[i].style), ...Object.keys(b[i].style)]))
      if (a[i].style[key] !== b[i].style[key])
        differences.push(`#${i} <${a[i].tag}> ${key}: ${a[i].style[key]} | ${b[i].style[key]}`)
  }
  return { elements: a.length, differences, shown: differences.slice(0, limit) }
}

/** One Lighthouse run (mobile defaults: simulated slow 4G and a 4x slower CPU). */
async function measureLighthouse(url, port) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  })
  const { audits, categories } = result.lhr
  return {
    score: Math.round(categories.performance.score * 100),
    tbtMs: audits['total-blocking-time'].numericValue,
    fcpMs: audits['first-contentful-paint'].numericValue,
    cpuTbtMs: cpuTasks(result.artifacts.Trace)?.blockingMs ?? NaN,
    cpuMs: cpuTasks(result.artifacts.Trace)?.cpuMs ?? NaN,
  }
}

const sorted = (values) => values.filter(Number.isFinite).sort((a, b) => a - b)
const median = (values) => {
  const s = sorted(values)
  if (!s.length) return NaN
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

function table(title, rows, results) {
  console.log(`\n${title}`)
  console.log(
    `${''.padEnd(26)}${VERSIONS.map((v) => v.label.padStart(34)).join('')}${'B/A'.padStart(8)}`,
  )
  for (const [label, key, digits = 0] of rows) {
    const cells = VERSIONS.map((v) => {
      const values = results[v.key].map((r) => r[key])
      const s = sorted(values)
      if (!s.length) return 'n/a'.padStart(34)
      const f = (n) => n.toFixed(digits)
      const spread = s.length > 1 ? ` [${f(s[0])}-${f(s[s.length - 1])}]` : ''
      return `${f(median(values))}${spread}`.padStart(34)
    })
    const a = median(results.A.map((r) => r[key]))
    const b = median(results.B.map((r) => r[key]))
    const ratio = a > 0 && Number.isFinite(b) ? (b / a).toFixed(2) : 'n/a'
    console.log(`${label.padEnd(26)}${cells.join('')}${ratio.padStart(8)}`)
  }
}

if (process.env.SKIP_BUILD !== '1') build()
const server = await serve(await freePort())
const loadBefore = load()
const shots = process.env.STYLING_AB_SCREENSHOTS === '1' && join(root, '.tmp', 'styling-ab-shots')
if (shots) mkdirSync(shots, { recursive: true })

const browser = await launchBrowser()
const results = { A: [], B: [] }
const lhResults = { A: [], B: [] }
try {
  console.log(
    `styling-ab: ${runs} runs per version, alternating, cold, 360 x 800, CPU ${CPU_SLOWDOWN}x slower; ${server.baseURL}`,
  )
  for (const colorScheme of ['light', 'dark']) {
    const looks = await compareLooks(browser, server.baseURL, colorScheme)
    console.log(
      `same look (${colorScheme}): ${looks.elements} elements, ${looks.differences.length} computed values differ` +
        (looks.differences.length ? ` (A | B):\n  ${looks.shown.join('\n  ')}` : ''),
    )
  }
  // A first load of each, not counted: the browser's own first-start work is in neither.
  for (const v of VERSIONS) await measure(browser, `${server.baseURL}/${v.name}/`)
  for (let i = 0; i < runs; i++)
    for (const v of VERSIONS)
      results[v.key].push(
        await measure(
          browser,
          `${server.baseURL}/${v.name}/`,
          shots && i === 0 ? join(shots, `${v.name}.png`) : undefined,
        ),
      )
} finally {
  await browser.close()
}

if (lighthouseRuns > 0) {
  const lh = await openBrowser()
  try {
    for (let i = 0; i < lighthouseRuns; i++)
      for (const v of VERSIONS)
        lhResults[v.key].push(await measureLighthouse(`${server.baseURL}/${v.name}/`, lh.port))
  } finally {
    await lh.close()
  }
}
server.close()
const loadAfter = load()

for (const v of VERSIONS) results[v.key].forEach((r) => Object.assign(r, pageBytes(v.name)))
table(
  `Chromium, cold load, CPU ${CPU_SLOWDOWN}x slower (ms, median [min-max] of ${runs})`,
  [
    ["'rendered' mark", 'renderedMs'],
    ['  createSystem', 'systemMs'],
    ['  first render to commit', 'renderMs'],
    ['blocking time to +1 s', 'blockingMs'],
    ['long tasks', 'longTasks'],
    ['main-thread script', 'scriptMs'],
    ['  of which module eval', 'evalMs'],
    ['style + layout', 'styleLayoutMs'],
    ['JS bytes raw', 'jsRaw'],
    ['JS bytes brotli', 'jsBr'],
    ['CSS bytes raw', 'cssRaw'],
    ['CSS bytes brotli', 'cssBr'],
  ],
  results,
)
if (lighthouseRuns > 0)
  table(
    `Lighthouse, mobile defaults (median [min-max] of ${lighthouseRuns})`,
    [
      ['score', 'score'],
      ['TBT (simulated, ms)', 'tbtMs'],
      ['FCP (simulated, ms)', 'fcpMs'],
      ['CPU TBT (ms)', 'cpuTbtMs'],
      ['main-thread CPU (1x, ms)', 'cpuMs'],
    ],
    lhResults,
  )
console.log(`\nload average before ${loadBefore}, after ${loadAfter} (2 cores)`)
if (shots) console.log(`screenshots in ${shots}`)
