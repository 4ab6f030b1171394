/**
 * The conversation written out as compact text, for a model call that carries no history of its
 * own: typed turns and assistant text in full, each tool call on one line with its input and the
 * start of its result. Bounded: when it must cut, it keeps the newest messages and says so; asked
 * to, it writes the older ones one line per call, so a small room still holds a run of steps.
 */
import { FILE_TOOLS, fileLines } from './file-touches.ts'
import { clip, fmt, lineCount, lineSpan, oneLine, shortPath } from './text.ts'
import { errorReason, isFailure } from './tool-errors.ts'
import { callOutputRefusal, hideSecretValues, hideSecretValuesInCommand, PATH_FIELDS, type ReadPolicy } from './read-policy.ts'
import { type Message, type ToolUse, type Transcript, withoutEngineNotes } from './transcript.ts'

/** The inputs that hold what a call wrote into a file. */
const WRITTEN_FIELDS = new Set(['content', 'old_string', 'new_string', 'edits', 'new_source'])

/** A call as a section may show it under `policy` (see RenderOptions.policy). */
function shownCall(u: ToolUse, policy: ReadPolicy): ToolUse {
  const refused = callOutputRefusal(u, policy)
  if (refused) {
    const input = Object.fromEntries(Object.entries(u.input).map(([k, v]) => [k, WRITTEN_FIELDS.has(k) ? '[not shown]' : v]))
    return { ...u, input, ...(u.result ? { result: { ...u.result, text: `[not shown: ${refused}]` } } : {}) }
  }
  // What it was given too: a command's inline token, a Write's `.env` line.
  const input = Object.fromEntries(
    Object.entries(u.input).map(([k, v]) => [k, typeof v !== 'string' ? v : k === 'command' ? hideSecretValuesInCommand(v) : hideSecretValues(v)]),
  )
  return { ...u, input, ...(u.result ? { result: { ...u.result, text: hideSecretValues(u.result.text) } } : {}) }
}

/** A message as a section may show it: its calls through `shownCall`. */
const shownMessage = (m: Message, policy: ReadPolicy | undefined): Message =>
  policy && m.toolUses.length > 0 ? { ...m, toolUses: m.toolUses.map((u) => shownCall(u, policy)) } : m

export interface RenderOptions {
  /** The most characters the whole text may have. */
  maxChars: number
  /** A tool call's input JSON is clipped to this (default 200). */
  toolInputChars?: number
  /** A tool result is clipped to this (default 400); 0 leaves results out. */
  toolResultChars?: number
  /** A single message's text is clipped in the middle past this (default 8,000). */
  messageChars?: number
  /**
   * Only the newest messages that fit in `fullChars` are written as above (at least the newest
   * one, clipped to it); older ones are written compactly (`renderCompact`), so the same room
   * reaches back over many more steps. `cwd`: paths under it are shown relative to it in the
   * compact lines. Unset, every message is written in full.
   */
  compact?: CompactOptions
  /**
   * For a text a section hands on: a call that names a path on the deny list shows neither what it
   * printed nor what it wrote (`callOutputRefusal`), and any other call's output has the value of a
   * secret-looking assignment hidden. Unset (a model call over the session, the store), calls are
   * shown as they were.
   */
  policy?: ReadPolicy
}

export interface CompactOptions {
  fullChars: number
  cwd?: string
}

export interface RenderedConversation {
  text: string
  /** Messages rendered, and messages left out (oldest first) to fit `maxChars`. */
  rendered: number
  leftOut: number
}

const flat = (s: string) => s.replace(/\s+/g, ' ').trim()

const INPUT_FIELDS = ['command', 'file_path', 'notebook_path', 'path', 'pattern', 'url', 'query', 'description', 'prompt', 'skill']

/** The field that says what a call did, unclipped: a command, a path, a pattern (a Grep's with
 *  where it looked). Two calls with the same key did the same thing. */
