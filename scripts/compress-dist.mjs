// Writes file.br (brotli, quality 11) and file.gz (gzip -9) beside every text asset in dist/, so the
// server sends them as they are (@fastify/static preCompressed) instead of compressing per request.
// A compressed copy that would not be smaller is not written. Usage: node scripts/compress-dist.mjs
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

export const TEXT_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.webmanifest',
  '.svg',
  '.geojson',
  '.txt',
  '.xml',
])

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else yield path
  }
}

export function compressDist(dist) {
  let count = 0
  let raw = 0
  let br = 0
  for (const file of files(dist)) {
    if (!TEXT_EXTENSIONS.has(extname(file))) continue
    const bytes = readFileSync(file)
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    })
    const gzip = gzipSync(bytes, { level: 9 })
    if (brotli.length < bytes.length) writeFileSync(`${file}.br`, brotli)
    if (gzip.length < bytes.length) writeFileSync(`${file}.gz`, gzip)
    count++
    raw += bytes.length
    br += Math.min(brotli.length, bytes.length)
  }
  return { count, raw, br }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = new URL('../dist/', import.meta.url).pathname
  statSync(dist)
  const { count, raw, br } = compressDist(dist)
  console.log(
    `[compress] ${count} text files in ${relative(process.cwd(), dist) || 'dist'}: ` +
      `${(raw / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`,
  )
}
