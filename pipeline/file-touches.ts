/**
 * What the transcript knows of each file the session touched through a file tool: its newest
 * text (a Write, a whole or partial Read, with later Edits replayed), where the session last
 * worked in it, and what was done to it. Shared by the sections that hand files back (restore)
 * or describe them (outline), so both read one account of a file.
 */
import { existsSync } from 'node:fs'
import { type Transcript, withoutEngineNotes } from './transcript.ts'

/** Some or all of a file's text as the transcript holds it. */
export interface Copy {
  /** The lines, joined by newlines (a final newline ends the last line: see `fileLines`). */
  text: string
  /** The file line the copy's first line stands at. */
  firstLine: number
  /** It holds the whole file: a Write, or a Read from line 1 that ended before its limit (so it
   *  reached the file's end). A part is never passed off as the whole file. */
  whole: boolean
}

/** What the transcript knows about one file. */
export interface Touch {
  path: string
  /** Index of the newest message that touched it through a file tool. */
  last: number
  /** The file's text as the transcript last knew it — a Write's content, a Read's result (whole,
   *  or the lines partial Reads showed: overlapping or adjacent parts joined), with every later
   *  Edit replayed on it. Absent when no such copy can be trusted. */
  stored?: Copy & { from: 'read' | 'write' }
  /** What the newest Read showed, as it showed it (no later Edit replayed): the lines the session
   *  last saw, for when `stored` was dropped because an Edit could not be replayed. */
  read?: Copy
  /** The file line the session last worked at: its newest Edit, else the start of its newest
   *  Read (a Write: line 1). An Edit outranks a later Read: the work is where the file changed. */
  focus: number
  /** The line of its newest Edit since the last Write, when a copy placed it. */
  edited?: number
  /** How many times each file tool touched it (failed calls included: they are work too). */
  ops: Record<string, number>
}

/** The lines the Read tool shows when no limit is given: a Read that shows this many may stop short of the end. */
export const READ_TOOL_LINES = 2_000

/** A text's lines: a final newline ends the last line and adds none, as the file's reader counts them. */
export function fileLines(text: string): string[] {
  if (text === '') return []
  return (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n')
}

/**
 * The newest copy of a file the transcript holds, for a section that shows or describes it:
 * `stored` (`current`: as the file stood after the session's last known change), else the newest
 * Read as it showed it — still a copy, but from before later Edits that could not be placed in it.
 */
export function lastCopy(touch: Touch): (Copy & { from: 'read' | 'write'; current: boolean }) | undefined {
  if (touch.stored) return { ...touch.stored, current: true }
  if (touch.read) return { ...touch.read, from: 'read', current: false }
  return undefined
}

/** Files the engine attaches again by itself after a compaction: handing them back doubles them. */
export const ENGINE_ATTACHED: ReadonlySet<string> = new Set(['CLAUDE.md', 'AGENTS.md', 'CLAUDE.local.md'])

export const FILE_TOOLS: Record<string, string> = {
  Read: 'file_path',
  Write: 'file_path',
  Edit: 'file_path',
  MultiEdit: 'file_path',
  NotebookEdit: 'notebook_path',
}

/** A Read result's text without the tool's line numbers ("     1\t…") and trailing reminders. */
export function readText(result: string): string {
  return withoutEngineNotes(result)
    .split('\n')
    .map((line) => line.replace(/^\s*\d+[\t→]/, ''))
    .join('\n')
}

type Edit = { old_string?: unknown; new_string?: unknown; replace_all?: unknown }

/** Replays Edits on a stored copy: the new text and the line (from 0) of the last change, or null
 *  when the copy does not hold what an Edit replaced. */
function replay(text: string, edits: Edit[]): { text: string; line: number } | null {
  let line = 0
  for (const e of edits) {
    if (typeof e.old_string !== 'string' || typeof e.new_string !== 'string') return null
    const at = text.indexOf(e.old_string)
    if (at < 0) return null
    line = countLines(text, at)
    text = e.replace_all === true ? text.split(e.old_string).join(e.new_string) : text.replace(e.old_string, () => e.new_string as string)
  }
  return { text, line }
}

const countLines = (text: string, end: number): number => {
  let n = 0
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) n++
  return n
}

const positive = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined)

/** Whether a copy holds a file line. */
const holds = (copy: Copy, line: number | undefined): boolean =>
  line !== undefined && line >= copy.firstLine && line < copy.firstLine + fileLines(copy.text).length

/** Two parts joined when they overlap or meet (the newer one's lines win), else null. */
function joined(older: Copy, newer: Copy): Copy | null {
  const a = fileLines(older.text)
  const b = fileLines(newer.text)
  if (newer.firstLine > older.firstLine + a.length || older.firstLine > newer.firstLine + b.length) return null
  const before = a.slice(0, Math.max(0, newer.firstLine - older.firstLine))
  const after = a.slice(Math.max(0, newer.firstLine + b.length - older.firstLine))
  const lines = [...before, ...b, ...after]
  // An empty last line stays a line: a final newline alone would end the line before it.
  const text = lines.join('\n') + (lines.at(-1) === '' ? '\n' : '')
  return { text, firstLine: Math.min(older.firstLine, newer.firstLine), whole: false }
}