export function keyInput(use: ToolUse): string {
  const input = use.input
  if (use.name === 'Grep' && typeof input.pattern === 'string') return `${input.pattern}${typeof input.path === 'string' ? ` in ${input.path}` : ''}`
  for (const k of INPUT_FIELDS) {
    const v = input[k]
    if (typeof v === 'string' && v !== '') return v
  }
  const first = Object.values(input).find((v) => typeof v === 'string' && v !== '')
  return typeof first === 'string' ? first : ''
}

/** A tool call's input in a few words, on one line. */
/** `keyInput` on one line, clipped, with secret values hidden: a failure's call, a refused call. */
export function shortInput(use: ToolUse, max = 120): string {
  const key = keyInput(use)
  return clip(oneLine(use.name === 'Bash' ? hideSecretValuesInCommand(key) : hideSecretValues(key)), max)
}

const clipEnd = (s: string, max: number) => clip(s, max, { mark: (cut) => `… [+${fmt(cut)} chars]` })
const clipMiddle = (s: string, max: number) => clip(s, max, { at: 'middle', mark: (cut) => `\n[… ${fmt(cut)} chars clipped …]\n` })

function renderUse(u: ToolUse, o: Required<Omit<RenderOptions, 'compact' | 'policy'>>): string {
  // The input as JSON, which already keeps it on one line: its strings' runs of spaces are the
  // indentation an Edit's old_string must match, so they stay as they are.
  let line = `  → ${u.name} ${clipEnd(JSON.stringify(u.input), o.toolInputChars)}`
  if (o.toolResultChars > 0 && u.result) {
    const status = u.result.isError ? 'error' : 'ok'
    const body = flat(u.result.text)
    line += `\n    ← ${status}${body ? `: ${clipEnd(body, o.toolResultChars)}` : ''}`
  }
  return line
}

/** Whether a message is rendered at all: rows that carry nothing a reader needs are not (tool-
 *  result rows are shown under their calls; reminders, hook output and command output are left out). */
function rendered(m: Message): boolean {
  switch (m.kind) {
    case 'typed':
    case 'compact-summary':
    case 'handoff':
      return m.text.trim() !== ''
    case 'assistant':
      return m.text.trim() !== '' || m.toolUses.length > 0
    case 'command':
    case 'interrupt':
      return true
    default:
      return false
  }
}

const headOf = (m: Message) => `[#${m.index} ${m.role === 'assistant' ? 'assistant' : m.kind === 'typed' ? 'user' : m.kind}]`

/** One message as text, or '' for a row that is not rendered (`rendered`). */
export function renderMessage(m: Message, opts: RenderOptions): string {
  if (!rendered(m)) return ''
  const o: Required<Omit<RenderOptions, 'compact' | 'policy'>> = { toolInputChars: 200, toolResultChars: 400, messageChars: 8_000, ...opts }
  const head = headOf(m)
  switch (m.kind) {
    case 'assistant': {
      const parts = [m.text.trim() ? `${head} ${clipMiddle(m.text.trim(), o.messageChars)}` : head]
      for (const u of m.toolUses) parts.push(renderUse(u, o))
      return parts.join('\n')
    }
    case 'command':
      return `${head} ${clipEnd(flat(m.text), 200)}`
    case 'interrupt':
      return `${head} the user interrupted`
    default:
      return `${head} ${clipMiddle(m.text.trim(), o.messageChars)}`
  }
}

/** The longest line a compact call or an assistant's gist takes. */
const COMPACT_LINE = 160
/** A call's outcome in a compact line: `ok`, or the error's own first words. */
const OUTCOME_CHARS = 72
/** How much of an Edit's first new line a compact line shows. */
const EDIT_SNIPPET = 48
/** A typed turn in the compact part: whole when it is short, which it mostly is. */
const COMPACT_TYPED = 600
/** Tools whose result only confirms the write (the file tools but Read): its line count says
 *  nothing about the work. */
const WRITE_TOOLS = new Set(Object.keys(FILE_TOOLS).filter((tool) => tool !== 'Read'))
const READ_LINE = /^\s*\d+(?:→|\t)/
const PERSISTED = /^\s*<persisted-output>\s*\n([^\n]+)/

