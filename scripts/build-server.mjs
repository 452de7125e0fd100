// The server for production: server/server.ts and the create-admin and handoff-key tools bundled by esbuild into
// build/server/*.mjs (our code only: packages stay imports, resolved from node_modules, so every
// package the server needs is a dependency), with the SQL migrations beside them. Runs with plain
// `node`, no tsx or vite at run time (scripts/start.mjs in production).
import { cpSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
export const serverOut = join(root, 'build', 'server')

export async function buildServer() {
  rmSync(serverOut, { recursive: true, force: true })
  await build({
    entryPoints: {
      server: join(root, 'server', 'server.ts'),
      'create-admin': join(root, 'server', 'scripts', 'create-admin.ts'),
      'handoff-key': join(root, 'server', 'scripts', 'handoff-key.ts'),
    },
    outdir: serverOut,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
  // client.ts finds them next to itself (new URL('./migrations', import.meta.url)).
  cpSync(join(root, 'server', 'db', 'migrations'), join(serverOut, 'migrations'), {
    recursive: true,
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildServer()
  console.log(`[build] server bundled into ${serverOut}`)
}
