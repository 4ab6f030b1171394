/**
 * The conversation written out as compact text, for a model call that carries no history of its
 * own: typed turns and assistant text in full, each tool call on one line with its input and the
 * start of its result. Bounded: when it must cut, it keeps the newest messages and says so.
 */
import { fileLines } from './file-touches.ts'
import { clip, fmt } from './text.ts'
import type { Message, ToolUse, Transcript } from './transcript.ts'

export interface RenderOptions {
  /** The most characters the whole text may have. */
  maxChars: number
  /** A tool call's input JSON is clipped to this (default 200). */
  toolInputChars?: number
  /** A tool result is clipped to this (default 400); 0 leaves results out. */
  toolResultChars?: number
  /** A single message's text is clipped in the middle past this (default 8,000). */
  messageChars?: number
}

export interface RenderedConversation {
  text: string
  /** Messages rendered, and messages left out (oldest first) to fit `maxChars`. */
  rendered: number
  leftOut: number
}

const flat = (s: string) => s.replace(/\s+/g, ' ').trim()

/** Text on one line, each line break shown as ⏎ (a command's own lines stay visible). */
export const oneLine = (s: string) =>
  s
    .replace(/\s*\n\s*/g, ' ⏎ ')
    .replace(/[ \t]+/g, ' ')
    .trim()

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
export function shortInput(use: ToolUse, max = 120): string {
  return clip(oneLine(keyInput(use)), max)
}

const clipEnd = (s: string, max: number) => clip(s, max, { mark: (cut) => `… [+${fmt(cut)} chars]` })
const clipMiddle = (s: string, max: number) => clip(s, max, { at: 'middle', mark: (cut) => `\n[… ${fmt(cut)} chars clipped …]\n` })

function renderUse(u: ToolUse, o: Required<RenderOptions>): string {
  let line = `  → ${u.name} ${clipEnd(flat(JSON.stringify(u.input)), o.toolInputChars)}`
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

/** One message as text, or '' for a row that is not rendered (`rendered`). */
export function renderMessage(m: Message, opts: RenderOptions): string {
  if (!rendered(m)) return ''
  const o: Required<RenderOptions> = { toolInputChars: 200, toolResultChars: 400, messageChars: 8_000, ...opts }
  const head = `[#${m.index} ${m.role === 'assistant' ? 'assistant' : m.kind === 'typed' ? 'user' : m.kind}]`
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

/** The least room a newest message too long for it is still shown clipped in. */
const MIN_CLIPPED = 300

/** The transcript as text within `maxChars`, newest kept when it must cut. */
export function renderConversation(t: Transcript, opts: RenderOptions): RenderedConversation {
  const blocks: string[] = []
  let used = 0
  let leftOut = 0
  // Rendered newest first, and only as far back as the room goes: a short window onto a long
  // session does not pay for writing out all of it.
  const counted = (to: number) => t.messages.slice(0, to).filter(rendered).length
  const total = counted(t.messages.length)
  // Room for the line that says what was cut.
  const room = opts.maxChars - 120
  for (let i = t.messages.length - 1; i >= 0; i--) {
    const m = t.messages[i]!
    if (!rendered(m)) continue
    const s = renderMessage(m, opts)
    if (used + s.length + 2 > room) {
      // The newest message alone is over the room: it is shown clipped in its middle, keeping
      // how it begins and the call it ended on, rather than nothing at all.
      if (blocks.length === 0 && room >= MIN_CLIPPED) {
        blocks.push(clipMiddle(s, room - 2))
        i--
      }
      leftOut = counted(i + 1)
      break
    }
    blocks.push(s)
    used += s.length + 2
  }
  blocks.reverse()
  if (leftOut > 0) {
    blocks.unshift(
      `[${fmt(leftOut)} earlier message${leftOut === 1 ? '' : 's'} left out here to fit ${fmt(opts.maxChars)} chars; what follows is the newest part]`,
    )
  }
  return { text: blocks.join('\n\n'), rendered: total - leftOut, leftOut }
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
