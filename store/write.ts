/**
 * The store's writer: one handoff file and one JSON row per compaction, written once, plus a line
 * appended to the data dir's index. Nothing here rewrites or deletes, so two sessions compacting
 * at the same moment cannot lose each other's rows and a crash leaves a readable store.
 */
import { constants } from 'node:fs'
import { appendFile, mkdir, open, readdir } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'

/** Live compactions and rehearsals are kept apart, so a rehearsal never reads as a handoff that stood. */
export type StoreMode = 'live' | 'rehearsal'

export const INDEX_FILE = 'index.jsonl'

/** The folder one mode keeps under the data dir. */
export const MODE_DIRS: Record<StoreMode, string> = { live: 'sessions', rehearsal: 'rehearsals' }

/**
 * The data dir: the `dataDir` setting when given, else `COMPACT_HANDOFF_DATA_DIR`, else
 * `~/.claude/compact-handoff`. The hooks module resolves the same order and passes the result on.
 */
export function resolveDataDir(setting: string | undefined, env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  if (setting && setting.trim()) return expandHome(setting.trim(), home)
  if (env.COMPACT_HANDOFF_DATA_DIR) return expandHome(env.COMPACT_HANDOFF_DATA_DIR, home)
  return join(home, '.claude', 'compact-handoff')
}

function expandHome(path: string, home: string): string {
  return path === '~' ? home : path.startsWith('~/') ? join(home, path.slice(2)) : path
}

export interface SessionStoreRef {
  dataDir: string
  mode: StoreMode
  sessionId: string
}

/** `<dataDir>/sessions/<sessionId>` or `<dataDir>/rehearsals/<sessionId>`. */
export function sessionDir(ref: SessionStoreRef): string {
  if (!/^[A-Za-z0-9._-]+$/.test(ref.sessionId) || ref.sessionId.startsWith('.')) {
    throw new Error(`session id ${JSON.stringify(ref.sessionId)} is not safe as a folder name`)
  }
  return join(ref.dataDir, MODE_DIRS[ref.mode], ref.sessionId)
}

/** `NNN-<iso>` with the iso made safe for every file system (no `:`). */
export function fileStem(n: number, at: Date): string {
  return `${String(n).padStart(3, '0')}-${at.toISOString().replace(/[:.]/g, '-')}`
}

const ROW_FILE = /^(\d{3,})-.+\.json$/

export interface EarlierCompaction {
  n: number
  /** The row file, relative to the data dir. */
  file: string
}

export interface NextCompaction {
  n: number
  prev: number | null
  earlier: EarlierCompaction[]
}

/**
 * Numbers the next compaction of a session: earlier rows in its store dir, plus one. A row file
 * the hooks module wrote for a failure counts like any other, so numbers never repeat.
 */
export async function nextCompaction(ref: SessionStoreRef): Promise<NextCompaction> {
  const dir = sessionDir(ref)
  let names: string[] = []
  try {
    names = await readdir(dir)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  const earlier = names
    .map((name) => ({ name, m: ROW_FILE.exec(name) }))
    .filter((x): x is { name: string; m: RegExpExecArray } => x.m !== null)
    .map(({ name, m }) => ({ n: Number(m[1]), file: join(MODE_DIRS[ref.mode], ref.sessionId, name) }))
    .sort((a, b) => a.n - b.n || a.file.localeCompare(b.file))
  const last = earlier.at(-1)
  return { n: earlier.length + 1, prev: last ? last.n : null, earlier }
}

export type Outcome = 'replaced' | 'rehearsed' | 'fallback'

/**
 * One compaction as the store records it. The writer adds `files`; everything else is the
 * caller's. Numbers that could not be measured are null, never 0.
 */
export interface CompactionRow {
  v: 1
  at: string
  sessionId: string
  mode: StoreMode
  trigger: string
  agentId?: string
  outcome: Outcome
  /** Why it fell back; null when it did not. */
  reason: string | null
  lineage: { n: number; prev: number | null }
  [key: string]: unknown
}

export interface WrittenCompaction {
  /** Absolute paths of what was written. */
  handoffFile: string | null
  rowFile: string
  indexFile: string
  row: CompactionRow & { files: { handoff: string | null; row: string } }
}

const DIR_MODE = 0o700
const FILE_MODE = 0o600

/** Creates a file that must not exist yet, writes it whole, and closes it (flag `wx`). */
async function writeOnce(path: string, text: string): Promise<void> {
  const fh = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, FILE_MODE)
  try {
    await fh.writeFile(text, 'utf8')
  } finally {
    await fh.close()
  }
}

/**
 * Writes one compaction: `NNN-<iso>.md` (when there is a handoff), `NNN-<iso>.json`, then one
 * line on `<dataDir>/index.jsonl` in a single O_APPEND write. The row is written last but one,
 * so a row file on disk always has its handoff beside it.
 */
export async function writeCompaction(
  ref: SessionStoreRef,
  entry: { row: CompactionRow; handoff?: string | null; at?: Date },
): Promise<WrittenCompaction> {
  const dir = sessionDir(ref)
  await mkdir(dir, { recursive: true, mode: DIR_MODE })
  const stem = fileStem(entry.row.lineage.n, entry.at ?? new Date(entry.row.at))
  const handoffFile = entry.handoff ? join(dir, `${stem}.md`) : null
  const rowFile = join(dir, `${stem}.json`)
  const rel = (p: string) => p.slice(ref.dataDir.length + 1)
  const row = { ...entry.row, files: { handoff: handoffFile && rel(handoffFile), row: rel(rowFile) } }
  if (handoffFile) await writeOnce(handoffFile, entry.handoff!)
  await writeOnce(rowFile, JSON.stringify(row, null, 2) + '\n')
  const indexFile = join(ref.dataDir, INDEX_FILE)
  // One write of one line with O_APPEND: concurrent writers interleave whole lines.
  await appendFile(indexFile, JSON.stringify(row) + '\n', { encoding: 'utf8', mode: FILE_MODE, flag: 'a' })
  return { handoffFile, rowFile, indexFile, row }
}
