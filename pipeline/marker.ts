/**
 * The lineage marker: the first line of every handoff, written and read here only. A later
 * compaction reads it to know its depth (and the transcript reader to tell a handoff from words
 * that merely quote one).
 */
import type { Lineage } from './types.ts'

const pad = (n: number) => String(n).padStart(3, '0')

const MARKER_RE = /^<!-- compact-handoff: session=(\S+) n=(\d+) prev=(\d+|none) -->$/

export function lineageMarker(sessionId: string, lineage: Pick<Lineage, 'n' | 'prev'>): string {
  return `<!-- compact-handoff: session=${sessionId} n=${pad(lineage.n)} prev=${lineage.prev === null ? 'none' : pad(lineage.prev)} -->`
}

/** The marker on the first line of `text`, or null when that line is not one (whole, exactly). */
export function parseMarker(text: string): { sessionId: string; n: number; prev: number | null } | null {
  const m = MARKER_RE.exec(text.split('\n', 1)[0]!)
  if (!m) return null
  return { sessionId: m[1]!, n: Number(m[2]), prev: m[3] === 'none' ? null : Number(m[3]) }
}
