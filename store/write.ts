/**
 * The store's one writer: per compaction the handoff, the model's summary, the conversation as it
 * stood and the row, each written once; lines appended to the logs (index.jsonl, runs.jsonl,
 * lookups.jsonl, feedback). Nothing here rewrites or deletes, so two sessions compacting at the
 * same moment cannot lose each other's rows and a crash leaves a store every reader still opens.
 */
import { link, mkdir, readdir, unlink, writeFile } from 'node:fs/promises'
import { homedir, hostname } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { renderConversation } from '../pipeline/render.ts'
import type { Transcript } from '../pipeline/transcript.ts'
import {
  type FallbackCode,
  fileStem,
  INDEX_FILE,
  MODE_DIRS,
  nextNumber,
  padNumber,
  ROW_FILE,
  RUNS_FILE,
  type StoreMode,
  stemTime,
  TEXT_KINDS,
  type TextKind,
  LATE_SUFFIX,
} from '../plugin/hooks/protocol.ts'
import { appendJsonl, DIR_MODE, FILE_MODE } from './files.ts'
import { withLock } from './lock.ts'

// The store's file names, stems and numbering are the contract's (plugin/hooks/protocol.ts): the
// hooks module writes a failure's row into the same folders, by the same names.

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

export interface EarlierCompaction {
  n: number
  /** The row file, relative to the data dir. */
  file: string
  /** When it ran (from the file name). */
  at?: string
}

export interface NextCompaction {
  n: number
  prev: number | null
  /** How many compactions this one makes in the session's chain (n, unless numbers were skipped). */
  depth: number
  earlier: EarlierCompaction[]
}

/**
 * Numbers the next compaction of a session and claims the number: under the session's numbering
 * lock (taken over from a holder that died, store/lock.ts), one past every earlier row and every
 * claim, and a claim file for it created once. Two compactions of one session running at once
 * (subagents, two resumed processes) so never share an `n`. A row file the hooks module wrote for
 * a failure counts like any other; a claim whose compaction died leaves its number unused.
 */
export async function nextCompaction(ref: SessionStoreRef): Promise<NextCompaction> {
  const dir = sessionDir(ref)
  await mkdir(dir, { recursive: true, mode: DIR_MODE })
  return withLock(
    join(dir, NUMBERING_LOCK),
    async () => {
      const next = await numberFrom(ref, await readdir(dir))
      await writeOnce(join(dir, `${padNumber(next.n)}.claim`), JSON.stringify({ pid: process.pid, host: hostname(), at: new Date().toISOString() }) + '\n')
      return next
    },
    { waitMs: 10_000 },
  )
}

/** The session's numbering lock, in its store dir. */
export const NUMBERING_LOCK = '.numbering.lock'

async function numberFrom(ref: SessionStoreRef, names: string[]): Promise<NextCompaction> {
  const earlier = names
    .map((name) => ({ name, m: ROW_FILE.exec(name) }))
    .filter((x): x is { name: string; m: RegExpExecArray } => x.m !== null)
    .map(({ name, m }) => ({ n: Number(m[1]), file: join(MODE_DIRS[ref.mode], ref.sessionId, name), at: stemTime(name)! }))
    .sort((a, b) => a.n - b.n || a.file.localeCompare(b.file))
  // The number itself as the hooks module finds it for a failure's row: one past every row and claim.
  const { n, prev } = nextNumber(names)
  return { n, prev, depth: earlier.length + 1, earlier }
}

/** `pending`: a rehearsal's row written before its late part ran; `<stem>.late.json` completes it. */
export type Outcome = 'replaced' | 'rehearsed' | 'fallback' | 'pending'

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
  /** Why it fell back (the catalogue's code, plugin/hooks/protocol.ts FALLBACK_REASONS); null when it did not. */
  code?: FallbackCode | null
  /** `<code>: <what happened>`; null when it did not fall back (a pending row says why it is pending). */
  reason: string | null
  lineage: { n: number; prev: number | null }
  [key: string]: unknown
}

/** Where a compaction's files are, relative to the data dir; null for what it did not write. */
export interface RowFiles {
  handoff: string | null
  summary: string | null
  transcript: string | null
  row: string
}

/** The size of one stored text: characters, lines, and chars/4 as the token estimate. */
export interface TextSize {
  chars: number
  lines: number
  approxTokens: number
}

/** How the compaction's texts went into the search index (null: not asked to index). */
export type IndexOutcome =
  | { ok: true; chunks: number; ms: number }
  | { ok: false; reason: string; ms: number }
  /** Noted for the index and added after the handoff was handed up (`indexPending`). */
  | { deferred: true }
  | null

export interface WrittenCompaction {
  /** Absolute paths of what was written. */
  handoffFile: string | null
  summaryFile: string | null
  transcriptFile: string | null
  rowFile: string
  indexFile: string
  row: CompactionRow & { files: RowFiles; sizes: Partial<Record<TextKind, TextSize>>; index: IndexOutcome }
}

/**
 * Creates a file that must not exist yet, whole or not at all: the text goes to a hidden file
 * beside it, which is then hard-linked to its name (`link` fails if the name is taken, as `wx`
 * would) and removed. A reader that lists the folder never opens a half-written row.
 */
async function writeOnce(path: string, text: string): Promise<void> {
  const draft = join(dirname(path), `.${basename(path)}.${process.pid}.draft`)
  await writeFile(draft, text, { encoding: 'utf8', mode: FILE_MODE })
  try {
    await link(draft, path)
  } finally {
    await unlink(draft).catch(() => undefined)
  }
}

