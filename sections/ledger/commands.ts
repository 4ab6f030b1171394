/**
 * The shell commands in order, trimmed to the room left: the newest ten always, then older
 * commands that changed something, each clipped; read-only probes are the first to go. A command
 * rerun in a row with the same outcome is one row. A count line names what was left out and the
 * history call that lists every command in full.
 */
import { clip, hideSecretValuesInCommand, oneLine } from '../../pipeline/index.ts'
import type { Negative } from './command-writes.ts'
import { failed, negativeOf } from './failures.ts'
import type { Call } from './files.ts'
import { isDeletion } from './shell-writes.ts'

export interface CommandRow {
  /** 1-based position among the shell commands in scope. */
  n: number
  command: string
  readOnly: boolean
  /** The result was flagged as an error (never: "it succeeded" for the rest). */
  failed: boolean
  /** Flagged, but a search or test that answered no (`no match`, `differs`, `false`). */
  negative?: Negative
  /** Files its text says it writes. */
  writes: string[]
  at: number
  /** When the same command ran again right after, with the same outcome: the last run's `n`
   *  (the row stands for runs `n`…`until`; `repeatsCollapsed`). */
  until?: number
}

export interface CommandLimits {
  /** How many of the newest commands are always shown. */
  newest: number
  /** Clip for the older commands kept. */
  clipChars: number
  /** Clip for the newest ones while there is room (never below clipChars). */
  newestClipChars: number
}

export const DEFAULT_LIMITS: CommandLimits = { newest: 10, clipChars: 150, newestClipChars: 300 }

export function commandRows(calls: Call[]): CommandRow[] {
  return calls
    .filter((c) => c.use.name === 'Bash' && typeof c.use.input.command === 'string')
    .map((c, i) => {
      const negative = negativeOf(c)
      return {
        n: i + 1,
        command: c.use.input.command as string,
        readOnly: c.shell?.readOnly ?? false,
        failed: failed(c),
        ...(negative ? { negative } : {}),
        writes: c.shell?.writes.filter((w) => !isDeletion(w)).map((w) => w.path) ?? [],
        at: c.at,
      }
    })
}

/** How many runs a row stands for. */
const runs = (row: CommandRow) => (row.until ?? row.n) - row.n + 1

/**
 * One row for a command run again and again in a row with the same outcome (a test rerun after
 * each fix, a lint loop): `11–12. make test (2 runs in a row)`. Reruns whose outcome changed stay
 * apart, since that change is the news. Keeps the room for commands that differ.
 */
export function repeatsCollapsed(rows: CommandRow[]): CommandRow[] {
  const out: CommandRow[] = []
  for (const row of rows) {
    const last = out.at(-1)
    const same = last && last.command === row.command && last.failed === row.failed && last.negative === row.negative && (last.until ?? last.n) === row.n - 1
    if (same) out[out.length - 1] = { ...last, until: row.n, at: row.at, writes: [...new Set([...last.writes, ...row.writes])] }
    else out.push(row)
  }
  return out
}

export function renderCommand(row: CommandRow, max: number): string {
  const mark = row.failed ? '[error] ' : row.negative ? `[${row.negative}] ` : ''
  const n = runs(row)
  // A command that sets a secret inline is listed with the value hidden (the record keeps it whole).
  const command = `${mark}${clip(oneLine(hideSecretValuesInCommand(row.command)), max)}`
  return n > 1 ? `${row.n}–${row.until}. ${command} (${n} runs in a row)` : `${row.n}. ${command}`
}

export interface FittedCommands {
  text: string
  shown: number
  leftOut: number
  leftOutReadOnly: number
}

/**
 * Fits the rows into `room` chars. `countLine(left, readOnly)` writes the line that says what
 * was left out; it is measured like everything else.
 */
export function fitCommands(
  rows: CommandRow[],
  room: number,
  countLine: (left: number, readOnly: number) => string,
  limits: CommandLimits = DEFAULT_LIMITS,
): FittedCommands {
  if (rows.length === 0) return { text: '', shown: 0, leftOut: 0, leftOutReadOnly: 0 }
  const newest = rows.slice(-limits.newest)
  const older = rows.slice(0, Math.max(0, rows.length - limits.newest))
  const olderLines = older.map((r) => renderCommand(r, limits.clipChars))
  const kept = older.map(() => true)
  let newestClip = Math.max(limits.newestClipChars, limits.clipChars)

  // Sizes are kept as running sums, so each drop costs O(1) and 50,000 commands fit in one pass;
  // the text is joined once, at the end. Every line counts its '\n', less one for the last.
  let olderChars = olderLines.reduce((n, l) => n + l.length + 1, 0)
  let newestChars = newest.reduce((n, r) => n + renderCommand(r, newestClip).length + 1, 0)
  let left = 0
  let leftReadOnly = 0
  const size = () => (left ? countLine(left, leftReadOnly).length + 1 : 0) + olderChars + newestChars - 1

  // Read-only probes go first, oldest first; then older commands that changed something.
  const dropOrder = [...older.keys()].filter((i) => older[i]!.readOnly).concat([...older.keys()].filter((i) => !older[i]!.readOnly))
  for (const i of dropOrder) {
    if (size() <= room) break
    kept[i] = false
    olderChars -= olderLines[i]!.length + 1
    left += runs(older[i]!)
    if (older[i]!.readOnly) leftReadOnly += runs(older[i]!)
  }
  // Still over with only the newest left: clip them harder, down to the older commands' clip.
  while (size() > room && newestClip > limits.clipChars) {
    newestClip = Math.max(limits.clipChars, Math.floor(newestClip * 0.75))
    newestChars = newest.reduce((n, r) => n + renderCommand(r, newestClip).length + 1, 0)
  }
  const lines = [...(left ? [countLine(left, leftReadOnly)] : []), ...olderLines.filter((_, i) => kept[i]), ...newest.map((r) => renderCommand(r, newestClip))]
  return { text: lines.join('\n'), shown: rows.reduce((a, r) => a + runs(r), 0) - left, leftOut: left, leftOutReadOnly: leftReadOnly }
}

/** What the newest commands need at the least: the room the rest of the ledger must leave. */
export function commandsReserve(rows: CommandRow[], countLineChars: number, limits: CommandLimits = DEFAULT_LIMITS): number {
  const newest = rows.slice(-limits.newest)
  const lines = newest.map((r) => renderCommand(r, limits.clipChars).length + 1).reduce((a, b) => a + b, 0)
  return rows.length > newest.length ? lines + countLineChars + 1 : lines
}