/**
 * Every file a file tool touched, newest touch last, with the newest stored text for each and
 * where the session last worked in it. A partial Read is kept as the lines it showed (never
 * passed off as the whole file); a copy an Edit cannot be replayed on is dropped: stale text must
 * not pass as the file.
 */
export function fileTouches(t: Transcript): ReadonlyMap<string, Readonly<Touch>> {
  // Several sections read the same account of the same messages in one run: worked out once.
  const known = accounts.get(t.messages)
  if (known) return known
  const touches = readTouches(t)
  accounts.set(t.messages, touches)
  return touches
}

const accounts = new WeakMap<readonly unknown[], Map<string, Touch>>()

function readTouches(t: Transcript): Map<string, Touch> {
  const touches = new Map<string, Touch>()
  // Files whose newest Read came after their newest change: an Edit the stored copy cannot take
  // may still be placed in that Read's lines, which are then the file as it stands.
  const freshRead = new Set<string>()
  for (const m of t.messages) {
    for (const u of m.toolUses) {
      const key = FILE_TOOLS[u.name]
      const path = key ? u.input[key] : undefined
      if (typeof path !== 'string' || path === '') continue
      const touch = touches.get(path) ?? { path, last: m.index, focus: 1, ops: {} }
      touch.ops[u.name] = (touch.ops[u.name] ?? 0) + 1
      touch.last = m.index
      const failed = u.result?.isError === true
      if (u.name === 'Write' && typeof u.input.content === 'string' && !failed) {
        touch.stored = { text: u.input.content, from: 'write', firstLine: 1, whole: true }
        touch.focus = 1
        delete touch.edited
        freshRead.delete(path)
      } else if (u.name === 'Read' && u.result && !failed && u.result.text) {
        readPart(touch, u.input, readText(u.result.text))
        freshRead.add(path)
      } else if ((u.name === 'Edit' || u.name === 'MultiEdit') && !failed) {
        const edits = u.name === 'Edit' ? [u.input as Edit] : Array.isArray(u.input.edits) ? (u.input.edits as Edit[]) : []
        editCopy(touch, edits, freshRead.has(path))
        freshRead.delete(path)
      } else if (u.name === 'NotebookEdit') {
        delete touch.stored
        freshRead.delete(path)
      }
      // Re-inserting keeps the map ordered by most recent touch.
      touches.delete(path)
      touches.set(path, touch)
    }
  }
  return touches
}

/**
 * A Read's lines into the account. It is whole only from line 1 and short of its limit (the
 * tool's own when none was given): a Read that showed as many lines as it asked for may have
 * stopped short of the end. A whole copy outlives a later part; parts that overlap or meet are
 * joined; a part elsewhere replaces the last one, unless that one holds the newest Edit.
 */
function readPart(touch: Touch, input: Record<string, unknown>, shownText: string): void {
  const firstLine = positive(input.offset) ?? 1
  const shown = shownText === '' ? 0 : shownText.split('\n').length
  const whole = firstLine === 1 && shown < (positive(input.limit) ?? READ_TOOL_LINES)
  // Past the file's end: nothing was seen.
  if (shown === 0 && !whole) return
  // A whole file's empty last line is its final newline; a part's is a line the part holds.
  const text = !whole && shownText.endsWith('\n') ? `${shownText}\n` : shownText
  const part: Copy = { text, firstLine, whole }
  touch.read = part
  touch.focus = touch.edited ?? firstLine
  const s = touch.stored
  if (whole || !s) touch.stored = { ...part, from: 'read' }
  else if (!s.whole) {
    const both = joined(s, part)
    if (both) touch.stored = { ...both, from: 'read' }
    else if (!holds(s, touch.edited)) touch.stored = { ...part, from: 'read' }
  }
}

/** Edits replayed on the stored copy, else on the newest Read when nothing changed since it; the
 *  copy is dropped when neither holds what an Edit replaced. */
function editCopy(touch: Touch, edits: Edit[], freshRead: boolean): void {
  const bases = [touch.stored, freshRead && touch.read ? { ...touch.read, from: 'read' as const } : undefined]
  for (const base of bases) {
    const done = base ? replay(base.text, edits) : null
    if (!base || !done) continue
    touch.stored = { ...base, text: done.text }
    touch.edited = touch.focus = base.firstLine + done.line
    return
  }
  delete touch.stored
}

/**
 * Whether this machine's disk is the session's, so that a file gone from it is gone: always in
 * the engine; from the CLI only when the transcript's cwd exists here and so does one of the files
 * the session touched (`exists` resolves a touched path), since a folder such as /app or
 * /workspace may exist on both machines. Outline and restore ask it.
 */
export function onSessionMachine(trigger: string, cwd: string | undefined, touched: Iterable<string>, exists: (path: string) => boolean): boolean {
  if (trigger !== 'cli') return true
  if (cwd === undefined || !existsSync(cwd)) return false
  for (const path of touched) if (exists(path)) return true
  return false
}