export function textSize(text: string): TextSize {
  let lines = 1
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++
  if (text.endsWith('\n')) lines--
  return { chars: text.length, lines, approxTokens: Math.ceil(text.length / 4) }
}

/**
 * The conversation as it stood, as the `.transcript.md` a compaction stores: every message in
 * order, tool calls with their inputs and results, generous caps so search finds what was said.
 */
export function transcriptDocument(t: Transcript, meta: { sessionId: string; n: number }): string {
  const r = renderConversation(t, { maxChars: 50_000_000, toolInputChars: 4_000, toolResultChars: 4_000, messageChars: 400_000 })
  return `# Conversation of session ${meta.sessionId} as it stood before compaction n=${String(meta.n).padStart(3, '0')} (${r.rendered} messages)\n\n${r.text}\n`
}

/** What an index line carries: the row less the sections' records and bodies (they stay in the row file). */
export function indexLine(row: Record<string, unknown>): Record<string, unknown> {
  const sections = Array.isArray(row.sections)
    ? row.sections.map((s: Record<string, unknown>) => {
        const { record: _r, body: _b, ...rest } = s
        return rest
      })
    : row.sections
  return { ...row, sections }
}

export interface CompactionEntry {
  row: CompactionRow
  handoff?: string | null
  /** The model's part of the handoff (the summary section's body). */
  summary?: string | null
  /** The conversation as it stood (transcriptDocument). */
  transcript?: string | null
  at?: Date
  /** Put the texts into the search index as part of the write (true, the default), note them
   *  for `indexPending` to add later ('defer': off the compaction's critical path), or not. */
  index?: boolean | 'defer'
  /** The pending row this write completes (a rehearsal's late part): the row goes to
   *  `NNN-<iso>.late.json` beside it, and carries the files the pending write stored. */
  completes?: { files: RowFiles; sizes: Partial<Record<TextKind, TextSize>> }
}

/**
 * Writes one compaction: the texts it has (`NNN-<iso>.md`, `.summary.md`, `.transcript.md`),
 * indexes them for search, writes the row (`NNN-<iso>.json`, with files, sizes and how the
 * indexing went), then appends it to `<dataDir>/index.jsonl` and the session's `runs.jsonl`.
 * A row on disk always has its texts beside it; an index that fails is recorded, never fatal.
 */
export async function writeCompaction(ref: SessionStoreRef, entry: CompactionEntry): Promise<WrittenCompaction> {
  const dir = sessionDir(ref)
  await mkdir(dir, { recursive: true, mode: DIR_MODE })
  const stem = fileStem(entry.row.lineage.n, entry.at ?? new Date(entry.row.at))
  const rel = (p: string) => p.slice(ref.dataDir.length + 1)
  const texts: Array<{ kind: TextKind; path: string; text: string }> = []
  for (const kind of Object.keys(TEXT_KINDS) as TextKind[]) {
    const text = entry[kind]
    if (text) texts.push({ kind, path: join(dir, `${stem}${TEXT_KINDS[kind]}`), text })
  }
  for (const t of texts) await writeOnce(t.path, t.text)
  const pathOf = (kind: TextKind) => texts.find((t) => t.kind === kind)?.path ?? null

  let index: IndexOutcome = null
  const docs = () => texts.map((t) => ({ path: rel(t.path), sessionId: ref.sessionId, mode: ref.mode, n: entry.row.lineage.n, kind: t.kind, at: entry.row.at }))
  if (entry.index === 'defer' && texts.length > 0) {
    const { notePending } = await import('./search.ts')
    await notePending(ref.dataDir, docs())
    index = { deferred: true }
  } else if (entry.index !== false && texts.length > 0) {
    const started = performance.now()
    try {
      const { indexDocs } = await import('./search.ts')
      const r = await indexDocs(
        ref.dataDir,
        docs().map((d, i) => ({ ...d, text: texts[i]!.text })),
      )
      index = { ok: true, chunks: r.chunks, ms: Math.round(performance.now() - started) }
    } catch (err) {
      index = { ok: false, reason: (err as Error)?.message ?? String(err), ms: Math.round(performance.now() - started) }
    }
  }

  const rowFile = join(dir, `${stem}${entry.completes ? LATE_SUFFIX : '.json'}`)
  const files: RowFiles = { handoff: null, summary: null, transcript: null, ...entry.completes?.files, row: rel(rowFile) }
  const sizes: Partial<Record<TextKind, TextSize>> = { ...entry.completes?.sizes }
  for (const t of texts) {
    files[t.kind] = rel(t.path)
    sizes[t.kind] = textSize(t.text)
  }
  const row = { ...entry.row, files, sizes, index }
  await writeOnce(rowFile, JSON.stringify(row, null, 2) + '\n')
  const indexFile = join(ref.dataDir, INDEX_FILE)
  const line = indexLine(row)
  await appendJsonl(indexFile, line)
  await appendJsonl(join(dir, RUNS_FILE), line)
  return { handoffFile: pathOf('handoff'), summaryFile: pathOf('summary'), transcriptFile: pathOf('transcript'), rowFile, indexFile, row }
}

/** The compaction's feedback log, beside its row: `NNN-<iso>.feedback.jsonl`. */
export function feedbackFile(rowFile: string): string {
  return rowFile.replace(/\.json$/, '.feedback.jsonl')
}
