/**
 * The A/B comparison: the handoff arm against the stock arm on the watch's figures (NNN.post.json,
 * the turns after each compaction). The unit is the session, since the draw assigns sessions: each
 * session's figure is the mean over its watched compactions, each arm's the mean over its
 * sessions, and the difference (handoff − stock) gets a percentile bootstrap interval, resampling
 * sessions within each arm. Below `minSessions` sessions in either arm it says so instead of a
 * verdict. Only sessions the draw put in their arm count (live on); a session rehearsing because
 * live is off is stock by setting, not by chance, and is counted apart.
 */
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { type Arm, MODE_DIRS, type PostDoc } from '../plugin/hooks/protocol.ts'

/** One session's watched compactions. */
export interface AbSession {
  sessionId: string
  arm: Arm
  drawn: boolean
  watches: PostDoc[]
}

export interface AbMetric {
  key: string
  label: string
  /** Which way is better for the handoff, when one is. */
  better: 'lower' | 'higher' | null
  /** The figure for one watched compaction; null when it has none (no tool call was made). */
  of(p: PostDoc): number | null
}

export const AB_METRICS: readonly AbMetric[] = [
  {
    key: 'reReads',
    label: 'files read again that the handoff restored or named',
    better: 'lower',
    of: (p) => p.reReadRestored.length + p.reReadNamed.length,
  },
  { key: 'reRuns', label: 'listed commands run again', better: 'lower', of: (p) => p.reRunCommands.length },
  { key: 'notReadRefusals', label: '"File has not been read yet" refusals', better: 'lower', of: (p) => p.notReadRefusals },
  { key: 'historyCalls', label: 'history tool calls', better: null, of: (p) => p.historyCalls.length },
  { key: 'turnsToFirstToolCall', label: 'turns to the first tool call', better: null, of: (p) => p.turnsToFirstToolCall },
  { key: 'compactedAgain', label: 'compacted again within the watch (share)', better: 'lower', of: (p) => (p.compactedAgain ? 1 : 0) },
]

export type AbVerdict = 'too-few' | 'handoff-lower' | 'handoff-higher' | 'no-clear-difference'

export interface AbMetricResult {
  key: string
  label: string
  better: 'lower' | 'higher' | null
  handoff: { sessions: number; mean: number | null }
  stock: { sessions: number; mean: number | null }
  /** handoff − stock; null with too few sessions on either side. */
  diff: number | null
  ci: [number, number] | null
  verdict: AbVerdict
}

export interface AbReport {
  arms: Record<Arm, { sessions: number; compactions: number }>
  /** Sessions left out: rehearsing with live off (stock by setting, not drawn). */
  notDrawn: { sessions: number; compactions: number }
  minSessions: number
  resamples: number
  level: number
  /** Both arms have at least minSessions sessions with a watched compaction. */
  enough: boolean
  metrics: AbMetricResult[]
}

export interface AbOptions {
  resamples?: number
  /** The bootstrap's seed, so the same store gives the same interval. */
  seed?: number
  minSessions?: number
  /** The interval's coverage (0.95). */
  level?: number
}

/** mulberry32: a small seeded generator; the interval must not change between two runs. */
function generator(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null)
const round = (x: number) => Math.round(x * 1e4) / 1e4

/** Each session's figure for one metric: its watches' mean, or nothing when none has the figure. */
function perSession(sessions: readonly AbSession[], m: AbMetric): number[] {
  return sessions.flatMap((s) => {
    const v = mean(s.watches.map((w) => m.of(w)).filter((x): x is number => x !== null))
    return v === null ? [] : [v]
  })
}

function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q
  const lo = Math.floor(at)
  const hi = Math.ceil(at)
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo)
}

/** The percentile bootstrap interval of mean(a) − mean(b), resampling each side on its own. */
export function bootstrapDiff(a: readonly number[], b: readonly number[], opts: { resamples: number; seed: number; level: number }): [number, number] {
  const rand = generator(opts.seed)
  const draw = (xs: readonly number[]) => {
    let sum = 0
    for (let i = 0; i < xs.length; i++) sum += xs[Math.floor(rand() * xs.length)]!
    return sum / xs.length
  }
  const diffs = Array.from({ length: opts.resamples }, () => draw(a) - draw(b)).sort((x, y) => x - y)
  const tail = (1 - opts.level) / 2
  return [quantile(diffs, tail), quantile(diffs, 1 - tail)]
}

