/**
 * What a handoff keeps of the conversation it replaces: the last assistant message with text,
 * verbatim, as the engine's own compaction keeps it, and whatever follows it (an automatic
 * compaction's pending prompt, a turn's tool calls still in flight). With no assistant text yet,
 * the turn in progress is kept instead. Then moved back as far as needed so that no tool_result
 * is kept without the tool_use it answers.
 */
import type { MessageKind } from '../pipeline/transcript.ts'
import type { EngineMessage } from '../plugin/hooks/protocol.ts'

export interface KeepPlan {
  /** Ascending indices into the engine's messages. */
  keep: number[]
  /** Where the kept range starts, and why: for the row. */
  why: 'last-assistant-text' | 'turn-in-progress' | 'nothing'
  /** The range was over maxKeepChars and starts at a later assistant message instead. */
  capped: boolean
  /** Moved back to bring in tool_use blocks whose results were kept. */
  extended: boolean
  /** tool_result ids kept whose tool_use is not in the conversation at all (the hook drops them). */
  orphanResults: string[]
}

export interface KeepOptions {
  /** The transcript reader's kind of each message (typed, handoff, compact-summary, ...), when known. */
  kindOf?: (index: number) => MessageKind | undefined
  /** A range longer than this (chars) is kept from a later assistant message on. */
  maxKeepChars?: number
}

/** An automatic compaction in the middle of a long tool loop must still shrink the conversation. */
export const DEFAULT_MAX_KEEP_CHARS = 60_000

const HANDOFF = '<!-- compact-handoff:'
const CONTINUATION = 'This session is being continued from a previous conversation'

/** The kind of a user row when the reader's is not at hand: enough to find where a turn starts. */
function roughKind(m: EngineMessage): MessageKind {
  if (m.role === 'assistant') return 'assistant'
  if (m.toolResults?.length && m.text.trim() === '') return 'tool-results'
  const t = m.text.trimStart()
  if (t.startsWith(HANDOFF)) return 'handoff'
  if (t.startsWith(CONTINUATION)) return 'compact-summary'
  return t === '' ? 'meta' : 'typed'
}

function chars(m: EngineMessage): number {
  return m.text.length + m.toolUses.reduce((n, u) => n + JSON.stringify(u.input).length, 0) + (m.toolResults ?? []).reduce((n, r) => n + r.text.length, 0)
}

/** Where the turn in progress starts: its typed prompt, or the first message after the last summary. */
function turnStart(messages: readonly EngineMessage[], kindOf: (i: number) => MessageKind): number {
  for (let i = messages.length - 1; i >= 0; i--) {
    const k = kindOf(i)
    if (k === 'typed') return i
    if (k === 'handoff' || k === 'compact-summary') return i + 1
  }
  return 0
}

export function keepPlan(messages: readonly EngineMessage[], opts: KeepOptions = {}): KeepPlan {
  const kindOf = (i: number) => opts.kindOf?.(i) ?? roughKind(messages[i]!)
  let start = -1
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!
    if (m.role === 'assistant' && m.text.trim() !== '') {
      start = i
      break
    }
  }
  let why: KeepPlan['why'] = 'last-assistant-text'
  if (start < 0) {
    start = turnStart(messages, kindOf)
    why = 'turn-in-progress'
    if (start >= messages.length) return { keep: [], why: 'nothing', capped: false, extended: false, orphanResults: [] }
  }
  // Too long (a long turn still calling tools): keep from the first assistant message whose tail fits.
  const cap = opts.maxKeepChars ?? DEFAULT_MAX_KEEP_CHARS
  let size = 0
  for (let i = messages.length - 1; i >= start; i--) size += chars(messages[i]!)
  let capped = false
  if (size > cap) {
    let chosen = -1
    for (let i = start; i < messages.length; i++) {
      if (i > start && messages[i]!.role === 'assistant' && size <= cap) {
        chosen = i
        break
      }
      size -= chars(messages[i]!)
    }
    // Even the last call is over the cap: keep from it, so the model still sees its result.
    for (let i = messages.length - 1; chosen < 0 && i > start; i--) if (messages[i]!.role === 'assistant') chosen = i
    if (chosen > start) {
      start = chosen
      capped = true
    }
  }
  const orphanResults: string[] = []
  let extended = false
  for (;;) {
    const uses = new Set<string>()
    const missing: string[] = []
    for (let i = start; i < messages.length; i++) {
      for (const u of messages[i]!.toolUses) uses.add(u.tool_use_id)
      for (const r of messages[i]!.toolResults ?? []) if (!uses.has(r.tool_use_id) && !orphanResults.includes(r.tool_use_id)) missing.push(r.tool_use_id)
    }
    if (missing.length === 0) break
    let earliest = start
    for (const id of missing) {
      let found = -1
      for (let j = start - 1; j >= 0; j--) {
        if (messages[j]!.toolUses.some((u) => u.tool_use_id === id)) {
          found = j
          break
        }
      }
      if (found < 0) orphanResults.push(id)
      else earliest = Math.min(earliest, found)
    }
    if (earliest < start) {
      start = earliest
      extended = true
    }
  }
  return { keep: Array.from({ length: messages.length - start }, (_, k) => start + k), why, capped, extended, orphanResults }
}
