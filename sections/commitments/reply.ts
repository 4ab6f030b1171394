/**
 * Reading the commitments reply: one JSON row per line inside `<commitments>`, a sentence kept
 * once under its most specific kind, and a reply cut by the output cap told apart from a whole
 * one (the tokens ran out, or the last row opens and never closes, or the block never closes).
 */
import { fmt } from '../../pipeline/index.ts'
import { type CommitmentKind, KINDS } from './prompt.ts'

export interface Commitment {
  kind: CommitmentKind
  /** The message number the quote is in ([#N] in the rendered conversation). */
  at: number | null
  quote: string
  open: string
}

export interface ParsedCommitments {
  rows: Commitment[]
  /** Lines inside the block that were not a row we could read (cut rows excluded). */
  unreadable: number
  /** Rows dropped because the same sentence was already reported under a more specific kind. */
  duplicates: number
  /** Was the block there at all, and did it close. */
  block: 'closed' | 'unclosed' | 'missing'
  /** The last line opens a row and never closes it. */
  truncatedRow: boolean
}

const specificity = (k: CommitmentKind) => KINDS.indexOf(k)
const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase()

function readRow(line: string): Commitment | null {
  let v: unknown
  try {
    v = JSON.parse(line)
  } catch {
    return null
  }
  const o = v as Record<string, unknown>
  if (!o || typeof o !== 'object' || !KINDS.includes(o.kind as CommitmentKind) || typeof o.quote !== 'string' || o.quote.trim() === '') return null
  const at = typeof o.at === 'number' && Number.isInteger(o.at) ? o.at : typeof o.at === 'string' && /^#?\d+$/.test(o.at) ? Number(o.at.replace('#', '')) : null
  return { kind: o.kind as CommitmentKind, at, quote: o.quote.trim(), open: typeof o.open === 'string' ? o.open.trim() : '' }
}

export function parseCommitments(reply: string): ParsedCommitments {
  const start = reply.indexOf('<commitments>')
  if (start < 0) return { rows: [], unreadable: 0, duplicates: 0, block: 'missing', truncatedRow: false }
  const end = reply.indexOf('</commitments>', start)
  const inner = reply.slice(start + '<commitments>'.length, end < 0 ? undefined : end)
  const lines = inner
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
  const rows: Commitment[] = []
  let unreadable = 0
  let truncatedRow = false
  lines.forEach((line, i) => {
    const row = readRow(line.replace(/^[-*]\s+/, ''))
    if (row) rows.push(row)
    // A last line that opens a row and never closes it is where the cap cut the reply.
    else if (end < 0 && i === lines.length - 1 && line.startsWith('{')) truncatedRow = true
    else unreadable++
  })
  // One sentence, one row: the most specific kind wins, then the first written.
  const best = new Map<string, Commitment>()
  for (const r of rows) {
    const key = norm(r.quote)
    const had = best.get(key)
    if (!had || specificity(r.kind) < specificity(had.kind)) best.set(key, r)
  }
  const kept = rows.filter((r) => best.get(norm(r.quote)) === r)
  return { rows: kept, unreadable, duplicates: rows.length - kept.length, block: end < 0 ? 'unclosed' : 'closed', truncatedRow }
}

const HEADINGS: Record<CommitmentKind, string> = {
  unkept: 'Said it would do, and did not',
  correction: 'Corrections it accepted',
  question: 'Questions left unanswered',
}

function renderRow(r: Commitment): string {
  return `- ${r.at === null ? '' : `#${r.at} `}"${r.quote}"${r.open ? ` — ${r.open}` : ''}`
}

/**
 * The body, within `budget`: grouped by kind, in message order. When it does not fit, the oldest
 * rows go first and a line says how many. `capNote` (when the reply was cut) is always kept.
 */
export function renderCommitments(rows: Commitment[], budget: number, capNote: string | null): { body: string; kept: number; leftOut: number } {
  const intro = 'What the assistant left open, read from the conversation by a model (#N is the message number in the conversation as it stood at compaction):'
  const ordered = [...rows].sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity))
  const build = (shown: Commitment[], leftOut: number) => {
    const parts = [intro]
    if (capNote) parts.push(capNote)
    if (leftOut > 0) parts.push(`[${fmt(leftOut)} older row${leftOut === 1 ? '' : 's'} left out to fit budgetChars: ${fmt(budget)}]`)
    for (const kind of ['unkept', 'correction', 'question'] as const) {
      const of = shown.filter((r) => r.kind === kind)
      if (of.length) parts.push(`${HEADINGS[kind]}:\n${of.map(renderRow).join('\n')}`)
    }
    return parts.join('\n\n')
  }
  let from = 0
  let body = build(ordered, 0)
  while (body.length > budget && from < ordered.length) {
    from++
    body = build(ordered.slice(from), from)
  }
  return { body, kept: ordered.length - from, leftOut: from }
}