/** The first sentence or two of an assistant's text, within `max`: what it set out to do. */
function gist(text: string, max: number): string {
  const one = flat(text)
  if (one.length <= max) return one
  // A sentence ends at . ! ? or : after a word (not a list's "1."), before a space.
  const ends = [...one.slice(0, max - 1).matchAll(/(?<=[A-Za-z)\]`'"])[.!?:](?=\s)/g)].map((e) => e.index + 1)
  const end = ends[Math.min(1, ends.length - 1)]
  return end !== undefined && end >= max / 4 ? `${one.slice(0, end)} …` : clip(one, max)
}

/** Which lines a Read asked for, a Write's size, how an Edit's new text begins: what the key
 *  input (a path) alone does not say. */
function callDetail(u: ToolUse): string {
  const { offset, limit, content, new_string: written, edits } = u.input
  if (u.name === 'Read') {
    const from = typeof offset === 'number' && offset > 0 ? offset : undefined
    const count = typeof limit === 'number' && limit > 0 ? limit : undefined
    if (from !== undefined && count !== undefined) return lineSpan(from, from + count - 1)
    if (from !== undefined) return `from line ${fmt(from)}`
    if (count !== undefined) return lineSpan(1, count)
  }
  if (u.name === 'Write' && typeof content === 'string') return lineCount(fileLines(content).length)
  if (u.name === 'Edit' && typeof written === 'string') {
    // Its first line that says something (not a lone `}` or `const (`), else its first at all.
    const lines = written.split('\n').map((l) => l.trim())
    const first = lines.find((l) => l.length >= 12) ?? lines.find((l) => l !== '')
    return first === undefined ? 'deleting' : `new: "${clip(first, EDIT_SNIPPET)}"${lines.filter((l) => l !== '').length > 1 ? ' …' : ''}`
  }
  if (u.name === 'MultiEdit' && Array.isArray(edits)) return `${fmt(edits.length)} edit${edits.length === 1 ? '' : 's'}`
  return ''
}

/** A shell call flagged with exit 1 and nothing printed: a search that found nothing or a test
 *  that answered no as often as a failure, so it is said as it is, not called an error. */
const bareExit1 = (u: ToolUse) => u.name === 'Bash' && u.result !== undefined && withoutEngineNotes(u.result.text).trim() === 'Exit code 1'

/** A call the compact part calls failed: flagged or in the tool's error wrapper, bar a bare exit 1. */
const failedCall = (u: ToolUse) => isFailure(u) && !bareExit1(u)

/** How a call came back, in a few words: `ok` (with the size of what a read or a search
 *  printed), `exit 1, no output`, or `error:` and the line that says why. */
function outcomeOf(u: ToolUse): string {
  if (u.result === undefined) return 'no result'
  const text = withoutEngineNotes(u.result.text)
  if (bareExit1(u)) return 'exit 1, no output'
  if (isFailure(u)) {
    const why = errorReason(text, { lines: 1, max: OUTCOME_CHARS - 7, tool: u.name })
    return why ? `error: ${why}` : 'error'
  }
  if (WRITE_TOOLS.has(u.name)) return 'ok'
  // The engine kept an output too large for the window in a file: where, and how large.
  const persisted = PERSISTED.exec(text)
  if (persisted) return clip(`ok: ${flat(persisted[1]!)}`, OUTCOME_CHARS)
  // A Read's own lines are numbered; what follows them is not the file's.
  const lines = text.split('\n').filter((l) => (u.name === 'Read' ? READ_LINE.test(l) : l.trim() !== ''))
  if (lines.length === 0) return 'ok'
  // A search that lists files says how many first ("Found 3 files"): that, not its line count.
  if (u.name === 'Grep' && /^Found \d+/.test(lines[0]!)) return clip(`ok: ${flat(lines[0]!)}`, OUTCOME_CHARS)
  if (lines.length === 1) return clip(`ok: ${flat(lines[0]!)}`, OUTCOME_CHARS)
  // A command's last line is where it mostly says how it went (`PASS`, `0 issues.`, a summary).
  if (u.name === 'Bash') return clip(`ok, ${lineCount(lines.length)}, the last: ${flat(lines.at(-1)!)}`, OUTCOME_CHARS)
  return `ok, ${lineCount(lines.length)}`
}

/** The call's key input, a path under `cwd` shown relative to it (a search's `in` path too). */
function compactKey(u: ToolUse, cwd: string | undefined): string {
  const input = u.input
  const where = typeof input.path === 'string' ? input.path : undefined
  if ((u.name === 'Grep' || u.name === 'Glob') && typeof input.pattern === 'string') return `${input.pattern}${where ? ` in ${shortPath(where, cwd)}` : ''}`
  const key = keyInput(u)
  return PATH_FIELDS.some((k) => input[k] === key) ? shortPath(key, cwd) : key
}

/** One tool call on one line of at most `width` chars: tool, key input, what it asked for,
 *  outcome. The outcome keeps its own length (at most OUTCOME_CHARS); the key and the detail
 *  give way, the detail first. */
function compactUse(u: ToolUse, cwd: string | undefined, width = COMPACT_LINE): string {
  const outcome = ` → ${outcomeOf(u)}`
  const head = `  → ${u.name} `
  const key = oneLine(compactKey(u, cwd))
  const room = width - head.length - outcome.length
  const detail = callDetail(u)
  const keyRoom = Math.max(20, Math.min(key.length, room - (detail ? 12 : 0)))
  const shownKey = clip(key, keyRoom)
  const detailRoom = room - shownKey.length - 3
  const shownDetail = detail && detailRoom >= 8 ? ` (${clip(detail, detailRoom)})` : ''
  return `${head}${shownKey}${shownDetail}${outcome}`
}

/**
 * A message in a few lines, for the older part of a compact window: each tool call on one line
 * (`compactUse`), the assistant's text cut to its first sentences, a typed turn whole unless it
 * is long. `only` keeps just the calls it accepts (the failed ones before a window's edge).
 */
function renderCompact(m: Message, cwd: string | undefined, only?: (u: ToolUse) => boolean): string {
  const head = headOf(m)
  if (m.kind === 'typed') return `${head} ${clipMiddle(m.text.trim(), COMPACT_TYPED)}`
  if (m.kind !== 'assistant') return renderMessage(m, { maxChars: COMPACT_LINE, messageChars: COMPACT_LINE })
  const uses = only ? m.toolUses.filter(only) : m.toolUses
  const text = only ? ' (only its failed calls shown)' : m.text.trim() ? ` ${gist(m.text, COMPACT_LINE - head.length - 1)}` : ''
  // A bare call goes on its message's line: one line per call, not two (the head's room given up).
  if (text === '' && uses.length === 1) return `${head} ${compactUse(uses[0]!, cwd, COMPACT_LINE - head.length - 1 + 2).trimStart()}`
  return [head + text, ...uses.map((u) => compactUse(u, cwd))].join('\n')
}

/** A compact message's head and as many of its last call lines as fit in `left`, or null. */
function newestCalls(text: string, left: number): string | null {
  const [head, ...calls] = text.split('\n')
  const kept: string[] = []
  for (let k = calls.length - 1; k >= 0; k--) {
    const note = ` (its first ${fmt(k)} call${k === 1 ? '' : 's'} left out)`
    if ([head + note, calls[k]!, ...kept].join('\n').length > left) break
    kept.unshift(calls[k]!)
  }
  const cut = calls.length - kept.length
  return kept.length === 0 ? null : [`${head} (its first ${fmt(cut)} call${cut === 1 ? '' : 's'} left out)`, ...kept].join('\n')
}

interface Shown {
  at: number
  text: string
  compact: boolean
}

/** The least room a newest message too long for it is still shown clipped in. */
const MIN_CLIPPED = 300

/** The transcript as text within `maxChars`, newest kept when it must cut. */
export function renderConversation(t: Transcript, opts: RenderOptions): RenderedConversation {
  // Newest first: each shown message's index, its text, and whether it is written compactly.
  const shown: Shown[] = []
  let used = 0
  // Rendered newest first, and only as far back as the room goes: a short window onto a long
  // session does not pay for writing out all of it.
  const counted = (to: number) => t.messages.slice(0, to).filter(rendered).length
  const total = counted(t.messages.length)
  // Room for the line that says what was cut.
  const room = opts.maxChars - 120
  const compact = opts.compact
  // The full part's room; the newest message is clipped to no less than MIN_CLIPPED.
  const fullRoom = compact ? Math.min(room, compact.fullChars) : room
  const newestRoom = compact ? Math.min(room, Math.max(compact.fullChars, MIN_CLIPPED)) : room
  let full = true
  for (let i = t.messages.length - 1; i >= 0; i--) {
    if (!rendered(t.messages[i]!)) continue
    const m = shownMessage(t.messages[i]!, opts.policy)
    let s = full ? renderMessage(m, opts) : renderCompact(m, compact?.cwd)
    if (full && used + s.length + 2 > (shown.length === 0 ? newestRoom : fullRoom)) {
      if (shown.length === 0) {
        // The newest message alone is over the room: it is shown clipped in its middle, keeping
        // how it begins and the call it ended on, rather than nothing at all.
        if (newestRoom < MIN_CLIPPED) break
        s = clipMiddle(s, newestRoom - 2)
      } else if (compact) {
        full = false
        s = renderCompact(m, compact.cwd)
      } else break
    }
    if (used + s.length + 2 > room) {
      // A compact message of many calls (a burst of reads) over the room keeps its newest calls;
      // any other message (a long turn) is whole or not at all.
      const newest = full || m.kind !== 'assistant' ? null : newestCalls(s, room - used - 2)
      if (newest) shown.push({ at: i, text: newest, compact: true })
      break
    }
    shown.push({ at: i, text: s, compact: !full })
    used += s.length + 2
  }
  if (compact) withFailuresAtEdge(t.messages, shown, room - used, compact.cwd, opts.policy)
  const leftOut = shown.length === 0 ? total : counted(shown.at(-1)!.at)
  // Compact messages one under the other, a list of steps; a blank line around the full ones.
  const text = shown.reduceRight((out, b, k) => (out === '' ? b.text : `${out}${b.compact && shown[k + 1]!.compact ? '\n' : '\n\n'}${b.text}`), '')
  const cut = `[${fmt(leftOut)} earlier message${leftOut === 1 ? '' : 's'} left out here to fit ${fmt(opts.maxChars)} chars; what follows is the newest part]`
  return { text: leftOut > 0 ? `${cut}${text ? `\n\n${text}` : ''}` : text, rendered: total - leftOut, leftOut }
}

/**
 * A window must not open on what the assistant said right after calls that failed ("fixed",
 * "all green") without those calls: when the message just before its oldest edge has failed
 * calls, their compact lines join it, the window's oldest messages giving way if the room is
 * short (never the newest). `left`: the room the shown messages leave.
 */
function withFailuresAtEdge(messages: readonly Message[], shown: Shown[], left: number, cwd: string | undefined, policy: ReadPolicy | undefined): void {
  while (shown.length > 0) {
    const edge = shown.at(-1)!.at
    const before = messages.findLastIndex((m, i) => i < edge && rendered(m))
    if (before < 0) return
    const m = shownMessage(messages[before]!, policy)
    if (!m.toolUses.some(failedCall)) return
    const s = renderCompact(m, cwd, failedCall)
    if (s.length + 2 <= left) {
      shown.push({ at: before, text: s, compact: true })
      return
    }
    if (shown.length === 1) return
    left += shown.pop()!.text.length + 2
  }
}

/**
 * A file as the Read tool shows it: each line numbered from 1 (or `offset`), a tab, the line;
 * at most `limit` lines (the tool's own default is 2,000). A restored file reads the same
 * whichever host read it. `firstLine` says which file line `text` starts at, when it is only a
 * part of the file (the lines a partial Read showed). A final newline ends the last line; it is
 * not a line of its own.
 */
export function numberLines(text: string, offset = 1, limit = 2_000, firstLine = 1): string {
  const lines = fileLines(text)
  const start = Math.max(offset, 1)
  const from = Math.max(start, firstLine)
  return lines
    .slice(from - firstLine, start + limit - firstLine)
    .map((line, i) => `${from + i}\t${line}`)
    .join('\n')
}
