/**
 * What the report shows, read off the store: each session's compactions (row, and the watch's
 * `NNN.post.json` beside it), its per-turn occupancy (`window.jsonl`), and the quality bench's
 * latest results. Files written by newer plugins are optional: a store from before they existed
 * reads as "not recorded", never as an error, and a torn line or a file that does not parse is
 * counted and named, never fatal.
 */
import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { padNumber } from '../../plugin/hooks/protocol.ts'
import { readJsonl, sessionCompactions, storedSessions } from '../../store/read.ts'

/** The session's folder holds one line per main-session turn (issue 15, item 1). */
export const WINDOW_FILE = 'window.jsonl'
/** Beside compaction NNN: the watch over the turns after it (issue 15, item 2). */
export const postFile = (n: number): string => `${padNumber(n)}.post.json`

export type Arm = 'handoff' | 'stock'

/** One line of `window.jsonl`. */
export interface WindowRow {
  at: string
  turn: number
  tokens: number
  window: number
  share: number
  /** 0 before the first compaction, n after compaction n. */
  phase: number
  /** On the first turn after a compaction: the share of the window the handoff took. */
  handoffShare?: number
}

/** `NNN.post.json`: what the turns after compaction NNN did. */
export interface PostWatch {
  compaction: number
  arm: Arm | null
  watchTurns: number
  turnsSeen: number
  complete: boolean
  reReadRestored: string[]
  reReadNamed: string[]
  reRunCommands: string[]
  notReadRefusals: number
  historyCalls: Array<{ tool: string; input: unknown; results: number }>
  turnsToFirstToolCall: number | null
  compactedAgain: boolean
}

export interface SectionShare {
  name: string
  status: 'ok' | 'dropped' | string
  chars: number | null
  ms: number | null
  code: string | null
  message: string | null
}

export interface CompactionView {
  sessionId: string
  n: number
  at: string
  mode: 'live' | 'rehearsal'
  trigger: string | null
  outcome: string | null
  /** The fallback catalogue's code, when it fell back. */
  code: string | null
  reason: string | null
  chars: number | null
  sections: SectionShare[]
  /** Model calls the compaction made that were answered (billed). */
  calls: number
  /** usd null: unpriced, with what was priced beside it and why. */
  cost: { usd: number | null; pricedUsd: number | null; reason: string | null } | null
  arm: Arm | null
  /** The watch's figures; null when the store holds none for it (older plugin, or still watching). */
  post: PostWatch | null
  /** Why a file of this compaction could not be read. */
  problems: string[]
}

export interface SessionView {
  sessionId: string
  compactions: CompactionView[]
  /** Null when the session has no window.jsonl (written by plugins from issue 15 on). */
  window: WindowRow[] | null
  /** Lines of window.jsonl that did not parse or lacked a field. */
  windowSkipped: number
  lastAt: string
}

export interface QualityResults {
  file: string
  date: string | null
  sessions: number | null
  means: Record<string, { recall: number | null; chars: number | null }>
  curve: Array<{ arm: string; points: Array<{ ceiling: number; recall: number | null; chars: number | null }> }>
  perSection: Array<{ name: string; kept: number; chars: number | null; recall: number | null }>
  winsAtStockSize: number | null
}

export interface ReportData {
  dataDir: string
  /** The one session asked for, or null for the whole store. */
  session: string | null
  sessions: SessionView[]
  /** The quality bench's latest results, or why there are none. */
  quality: QualityResults | { missing: string }
  generatedAt: string
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null)
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])
const arm = (v: unknown): Arm | null => (v === 'handoff' || v === 'stock' ? v : null)

/** A window.jsonl line, or null when it lacks what a chart needs. */
export function windowRow(v: Record<string, unknown>): WindowRow | null {
  const turn = num(v.turn)
  const tokens = num(v.tokens)
  const window = num(v.window)
  const phase = num(v.phase)
  const share = num(v.share) ?? (tokens !== null && window ? tokens / window : null)
  if (turn === null || tokens === null || window === null || phase === null || share === null) return null
  const handoffShare = num(v.handoffShare)
  return { at: str(v.at) ?? '', turn, tokens, window, share, phase, ...(handoffShare !== null ? { handoffShare } : {}) }
}