/** Compares the arms. Pure: the sessions in, a plain object out. */
export function compareArms(all: readonly AbSession[], opts: AbOptions = {}): AbReport {
  const resamples = opts.resamples ?? 2_000
  const seed = opts.seed ?? 1
  const minSessions = opts.minSessions ?? 5
  const level = opts.level ?? 0.95
  // A watch that saw no turn (the session ended at the compaction) says nothing about the turns after it.
  const watched = all.map((s) => ({ ...s, watches: s.watches.filter((w) => w.turnsSeen > 0) })).filter((s) => s.watches.length > 0)
  const drawn = watched.filter((s) => s.drawn)
  const notDrawn = watched.filter((s) => !s.drawn)
  const of = (arm: Arm) => drawn.filter((s) => s.arm === arm)
  const count = (ss: readonly AbSession[]) => ({ sessions: ss.length, compactions: ss.reduce((n, s) => n + s.watches.length, 0) })
  const handoff = of('handoff')
  const stock = of('stock')
  const enough = handoff.length >= minSessions && stock.length >= minSessions
  const metrics = AB_METRICS.map((m, i): AbMetricResult => {
    const h = perSession(handoff, m)
    const s = perSession(stock, m)
    const base = {
      key: m.key,
      label: m.label,
      better: m.better,
      handoff: { sessions: h.length, mean: mean(h) === null ? null : round(mean(h)!) },
      stock: { sessions: s.length, mean: mean(s) === null ? null : round(mean(s)!) },
    }
    if (h.length < minSessions || s.length < minSessions) return { ...base, diff: null, ci: null, verdict: 'too-few' }
    const diff = mean(h)! - mean(s)!
    // One seed per metric, so adding a metric does not move another's interval.
    const [lo, hi] = bootstrapDiff(h, s, { resamples, seed: seed + i, level })
    const verdict: AbVerdict = lo > 0 ? 'handoff-higher' : hi < 0 ? 'handoff-lower' : 'no-clear-difference'
    return { ...base, diff: round(diff), ci: [round(lo), round(hi)], verdict }
  })
  return { arms: { handoff: count(handoff), stock: count(stock) }, notDrawn: count(notDrawn), minSessions, resamples, level, enough, metrics }
}

/** Every session's watched compactions in the store (sessions/ and rehearsals/ alike). */
export async function readAbSessions(dataDir: string): Promise<AbSession[]> {
  const bySession = new Map<string, AbSession>()
  for (const modeDir of Object.values(MODE_DIRS)) {
    const root = join(dataDir, modeDir)
    const ids = await readdir(root).catch(() => [] as string[])
    for (const id of ids) {
      const names = await readdir(join(root, id)).catch(() => [] as string[])
      for (const name of names.filter((x) => /^\d{3,}\.post\.json$/.test(x)).sort()) {
        let doc: PostDoc
        try {
          doc = JSON.parse(await readFile(join(root, id, name), 'utf8')) as PostDoc
        } catch {
          continue // a post.json being replaced or damaged: the next run reads it
        }
        if (doc?.v !== 1 || (doc.arm !== 'handoff' && doc.arm !== 'stock')) continue
        // A session in both folders (live toggled between its compactions) is one session per arm.
        const key = `${id}\u0000${doc.arm}`
        const s = bySession.get(key) ?? { sessionId: id, arm: doc.arm, drawn: doc.drawn === true, watches: [] }
        s.watches.push(doc)
        bySession.set(key, s)
      }
    }
  }
  return [...bySession.values()]
}

const num = (x: number | null, digits = 2) => (x === null ? '—' : x.toFixed(digits))

/** The comparison as a person reads it. */
export function abText(r: AbReport): string {
  const pct = Math.round(r.level * 100)
  const lines = [
    `A/B: the handoff arm against the stock arm, on the watch of the turns after each compaction (NNN.post.json)`,
    `Sessions the draw assigned: handoff ${r.arms.handoff.sessions} (${r.arms.handoff.compactions} compactions), stock ${r.arms.stock.sessions} (${r.arms.stock.compactions} compactions)` +
      (r.notDrawn.sessions ? `; ${r.notDrawn.sessions} rehearsing with live off left out (stock by setting, not by the draw)` : ''),
  ]
  if (!r.enough) {
    const short = (['handoff', 'stock'] as const).filter((a) => r.arms[a].sessions < r.minSessions).map((a) => `${a} has ${r.arms[a].sessions}`)
    lines.push(
      `Too few sessions to tell: each arm needs at least ${r.minSessions} sessions with a watched compaction (${short.join(', ')}). The means below are shown, not compared.`,
    )
  }
  const rows = r.metrics.map((m) => {
    const ci = m.ci ? `${num(m.diff)} [${num(m.ci[0])}, ${num(m.ci[1])}]` : '—'
    const verdict = m.verdict === 'too-few' ? 'too few to tell' : m.verdict.replace(/-/g, ' ')
    return [m.label, num(m.handoff.mean), num(m.stock.mean), ci, verdict]
  })
  const head = ['per compaction (session means)', 'handoff', 'stock', `difference, ${pct}% CI`, '']
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd()
  lines.push('', fmt(head), ...rows.map(fmt))
  lines.push('', `Difference: handoff − stock. Interval: percentile bootstrap over sessions, ${r.resamples.toLocaleString('en-US')} resamples.`)
  return lines.join('\n')
}
