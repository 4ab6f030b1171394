/**
 * A lock file for the search index: one process at a time opens it, reader or writer. SQLite's
 * own lock under node-sqlite3-wasm is a directory that a killed process leaves behind forever, so
 * this lock names its holder (pid, host) and is taken over when that holder is gone.
 */
import { readFile, rename, stat, unlink, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'

export interface LockOptions {
  /** How long to wait for a live holder before giving up. */
  waitMs: number
  /** A lock older than this is taken over even when its holder seems alive (a reused pid). */
  staleMs?: number
}

export class LockTimeout extends Error {
  constructor(
    readonly file: string,
    readonly holder: string,
    readonly waitedMs: number,
  ) {
    super(`the index is busy: ${holder} held ${file} for the whole ${waitedMs} ms waited`)
    this.name = 'LockTimeout'
  }
}

interface Holder {
  pid: number
  host: string
  at: number
  /** Tells two holders in one process apart. */
  token: string
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Why the lock's holder no longer holds it, or null while it may. */
async function staleness(file: string, staleMs: number): Promise<{ stale: string | null; holder: string }> {
  let text: string
  let mtime: number
  try {
    ;[text, mtime] = await Promise.all([readFile(file, 'utf8'), stat(file).then((s) => s.mtimeMs)])
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { stale: null, holder: 'nobody' }
    throw err
  }
  let h: Holder | null = null
  try {
    h = JSON.parse(text) as Holder
  } catch {
    // Created and not yet written, or the writer died in between: judged by its age alone.
  }
  const age = Date.now() - (h?.at ?? mtime)
  const holder = h ? `pid ${h.pid} on ${h.host}` : 'a holder that wrote no name'
  if (age > staleMs) return { stale: `${holder} has held it for ${Math.round(age / 1000)} s`, holder }
  if (!h) return { stale: age > 5_000 ? `${holder}, ${Math.round(age / 1000)} s ago` : null, holder }
  if (h.host === hostname() && !alive(h.pid)) return { stale: `${holder} is gone`, holder }
  return { stale: null, holder }
}

/**
 * Runs `fn` holding `file` (created with O_EXCL). A holder that died is replaced: the stale file
 * is renamed away first, so of two processes that both saw it stale only one takes it over.
 */
export async function withLock<T>(file: string, fn: () => Promise<T> | T, opts: LockOptions): Promise<T> {
  const staleMs = opts.staleMs ?? 10 * 60_000
  const started = Date.now()
  const me: Holder = { pid: process.pid, host: hostname(), at: Date.now(), token: Math.random().toString(36).slice(2) }
  let holder: string
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(file, JSON.stringify({ ...me, at: Date.now() }), { flag: 'wx', mode: 0o600 })
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
    const s = await staleness(file, staleMs)
    holder = s.holder
    if (s.stale) {
      const aside = `${file}.stale-${process.pid}-${attempt}`
      try {
        await rename(file, aside)
        await unlink(aside).catch(() => undefined)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
      }
      continue
    }
    const waited = Date.now() - started
    if (waited >= opts.waitMs) throw new LockTimeout(file, holder, waited)
    await sleep(Math.min(5 + attempt * 5, 50) + Math.random() * 10)
  }
  try {
    return await fn()
  } finally {
    // Only our own lock is removed: a holder that outlived staleMs may have been replaced.
    try {
      const h = JSON.parse(await readFile(file, 'utf8')) as Holder
      if (h.token === me.token && h.pid === me.pid) await unlink(file)
    } catch {
      // gone already
    }
  }
}
