/**
 * The watch of the turns after a compaction (`NNN.post.json`): what each turn did that says
 * whether the handoff carried enough — files read again, commands run again, refusals to edit a
 * file the window has not read, history looked up — as plain functions with no `$` (./field
 * makes the calls). The raw calls of each turn are kept in the file, so the figures are worked
 * out again whenever the handoff's refs arrive (a rehearsal's row completes after the engine
 * compacted) and a resumed session goes on from the file. See store/README.md.
 */
import type { SessionMessage } from 'claude-code'
import { type Arm, type PostDoc, TOOL_NAMES, TOOL_PREFIX, type TurnCalls } from './protocol'

/** The engine's refusal to edit or write a file the conversation has not read (since it was compacted). */
export const NOT_READ = /File has not been read yet/i

/** What the handoff restored, named and listed (engine/field.ts writes them on the row). */
export interface HandoffRefs {
  restored: string[]
  named: string[]
  commands: string[]
}

export interface Watch {
  n: number
  arm: Arm
  /** The A/B draw decided the arm (live on). */
  drawn: boolean
  watchTurns: number
  turns: TurnCalls[]
  compactedAgain: boolean
  /** null until the compaction's row is on disk with its refs. */
  refs: HandoffRefs | null
}

/**
 * The rows of the turn that just ended: everything after its prompt, the newest user row with
 * text and no tool results (a tool result's row carries no text of its own). A list with no such
 * row (the turn is longer than what was read) is the turn's whole.
 */
export function turnRows(rows: readonly SessionMessage[]): readonly SessionMessage[] {
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i]!
    if (r.role === 'user' && r.text.trim() !== '' && !(r.toolResults?.length ?? 0)) return rows.slice(i + 1)
  }
  return rows
}

const resolvePath = (p: string, cwd: string) => (p.startsWith('/') ? p : `${cwd.replace(/\/+$/, '')}/${p.replace(/^\.\//, '')}`)

/**
 * How many results a history tool's answer holds: search its matches (`n=N kind:line` lines),
 * lookup its numbered lines, list its compactions (`n=N` lines); status and feedback answer one
 * thing each. A refusal (one line naming the tool) holds none.
 */
export function historyResults(tool: string, text: string, isError: boolean): number {
  if (isError || text.startsWith(`${tool}:`)) return 0
  const lines = text.split('\n')
  if (tool === 'handoff_search') return lines.filter((l) => /^(session \S+ )?n=\d+( \(\w+\))? \w+:\d+ /.test(l)).length
  if (tool === 'handoff_lookup') return lines.filter((l) => /^\d+\t/.test(l)).length
  if (tool === 'handoff_list') return lines.filter((l) => /^n=\d+ /.test(l) || /^\S+ {2}\d+ compactions? \(/.test(l)).length
  return text.trim() ? 1 : 0
}

/** One turn's calls from its rows. */
export function turnCalls(turn: number, rows: readonly SessionMessage[], cwd: string): TurnCalls {
  const out: TurnCalls = { turn, toolCalls: 0, reads: [], commands: [], refusals: 0, history: [] }
  for (const r of rows) {
    for (const u of r.toolUses) {
      out.toolCalls++
      if (u.tool === 'Read' && typeof u.input.file_path === 'string') out.reads.push(resolvePath(u.input.file_path, cwd))
      if (u.tool === 'Bash' && typeof u.input.command === 'string') out.commands.push(u.input.command.trim())
      if (u.isError && NOT_READ.test(u.text ?? '')) out.refusals++
      const name = u.tool.startsWith(TOOL_PREFIX) ? u.tool.slice(TOOL_PREFIX.length) : null
      if (name && (TOOL_NAMES as readonly string[]).includes(name)) {
        out.history.push({ tool: name, input: u.input, results: historyResults(name, u.text ?? '', u.isError === true) })
      }
    }
  }
  return out
}

const unique = (xs: string[]) => [...new Set(xs)]

/** The watch as its file holds it: the figures worked out from the raw turns and the refs. */
export function postDoc(w: Watch): PostDoc {
  const refs = w.refs
  const reads = unique(w.turns.flatMap((t) => t.reads))
  const commands = unique(w.turns.flatMap((t) => t.commands))
  const first = w.turns.find((t) => t.toolCalls > 0)
  return {
    v: 1,
    compaction: w.n,
    arm: w.arm,
    drawn: w.drawn,
    watchTurns: w.watchTurns,
    turnsSeen: w.turns.length,
    complete: w.compactedAgain || w.turns.length >= w.watchTurns,
    reReadRestored: refs ? reads.filter((p) => refs.restored.includes(p)) : [],
    reReadNamed: refs ? reads.filter((p) => refs.named.includes(p) && !refs.restored.includes(p)) : [],
    reRunCommands: refs ? commands.filter((c) => refs.commands.includes(c)) : [],
    notReadRefusals: w.turns.reduce((n, t) => n + t.refusals, 0),
    historyCalls: w.turns.flatMap((t) => t.history),
    turnsToFirstToolCall: first ? first.turn : null,
    compactedAgain: w.compactedAgain,
    refsKnown: refs !== null,
    turns: [...w.turns],
  }
}

/** A watch back from its file (a resumed session goes on with it), or null for one that is not one. */
export function watchFrom(doc: unknown): Watch | null {
  const d = doc as Partial<PostDoc> | null
  if (!d || d.v !== 1 || typeof d.compaction !== 'number' || !Array.isArray(d.turns) || (d.arm !== 'handoff' && d.arm !== 'stock')) return null
  return {
    n: d.compaction,
    arm: d.arm,
    drawn: d.drawn === true,
    watchTurns: d.watchTurns ?? 10,
    turns: d.turns,
    compactedAgain: d.compactedAgain === true,
    refs: null,
  }
}

/** The refs a row carries (engine/field.ts), or null when it has none yet (pending, or a fallback). */
export function refsOf(row: unknown): HandoffRefs | null {
  const r = (row as { handoffRefs?: Partial<HandoffRefs>; outcome?: unknown } | null)?.handoffRefs
  if (!r || !Array.isArray(r.restored) || !Array.isArray(r.named) || !Array.isArray(r.commands)) return null
  return { restored: r.restored, named: r.named, commands: r.commands }
}
