/**
 * What the transcript knows of each file the session touched through a file tool: its newest
 * text (a Write, a whole or partial Read, with later Edits replayed), where the session last
 * worked in it, and what was done to it. Shared by the sections that hand files back (restore)
 * or describe them (outline), so both read one account of a file.
 */
import { type Transcript, withoutEngineNotes } from './transcript.ts'

/** What the transcript knows about one file. */
export interface Touch {
  path: string
  /** Index of the newest message that touched it through a file tool. */
  last: number
  /** The file's text as the transcript last knew it — a Write's content, a Read's result (whole,
   *  or the lines a partial Read showed), with every later Edit replayed on it. Absent when no
   *  such copy can be trusted. `firstLine` is the file line its first line stands at. */
  stored?: { text: string; from: 'read' | 'write'; firstLine: number }
  /** What the newest successful Read showed, as it showed it (no later Edit replayed): the lines
   *  the session last saw, for when `stored` was dropped because an Edit could not be replayed. */
  read?: { text: string; firstLine: number }
  /** The file line the session last worked at: its newest Edit, or the start of its newest Read. */
  focus: number
  /** How many times each file tool touched it (failed calls included: they are work too). */
  ops: Record<string, number>
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
        touch.stored = { text: u.input.content, from: 'write', firstLine: 1 }
        touch.focus = 1
      } else if (u.name === 'Read' && u.result && !failed && u.result.text) {
        const offset = positive(u.input.offset)
        const whole = offset === undefined && u.input.limit === undefined
        touch.focus = offset ?? 1
        touch.read = { text: readText(u.result.text), firstLine: offset ?? 1 }
        // A part keeps a whole copy already known (it is the better copy), else stands for itself.
        if (whole || !touch.stored || touch.stored.firstLine !== 1) touch.stored = { text: readText(u.result.text), from: 'read', firstLine: offset ?? 1 }
      } else if ((u.name === 'Edit' || u.name === 'MultiEdit') && !failed) {
        const edits = u.name === 'Edit' ? [u.input as Edit] : Array.isArray(u.input.edits) ? (u.input.edits as Edit[]) : []
        const done = touch.stored ? replay(touch.stored.text, edits) : null
        if (done === null) delete touch.stored
        else {
          touch.stored = { ...touch.stored!, text: done.text }
          touch.focus = touch.stored.firstLine + done.line
        }
      } else if (u.name === 'NotebookEdit') {
        delete touch.stored
      }
      // Re-inserting keeps the map ordered by most recent touch.
      touches.delete(path)
      touches.set(path, touch)
    }
  }
  return touches
}