/** A post.json as stored, each figure checked; fields a writer left out read as empty, not wrong. */
export function postWatch(v: Record<string, unknown>): PostWatch {
  return {
    compaction: num(v.compaction) ?? 0,
    arm: arm(v.arm),
    watchTurns: num(v.watchTurns) ?? 0,
    turnsSeen: num(v.turnsSeen) ?? 0,
    complete: v.complete === true,
    reReadRestored: strings(v.reReadRestored),
    reReadNamed: strings(v.reReadNamed),
    reRunCommands: strings(v.reRunCommands),
    notReadRefusals: num(v.notReadRefusals) ?? 0,
    historyCalls: Array.isArray(v.historyCalls)
      ? v.historyCalls
          .filter((c): c is Record<string, unknown> => !!c && typeof c === 'object')
          .map((c) => ({ tool: str(c.tool) ?? '?', input: c.input, results: num(c.results) ?? 0 }))
      : [],
    turnsToFirstToolCall: num(v.turnsToFirstToolCall),
    compactedAgain: v.compactedAgain === true,
  }
}

function sectionShares(sections: unknown): SectionShare[] {
  if (!Array.isArray(sections)) return []
  return sections
    .filter((s): s is Record<string, unknown> => !!s && typeof s === 'object')
    .map((s) => ({
      name: str(s.name) ?? '?',
      status: str(s.status) ?? '?',
      chars: num(s.chars),
      ms: num(s.ms),
      code: str(s.code),
      message: str(s.message),
    }))
}

function costOf(row: Record<string, any>): CompactionView['cost'] {
  const c = row.cost
  if (!c || typeof c !== 'object') return null
  return { usd: num(c.usd), pricedUsd: num(c.pricedUsd) ?? num(c.usd), reason: str(c.reason) }
}

async function readPost(dir: string, n: number): Promise<{ post: PostWatch | null; problem?: string }> {
  const file = join(dir, postFile(n))
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { post: null }
    return { post: null, problem: `${postFile(n)} unreadable: ${(err as Error).message}` }
  }
  try {
    const v = JSON.parse(text)
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not a JSON object')
    return { post: postWatch(v) }
  } catch (err) {
    return { post: null, problem: `${postFile(n)} does not parse: ${(err as Error).message}` }
  }
}

/** One session as the report shows it: its compactions oldest first, its window rows by turn. */
export async function readSession(dataDir: string, sessionId: string, dirs: string[]): Promise<SessionView> {
  const compactions: CompactionView[] = []
  for (const c of await sessionCompactions(dataDir, sessionId)) {
    const row = c.row ?? {}
    const { post, problem } = await readPost(c.dir, c.n)
    const calls = Array.isArray(row.model?.calls) ? row.model.calls.filter((x: { answeredBy?: unknown }) => x?.answeredBy).length : 0
    compactions.push({
      sessionId,
      n: c.n,
      at: c.at,
      mode: c.mode,
      trigger: str(row.trigger),
      outcome: str(row.outcome),
      code: str(row.code) ?? (row.outcome === 'fallback' ? (str(row.reason)?.split(':')[0] ?? null) : null),
      reason: str(row.reason),
      chars: num(row.chars),
      sections: sectionShares(row.sections),
      calls,
      cost: costOf(row),
      arm: arm(row.arm) ?? post?.arm ?? null,
      post,
      problems: [c.problem, problem].filter((p): p is string => !!p),
    })
  }
  let window: WindowRow[] | null = null
  let windowSkipped = 0
  for (const dir of dirs) {
    const file = join(dir, WINDOW_FILE)
    if (!existsSync(file)) continue
    const read = await readJsonl(file)
    const rows = read.rows.map(windowRow)
    windowSkipped += read.torn + rows.filter((r) => r === null).length
    window = [...(window ?? []), ...rows.filter((r): r is WindowRow => r !== null)]
  }
  window?.sort((a, b) => a.turn - b.turn || a.at.localeCompare(b.at))
  const lastAt = [...compactions.map((c) => c.at), ...(window ?? []).map((w) => w.at)].sort().at(-1) ?? ''
  return { sessionId, compactions, window, windowSkipped, lastAt }
}

