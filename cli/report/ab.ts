/**
 * The A/B table's figures: per arm, how many sessions and watched compactions, and the mean of
 * each watch figure with a 95 % bootstrap interval. The page reads only `abTable`'s answer, so
 * the comparison behind it can be swapped for another module that answers the same shape.
 */
import type { Arm, CompactionView, PostWatch } from './data.ts'

/** The watch's figures compared across arms, each a number per watched compaction. */
export const AB_FIGURES: Array<{ key: string; label: string; of: (p: PostWatch) => number | null }> = [
  { key: 'reReadRestored', label: 'restored files re-read', of: (p) => p.reReadRestored.length },
  { key: 'reReadNamed', label: 'named files re-read', of: (p) => p.reReadNamed.length },
  { key: 'reRunCommands', label: 'commands re-run', of: (p) => p.reRunCommands.length },
  { key: 'notReadRefusals', label: '"not read yet" refusals', of: (p) => p.notReadRefusals },
  { key: 'historyCalls', label: 'history-tool calls', of: (p) => p.historyCalls.length },
  { key: 'turnsToFirstToolCall', label: 'turns to first tool call', of: (p) => p.turnsToFirstToolCall },
  { key: 'compactedAgain', label: 'compacted again (share)', of: (p) => (p.compactedAgain ? 1 : 0) },
]

export interface ArmFigure {
  key: string
  label: string
  /** Compactions that gave a value. */
  n: number
  mean: number | null
  /** 95 % bootstrap interval of the mean; null with fewer than two values. */
  ci: [number, number] | null
}

export interface ArmSummary {
  arm: Arm
  sessions: number
  compactions: number
  figures: ArmFigure[]
}

export interface AbTable {
  arms: ArmSummary[]
  /** Whether both arms have enough sessions to compare at all; when not, why. */
  verdict: { enough: boolean; why: string }
}

/** The fewest sessions per arm before a comparison is worth showing as one. */
export const MIN_SESSIONS_PER_ARM = 5

/** A small seeded generator (mulberry32), so the same store gives the same intervals. */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The percentile bootstrap's 95 % interval of the mean (2,000 resamples). */
export function bootstrapMeanCi(values: number[], resamples = 2000, seed = 15): [number, number] | null {
  if (values.length < 2) return null
  const rand = seeded(seed)
  const means: number[] = []
  for (let i = 0; i < resamples; i++) {
    let sum = 0
    for (let j = 0; j < values.length; j++) sum += values[Math.floor(rand() * values.length)]!
    means.push(sum / values.length)
  }
  means.sort((a, b) => a - b)
  return [means[Math.floor(0.025 * (resamples - 1))]!, means[Math.ceil(0.975 * (resamples - 1))]!]
}

/** The table from every watched compaction that says its arm; the others are not counted. */
export function abTable(compactions: CompactionView[]): AbTable {
  const arms: ArmSummary[] = (['handoff', 'stock'] as const).map((arm) => {
    const watched = compactions.filter((c) => c.arm === arm && c.post)
    return {
      arm,
      sessions: new Set(watched.map((c) => c.sessionId)).size,
      compactions: watched.length,
      figures: AB_FIGURES.map(({ key, label, of }) => {
        const values = watched.map((c) => of(c.post!)).filter((v): v is number => v !== null)
        return {
          key,
          label,
          n: values.length,
          mean: values.length ? values.reduce((s, v) => s + v, 0) / values.length : null,
          ci: bootstrapMeanCi(values),
        }
      }),
    }
  })
  const short = arms.filter((a) => a.sessions < MIN_SESSIONS_PER_ARM)
  return {
    arms,
    verdict: short.length
      ? {
          enough: false,
          why: `too few sessions to tell: ${short.map((a) => `${a.arm} has ${a.sessions}`).join(', ')} (at least ${MIN_SESSIONS_PER_ARM} per arm)`,
        }
      : { enough: true, why: `${arms.map((a) => `${a.sessions} ${a.arm} sessions`).join(' against ')}` },
  }
}
