import { randomUUID } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'

export const LOCK_FILE = 'tote.lock'

/** Folders this process holds, so a second open in the same process is refused too. */
const heldHere = new Map<string, string>()

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the data folder for this process: the embedded database may have one server only, or
 * writes are silently lost. Answers a release function; throws with a clear message when another
 * living process holds the folder. A lock left by a process that died is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir)
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, LOCK_FILE)
  const instance = randomUUID()
  const held = () =>
    new Error(
      `Another Tote server is using the data folder ${dir}${holderText(file)}. Stop it first, or ` +
        `start this one with another DATA_DIR. (If no Tote server is running, delete ${file}.)`,
    )
  if (heldHere.has(dir)) throw held()
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644)
      writeSync(fd, JSON.stringify({ pid: process.pid, instance, since: new Date().toISOString() }))
      closeSync(fd)
      heldHere.set(dir, instance)
      return () => {
        if (heldHere.get(dir) !== instance) return
        heldHere.delete(dir)
        if (readHolder(file)?.instance === instance) rmSync(file, { force: true })
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const holder = readHolder(file)
      // This very pid but not held here: a previous life of this process (a container restart
      // reuses pid 1). Otherwise a holder that is still alive keeps the folder.
      const stale = !holder || holder.pid === process.pid || !alive(holder.pid)
      if (!stale) throw held()
      rmSync(file, { force: true })
    }
  }
  throw held()
}

function readHolder(file: string): { pid: number; instance: string } | undefined {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { pid?: unknown; instance?: unknown }
    return typeof data.pid === 'number' && typeof data.instance === 'string'
      ? { pid: data.pid, instance: data.instance }
      : undefined
  } catch {
    return undefined
  }
}

function holderText(file: string): string {
  const holder = readHolder(file)
  return holder ? ` (process ${holder.pid})` : ''
}