/** The quality bench's results file, or why there is none. */
export function readQuality(file: string | null): ReportData['quality'] {
  if (!file) return { missing: 'no quality results found (run `npm run bench -- quality` in a clone, or pass --quality FILE)' }
  let v: Record<string, any>
  try {
    v = JSON.parse(readFileSync(file, 'utf8'))
  } catch (err) {
    return { missing: `${file} could not be read: ${(err as Error).message}` }
  }
  const means: QualityResults['means'] = {}
  for (const [name, m] of Object.entries((v.means ?? {}) as Record<string, any>)) means[name] = { recall: num(m?.recall), chars: num(m?.chars) }
  if (!Object.values(means).some((m) => m.recall !== null && m.chars !== null))
    return { missing: `${file} holds no results (no arm with a mean recall and size)` }
  return {
    file,
    date: str(v.date),
    sessions: num(v.sessions),
    means,
    curve: Array.isArray(v.curve)
      ? v.curve.map((c: any) => ({
          arm: String(c?.arm ?? '?'),
          points: Array.isArray(c?.points) ? c.points.map((p: any) => ({ ceiling: num(p?.ceiling) ?? 0, recall: num(p?.recall), chars: num(p?.chars) })) : [],
        }))
      : [],
    perSection: Array.isArray(v.perSection)
      ? v.perSection.map((p: any) => ({ name: String(p?.name ?? '?'), kept: num(p?.kept) ?? 0, chars: num(p?.chars), recall: num(p?.recall) }))
      : [],
    winsAtStockSize: num(v.winsAtStockSize),
  }
}

/**
 * Where the quality bench's latest results are: the file named, else `bench/results/quality.json`
 * under the working folder, else under the clone this CLI runs from (found by walking up from
 * this module, which in the bundle is plugin/dist/chunks/…); null when none exists.
 */
export function findQuality(named: string | undefined, cwd: string = process.cwd()): string | null {
  if (named) return resolve(cwd, named)
  const rel = join('bench', 'results', 'quality.json')
  if (existsSync(join(cwd, rel))) return join(cwd, rel)
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let i = 0; i < 6; i++) {
    const pkg = join(dir, 'package.json')
    if (existsSync(pkg)) {
      try {
        if (JSON.parse(readFileSync(pkg, 'utf8')).name === 'compact-handoff') return existsSync(join(dir, rel)) ? join(dir, rel) : null
      } catch {
        // not ours: keep walking
      }
    }
    dir = dirname(dir)
  }
  return null
}

/** Everything the page shows, for one session or (session null) every session in the store, newest first. */
export async function readReport(dataDir: string, opts: { session?: string | null; quality?: string | null } = {}): Promise<ReportData> {
  const folders = await storedSessions(dataDir)
  const ids = [...new Set(folders.map((f) => f.sessionId))].filter((id) => !opts.session || id === opts.session)
  const sessions = await Promise.all(
    ids.map((id) =>
      readSession(
        dataDir,
        id,
        folders.filter((f) => f.sessionId === id).map((f) => f.dir),
      ),
    ),
  )
  // A folder with neither a compaction nor a turn logged (a compaction that died before its row) has nothing to show.
  const shown = sessions.filter((s) => s.compactions.length > 0 || s.window !== null)
  shown.sort((a, b) => b.lastAt.localeCompare(a.lastAt) || a.sessionId.localeCompare(b.sessionId))
  return {
    dataDir,
    session: opts.session ?? null,
    sessions: shown,
    quality: readQuality(opts.quality === undefined ? findQuality(undefined) : opts.quality),
    generatedAt: new Date().toISOString(),
  }
}
