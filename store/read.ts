/**
 * Readers of the store. They never trust a path or a line: a session id or a stored path that
 * would leave the data dir is refused, and a JSONL line that does not parse (the torn last line
 * of a killed writer) is skipped and counted rather than failing the read.
 */
import { readdir, readFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { LATE_SUFFIX, MODE_DIRS, ROW_FILE, type StoreMode, stemTime } from '../plugin/hooks/protocol.ts'

/** A read the caller asked for that cannot be answered: one line, said as it is. */
export class StoreError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StoreError'
  }
}

export interface JsonlRead<T> {
  rows: T[]
  /** Lines that did not parse (a torn last line, a stray write), skipped. */
  torn: number
  /** Their 1-based line numbers. */
  tornLines: number[]
}

export function parseJsonl<T = Record<string, unknown>>(text: string): JsonlRead<T> {
  const out: JsonlRead<T> = { rows: [], torn: 0, tornLines: [] }
  const lines = text.split('\n')
  lines.forEach((line, i) => {
    if (line.trim() === '') return
    try {
      const v = JSON.parse(line)
      if (v && typeof v === 'object' && !Array.isArray(v)) {
        out.rows.push(v as T)
        return
      }
    } catch {
      // counted below
    }
    out.torn++
    out.tornLines.push(i + 1)
  })
  return out
}

/** A JSONL log, or no rows when it does not exist yet. */
export async function readJsonl<T = Record<string, unknown>>(file: string): Promise<JsonlRead<T>> {
  try {
    return parseJsonl<T>(await readFile(file, 'utf8'))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { rows: [], torn: 0, tornLines: [] }
    throw err
  }
}

/** A session id as the store names folders by it, or a StoreError saying why not. */
export function checkSessionId(id: unknown): string {
  if (typeof id !== 'string' || id === '') throw new StoreError('a session id is needed (none was given)')
  if (!/^[A-Za-z0-9._-]{1,128}$/.test(id) || id.startsWith('.')) {
    throw new StoreError(`${JSON.stringify(id.slice(0, 80))} is not a session id (letters, digits, ".", "_" and "-" only, not starting with ".")`)
  }
  return id
}

/** An absolute path for a path stored relative to the data dir, refused when it would leave it. */
export function insideDataDir(dataDir: string, rel: string): string {
  const root = resolve(dataDir)
  const p = resolve(root, rel)
  const r = relative(root, p)
  if (isAbsolute(rel) || r === '' || r.startsWith('..') || r.split(sep).includes('..') || isAbsolute(r)) {
    throw new StoreError(`${JSON.stringify(rel)} is not a path inside the data dir`)
  }
  return p
}

export interface StoredCompaction {
  sessionId: string
  mode: StoreMode
  n: number
  /** `NNN-<iso>`: every file of the compaction starts with it. */
  stem: string
  at: string
  /** The session's folder, absolute. */
  dir: string
  rowFile: string
  /** The row as stored, or null when the file does not parse (with why). */
  row: Record<string, any> | null
  problem?: string
}

async function names(dir: string): Promise<string[]> {
  try {
    return await readdir(dir)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return []
    throw err
  }
}

/** Every compaction of a session the store holds, live and rehearsed, oldest first. */
export async function sessionCompactions(dataDir: string, sessionId: string, opts: { rows?: boolean } = {}): Promise<StoredCompaction[]> {
  checkSessionId(sessionId)
  const out: StoredCompaction[] = []
  for (const mode of Object.keys(MODE_DIRS) as StoreMode[]) {
    const dir = join(dataDir, MODE_DIRS[mode], sessionId)
    for (const name of await names(dir)) {
      const m = ROW_FILE.exec(name)
      if (!m) continue
      const stem = name.slice(0, -'.json'.length)
      const c: StoredCompaction = { sessionId, mode, n: Number(m[1]), stem, at: stemTime(stem)!, dir, rowFile: join(dir, name), row: null }
      if (opts.rows !== false) {
        try {
          c.row = JSON.parse(await readFile(c.rowFile, 'utf8'))
        } catch (err) {
          c.problem = `row file unreadable: ${(err as Error).message}`
        }
        if (c.row?.outcome === 'pending') await completeLate(c)
      }
      out.push(c)
    }
  }
  return out.sort((a, b) => a.at.localeCompare(b.at) || a.n - b.n)
}

/** Every session folder in the store, each with its mode. */
export async function storedSessions(dataDir: string): Promise<Array<{ sessionId: string; mode: StoreMode; dir: string }>> {
  const out: Array<{ sessionId: string; mode: StoreMode; dir: string }> = []
  for (const mode of Object.keys(MODE_DIRS) as StoreMode[]) {
    for (const name of await names(join(dataDir, MODE_DIRS[mode]))) {
      if (/^[A-Za-z0-9._-]+$/.test(name) && !name.startsWith('.')) out.push({ sessionId: name, mode, dir: join(dataDir, MODE_DIRS[mode], name) })
    }
  }
  return out
}

/** Whether a process of this machine is still running (signal 0 tests without touching it). A
 *  zombie, killed and not yet reaped (or never: a container's pid 1 may not reap), is not. */
async function alive(pid: unknown): Promise<boolean> {
  if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null)
  return stat === null || !/^[^)]*\) Z /s.test(stat.replace(/^.*\) /s, ') '))
}

/**
 * A rehearsal's row is written first as `pending` (the engine compacts without waiting for the
 * model work) and completed by a second file written once, `NNN-<iso>.late.json`. The compaction
 * reads as its completion when there is one. Without one it stays pending, and says whether its
 * late part is still running or ended without finishing (killed with the engine, or the machine).
 */
async function completeLate(c: StoredCompaction): Promise<void> {
  const late = join(c.dir, `${c.stem}${LATE_SUFFIX}`)
  try {
    c.row = JSON.parse(await readFile(late, 'utf8'))
    c.rowFile = late
    return
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      c.problem = `late row unreadable: ${(err as Error).message}`
      return
    }
  }
  const by = c.row!.late as { pid?: number; host?: string } | undefined
  const here = by?.host === undefined || by.host === hostname()
  if (here && !(await alive(by?.pid))) {
    c.row = {
      ...c.row,
      reason: `late-part-lost: the rehearsal's late part (pid ${by?.pid ?? 'unknown'}) ended before it finished, with no row of its own (its process was killed with the engine or the machine); the engine's own compaction stood`,
    }
  }
}
