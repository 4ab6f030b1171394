/**
 * The one normalized message model every section reads, and the two readers that produce it:
 * the engine's `session.compact` messages, and a Claude Code JSONL transcript on disk.
 * Sections never see either raw shape.
 */

import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { HandoffError } from './codes.ts'
import { fmt } from './text.ts'
import { parseMarker } from './marker.ts'

/** What a user row is, so sections can pick the person's own words without re-parsing. */
export type MessageKind =
  | 'typed' // words the person typed (or pasted) at the prompt
  | 'tool-results' // a user row carrying tool_result blocks only
  | 'meta' // isMeta rows, system reminders, caveats, attachments
  | 'command' // a slash command wrapper (<command-name>…)
  | 'command-output' // <local-command-stdout>/<local-command-stderr>
  | 'hook' // hook output injected as a user row
  | 'interrupt' // "[Request interrupted by user…]"
  | 'compact-summary' // the engine's own continuation summary
  | 'handoff' // a compact-handoff handoff (opens with the lineage marker)
  | 'assistant'

export interface ToolResult {
  toolUseId: string
  text: string
  isError: boolean
  /** What the person typed on refusing this call, as the engine's refusal answer ends with it
   *  (absent when they refused without a word, and for every call they did not refuse). */
  said?: string
}

export interface ToolUse {
  id: string
  name: string
  input: Record<string, unknown>
  /** The matching tool_result, linked by id when the transcript holds it. */
  result?: ToolResult
  /** The working directory the row that made the call records (JSONL `cwd`): where a shell
   *  command started, which a `cd` in an earlier command may have moved off the session's. */
  cwd?: string
}

export interface Message {
  /** Position in `Transcript.messages`. */
  index: number
  role: 'user' | 'assistant'
  kind: MessageKind
  /** Text blocks joined with '\n'; '' when there are none. */
  text: string
  toolUses: ToolUse[]
  toolResults: ToolResult[]
  /** Transcript line uuid (JSONL) or the engine's handle (session.compact). */
  uuid?: string
  timestamp?: string
  /** 1-based line in the JSONL file, when read from one. */
  line?: number
  /** A subagent's row written into the main transcript (1.0.x `isSidechain`): not the session's own turn. */
  sidechain?: true
}

export interface CompactBoundary {
  /** 1-based JSONL line of the `system/compact_boundary` entry, or of the summary row itself
   *  for a 1.0.x transcript (written before boundary lines existed). */
  line: number
  /** Set when the compaction was found by a 1.0.x continuation row (`isCompactSummary`,
   *  `parentUuid: null`) rather than by a boundary line. */
  from?: 'summary-row'
  trigger?: string
  preTokens?: number
  /** Index into the *full* message list of the first message after the boundary. */
  messageIndex: number
}

export interface Transcript {
  source: 'engine' | 'jsonl'
  sessionId?: string
  cwd?: string
  model?: string
  messages: Message[]
  /** Every compaction boundary the source holds, oldest first (JSONL only). */
  boundaries: CompactBoundary[]
  /**
   * Lines that were not JSON or not a shape we know; counted and skipped, never fatal.
   * `lines` holds 1-based JSONL lines, or 0-based indices into `e.messages` for the engine reader.
   */
  malformed: { count: number; lines: number[] }
}

// ---------------------------------------------------------------------------------------------
// Readers
// ---------------------------------------------------------------------------------------------

type Obj = Record<string, unknown>

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

const emptyTranscript = (source: Transcript['source']): Transcript => ({
  source,
  messages: [],
  boundaries: [],
  malformed: { count: 0, lines: [] },
})

function noteMalformed(t: Transcript, where: number): void {
  t.malformed.count++
  t.malformed.lines.push(where)
}

// ---- classification of user rows --------------------------------------------------------------
//
// Each rule names where it was seen. "real" = the transcripts in ../shared/bench-data/raw (see
// SOURCES.md); "binary" = a string or wrapper-tag list in the Claude Code 2.1.328 executable
// (node_modules/@anthropic-ai/claude-code), for shapes none of the real files happen to hold.

/**
 * The whole row, not its start. real: short L13 "[Request interrupted by user for tool use]";
 * subagent L69, tool_heavy L18/L39 "[Request interrupted by user]".
 */
const INTERRUPT_RE = /^\[Request interrupted by user[^\]\n]*\]$/
/**
 * Names a row that is already known not to be typed (isMeta) as hook output. binary:
 * "Stop hook feedback:", `${hookName} hook blocking error from command:` (message templates).
 * It only refines a label; it never decides whether words were typed.
 */
const HOOK_RE = /^(?:<system-reminder>\s*)?[A-Za-z]+(?::\S+)? hook (?:feedback|blocking error|error|additional context|success)\b/
/**
 * What the engine appends after a <task-notification> element. real: fa812bfe L664
 * ("Read the output file to retrieve the result: /tmp/…/b7b23b2.output").
 */
const TASK_TRAILER_RE = /^Read the output file[^\n]*$/
/**
 * The engine's continuation preamble. session.compact rows carry no isCompactSummary flag, so
 * the engine reader takes this text *first in its window* (index 0) as the flag.
 * real: ae4a77f8 L1482, fa812bfe L1585 (JSONL, where the flag is set).
 */
const CONTINUATION = 'This session is being continued from a previous conversation'

const TAG_KIND: Record<string, MessageKind> = {
  // real: tool_heavy L21, ae4a77f8 L1484 ("<command-name>/compact…"); subagent L4 and sniffly
  // ba79134d L1 open with <command-message> (1.0.17 and 2.1.38 order the wrapper differently).
  'command-name': 'command',
  'command-message': 'command',
  'command-args': 'command',
  // binary: the `!` bash mode echoes what was run as <bash-input>; its output as <bash-stdout> etc.
  'command-contents': 'command',
  'bash-input': 'command',
  // real: tool_heavy L22, ae4a77f8 L1485 (<local-command-stdout>); stderr and bash-*: binary.
  'local-command-stdout': 'command-output',
  'local-command-stderr': 'command-output',
  'bash-stdout': 'command-output',
  'bash-stderr': 'command-output',
  'bash-exit-code': 'command-output',
  // real: tool_heavy L20, ae4a77f8 L1483 (<local-command-caveat>, also isMeta).
  'local-command-caveat': 'meta',
  // binary (not in the real files as a whole user row): reminders the engine injects.
  'system-reminder': 'meta',
  // real: fa812bfe L664 — a background task finished; the engine queued this as a user row.
  'task-notification': 'meta',
  // binary: other wrappers the engine injects on the person's behalf (wrapper-tag list).
  'teammate-message': 'meta',
  'agent-message': 'meta',
  'cross-session-message': 'meta',
  'fetched-web-content': 'meta',
  'remote-review': 'meta',
  'remote-review-progress': 'meta',
  ide_selection: 'meta',
  ide_opened_file: 'meta',
  'user-prompt-submit-hook': 'hook',
  'post-tool-use-hook': 'hook',
}

/**
 * The conversation proper. A handoff or an engine summary opens its window: only rows the engine
 * injects (reminders, caveats, command wrappers, …) may come before it, never one of these.
 */
const TALK: ReadonlySet<MessageKind> = new Set(['typed', 'assistant', 'tool-results'])

interface RowFlags {
  isMeta?: unknown
  isCompactSummary?: unknown
  isSidechain?: unknown
  /** The row carries none of the fields the engine writes on a prompt, and its parent is a prompt
   *  that does: the engine's own answer to that prompt, not a new one (JSONL only, see jsonlParser). */
  answersPrompt?: boolean
}

/**
 * Fields 2.x writes on a row the person submitted at the prompt: `permissionMode` (2.1.328 in
 * -p and the TUI), `thinkingMetadata` (2.1.29–2.1.38 in the real files; 294 typed rows of the
 * set carry one or both). 1.0.x writes neither, so where no prompt carries them nothing is judged by them.
 */
const hasPromptFields = (row: Record<string, unknown>) => 'permissionMode' in row || 'thinkingMetadata' in row

/**
 * The kind of a text that is *wholly* engine wrappers: one or more known elements
 * (`<command-name>…</command-name>`, `<local-command-stdout>…</local-command-stdout>`, …) with only
 * whitespace between them, and for a task notification the engine's trailer line. Anything else
 * (an unknown tag, words before, between or after the elements) is undefined: the person's.
 * Linear: each element's end is the first matching close tag after it.
 */
export function wrapperKind(text: string): MessageKind | undefined {
  let kind: MessageKind | undefined
  let at = 0
  const s = text.trim()
  while (at < s.length) {
    while (at < s.length && /\s/.test(s[at]!)) at++
    if (at >= s.length) break
    if (kind !== undefined && s.startsWith('Read the output file', at) && TASK_TRAILER_RE.test(s.slice(at))) return kind
    const open = /^<([a-z][\w-]*)>/.exec(s.slice(at, at + 64))
    const tag = open?.[1]
    const tagKind = tag === undefined ? undefined : TAG_KIND[tag]
    if (tagKind === undefined) return undefined
    const close = s.indexOf(`</${tag}>`, at + open![0].length)
    if (close < 0) return undefined
    kind ??= tagKind
    at = close + tag!.length + 3
  }
  return kind
}

/**
 * Classifies a user row by its shape: the line's flags, a row of tool results only, or a text
 * that is wholly an engine wrapper, an interruption notice or (first in its window) a handoff.
 * How free text *begins* decides nothing: a person may type "Git hook error: …" or paste a
 * <command-name> tag, and those words must reach the turns section.
 */
function classifyUser(text: string, hasToolResults: boolean, flags: RowFlags, firstInWindow: boolean): MessageKind {
  const body = text.trim()
  // real: every tool turn's user row (tool_result blocks only), all files.
  if (body === '' && hasToolResults) return 'tool-results'
  // A handoff written into the compaction slot also carries isCompactSummary.
  if ((flags.isCompactSummary === true || firstInWindow) && parseMarker(text) !== null) return 'handoff'
  // real: ae4a77f8 L1482, fa812bfe L1585 (isCompactSummary + isVisibleInTranscriptOnly); 1.0.x
  // wrote the flag too (with parentUuid null).
  if (flags.isCompactSummary === true) return 'compact-summary'
  // real: ae4a77f8 L102 and subagent L5 (a skill's text, isMeta), ae4a77f8 L1483 (caveat, isMeta).
  if (flags.isMeta === true) return HOOK_RE.test(body) ? 'hook' : 'meta'
  if (INTERRUPT_RE.test(body)) return 'interrupt'
  const wrapped = wrapperKind(body)
  if (wrapped) return wrapped
  // real: 4b3ddf27 L6 ("Operation stopped by hook: …" under the typed "hi"), 0276a600: a hook
  // stopped the prompt, and the engine wrote why as a user row with no flag, under that prompt.
  if (flags.answersPrompt === true && !hasToolResults) return 'hook'
  // real: agent-acompact L1 — a sidechain (subagent) row's prompt came from the parent agent or
  // the engine (here the compaction instruction), never from the person at the prompt.
  if (flags.isSidechain === true) return 'meta'
  return 'typed'
}

/** A text block that is wholly an injected wrapper (dropped from a typed row that has other blocks). */
function isInjectedBlock(text: string): boolean {
  return wrapperKind(text) === 'meta'
}

/**
 * Kind and text of a user row from its text blocks. When several text blocks ride together and
 * some are wholly injected (e.g. a <system-reminder> block beside the typed words), the row is
 * classified on the rest, and a typed row's text is the rest only.
 */
function userKindAndText(texts: string[], hasToolResults: boolean, flags: RowFlags, firstInWindow: boolean): { kind: MessageKind; text: string } {
  const all = texts.join('\n')
  if (texts.length > 1) {
    const kept = texts.filter((t) => !isInjectedBlock(t))
    if (kept.length > 0 && kept.length < texts.length) {
      const rest = kept.join('\n')
      const kind = classifyUser(rest, hasToolResults, flags, firstInWindow)
      return { kind, text: kind === 'typed' ? rest : all }
    }
  }
  return { kind: classifyUser(all, hasToolResults, flags, firstInWindow), text: all }
}

// ---- tool results -----------------------------------------------------------------------------

/**
 * The engine's answer for a tool call the person refused and told it why: the template, then
 * their words. binary: "The user doesn't want to proceed with this tool use. The tool use was
 * rejected (eg. …). To tell you how to proceed, the user said:\n" and the permission prompt's
 * "Permission for this tool use was denied. The tool use was rejected (eg. …). The user said:\n";
 * real: 4b3ddf27 L73 and L467, f022dad1 L239. Flagged as an error, always: a tool's own output
 * that merely holds these words (a `cat` of a transcript) is not a refusal.
 */
const REFUSAL_RE =
  /^(?:Error: )?(?:The user doesn't want to proceed with this tool use|Permission for this tool use was denied)\. The tool use was rejected \([^)\n]*\)\. (?:To tell you how to proceed, the user said|The user said):\n([\s\S]*\S[\s\S]*)$/

/** A tool result, with the person's words when it is their refusal (REFUSAL_RE). */
function toolResult(toolUseId: string, text: string, isError: boolean): ToolResult {
  const r: ToolResult = { toolUseId, text, isError }
  const said = isError ? REFUSAL_RE.exec(text)?.[1] : undefined
  if (said !== undefined) r.said = said
  return r
}

// ---- session.compact (engine) ---------------------------------------------------------------

/** A row's flags; the engine's rows lack isCompactSummary, so its position and preamble stand in. */
function engineFlags(row: Obj, text: string, first: boolean): RowFlags {
  return { ...row, isCompactSummary: row.isCompactSummary === true || (first && text.trimStart().startsWith(CONTINUATION)) }
}

/** Text of an engine tool result object when the use carries no `text` (Bash: stdout/stderr). */
function engineResultText(result: unknown): string | undefined {
  if (typeof result === 'string') return result
  if (!isObj(result)) return undefined
  const parts = [str(result.stdout), str(result.stderr)].filter((s): s is string => !!s)
  return parts.length ? parts.join('\n') : undefined
}

/**
 * Reads the `session.compact` hook's `e.messages` (Claude Code 2.1.328): rows of
 * `{ role, text, toolUses, toolResults?, uuid?, handle? }`. Entries that are not an object with a
 * valid role are counted in `malformed` by their 0-based index and skipped; never throws.
 */
export function readEngineMessages(messages: unknown[], meta: { sessionId?: string; cwd?: string; model?: string } = {}): Transcript {
  const t = emptyTranscript('engine')
  if (meta.sessionId !== undefined) t.sessionId = meta.sessionId
  if (meta.cwd !== undefined) t.cwd = meta.cwd
  if (meta.model !== undefined) t.model = meta.model
  if (!Array.isArray(messages)) return t

  const results = new Map<string, ToolResult>()
  const fallbacks: Array<{ use: ToolUse; fallback?: ToolResult }> = []
  /** The newest message of the conversation proper: a handoff or summary comes before any. */
  let lastTalk = -1

  messages.forEach((row, i) => {
    if (!isObj(row) || (row.role !== 'user' && row.role !== 'assistant')) return noteMalformed(t, i)
    const role = row.role
    const text = str(row.text) ?? ''

    const toolUses: ToolUse[] = []
    for (const u of Array.isArray(row.toolUses) ? row.toolUses : []) {
      if (!isObj(u)) continue
      const id = str(u.tool_use_id) ?? str(u.id)
      const name = str(u.tool) ?? str(u.name)
      if (id === undefined || name === undefined) continue
      const use: ToolUse = { id, name, input: isObj(u.input) ? u.input : {} }
      toolUses.push(use)
      const ownText = str(u.text) ?? engineResultText(u.result)
      const ownError = typeof u.isError === 'boolean' ? u.isError : undefined
      fallbacks.push(ownText !== undefined || ownError !== undefined ? { use, fallback: toolResult(id, ownText ?? '', ownError ?? false) } : { use })
    }

    const toolResults: ToolResult[] = []
    for (const r of Array.isArray(row.toolResults) ? row.toolResults : []) {
      if (!isObj(r)) continue
      const id = str(r.tool_use_id) ?? str(r.toolUseId)
      if (id === undefined) continue
      const result = toolResult(id, str(r.text) ?? engineResultText(r.result) ?? '', r.isError === true || r.is_error === true)
      toolResults.push(result)
      if (!results.has(id)) results.set(id, result)
    }

    const first = lastTalk < 0
    const { kind, text: shown } =
      role === 'assistant' ? { kind: 'assistant' as const, text } : userKindAndText([text], toolResults.length > 0, engineFlags(row, text, first), first)
    const msg: Message = { index: t.messages.length, role, kind, text: shown, toolUses, toolResults }
    if (TALK.has(kind)) lastTalk = msg.index
    const uuid = str(row.handle) ?? str(row.uuid)
    if (uuid !== undefined) msg.uuid = uuid
    const ts = str(row.timestamp)
    if (ts !== undefined) msg.timestamp = ts
    t.messages.push(msg)
  })

  for (const { use, fallback } of fallbacks) {
    const r = results.get(use.id) ?? fallback
    if (r) use.result = r
  }
  return t
}

// ---- JSONL ----------------------------------------------------------------------------------

/** Text of a tool_result block's content: a string, or blocks whose text blocks are joined. */
function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  const parts: string[] = []
  for (const b of content) if (isObj(b) && b.type === 'text' && typeof b.text === 'string') parts.push(b.text)
  return parts.join('\n')
}

const joinText = (a: string, b: string): string => (a === '' ? b : b === '' ? a : `${a}\n${b}`)

/**
 * Parses a Claude Code JSONL transcript (1.0.x and 2.1.3x) in one pass.
 *
 * - user/assistant lines become messages; bookkeeping lines (progress, file-history-snapshot,
 *   queue-operation, summary titles, other system lines, unknown types) are skipped silently;
 * - one assistant API message written as several lines (one per content block, same
 *   `message.id`) becomes one message, also when the tool_result rows of its parallel tool calls
 *   sit between those lines (2.1.3x writes use A, result A, use B, result B under one id);
 * - lines that are not JSON, JSON that is not an object with a string `type`, or a user/assistant
 *   line without a usable `message` are counted in `malformed` (1-based line) and skipped.
 */
export function parseJsonl(text: string): Transcript {
  const parser = jsonlParser()
  let lineNo = 0
  for (const raw of text.split('\n')) parser.line(raw, ++lineNo)
  return parser.finish()
}

/** The parser parseJsonl and the streaming reader feed one line at a time (1-based `lineNo`). */
export function jsonlParser(): { line(raw: string, lineNo: number): void; finish(): Transcript } {
  const t = emptyTranscript('jsonl')
  const results = new Map<string, ToolResult>()
  const uses: ToolUse[] = []
  /** The assistant message later lines with the same message.id merge into, while it is open. */
  let open: { msg: Message; id: string } | null = null
  /** The newest message of the conversation proper: a handoff or summary comes before any in its window. */
  let lastTalk = -1
  /** Rows the person submitted at the prompt, by uuid, as their fields say (hasPromptFields). */
  const prompts = new Set<string>()

  const line = (raw: string, lineNo: number): void => {
    if (raw.trim() === '') return
    let d: unknown
    try {
      d = JSON.parse(raw)
    } catch {
      noteMalformed(t, lineNo)
      return
    }
    if (!isObj(d) || typeof d.type !== 'string') {
      noteMalformed(t, lineNo)
      return
    }
    if (t.sessionId === undefined && typeof d.sessionId === 'string') t.sessionId = d.sessionId
    if (t.cwd === undefined && typeof d.cwd === 'string') t.cwd = d.cwd

    const type = d.type
    if (type === 'system') {
      if (d.subtype === 'compact_boundary') {
        const cm = isObj(d.compactMetadata) ? d.compactMetadata : {}
        const b: CompactBoundary = { line: lineNo, messageIndex: t.messages.length }
        if (typeof cm.trigger === 'string') b.trigger = cm.trigger
        if (typeof cm.preTokens === 'number') b.preTokens = cm.preTokens
        t.boundaries.push(b)
        open = null
      }
      return
    }
    if (type !== 'user' && type !== 'assistant') return

    const m = d.message
    if (!isObj(m) || (m.role !== undefined && m.role !== type)) {
      noteMalformed(t, lineNo)
      return
    }
    const content = m.content
    if (typeof content !== 'string' && !Array.isArray(content)) {
      noteMalformed(t, lineNo)
      return
    }

    const texts: string[] = []
    const toolUses: ToolUse[] = []
    const toolResults: ToolResult[] = []
    if (typeof content === 'string') texts.push(content)
    else {
      for (const b of content) {
        if (!isObj(b)) continue
        if (b.type === 'text') {
          if (typeof b.text === 'string') texts.push(b.text)
        } else if (b.type === 'tool_use') {
          if (typeof b.id === 'string' && typeof b.name === 'string') {
            const use: ToolUse = { id: b.id, name: b.name, input: isObj(b.input) ? b.input : {} }
            if (typeof d.cwd === 'string') use.cwd = d.cwd
            toolUses.push(use)
            uses.push(use)
          }
        } else if (b.type === 'tool_result') {
          if (typeof b.tool_use_id === 'string') {
            const r = toolResult(b.tool_use_id, toolResultText(b.content), b.is_error === true)
            toolResults.push(r)
            if (!results.has(r.toolUseId)) results.set(r.toolUseId, r)
          }
        }
        // thinking, redacted_thinking, image, document, …: not text; skipped.
      }
    }

    if (type === 'assistant') {
      if (typeof m.model === 'string' && m.model !== '<synthetic>') t.model = m.model
      const id = typeof m.id === 'string' && m.id !== '' ? m.id : undefined
      if (open && id !== undefined && open.id === id) {
        open.msg.text = joinText(open.msg.text, texts.join('\n'))
        open.msg.toolUses.push(...toolUses)
        return
      }
      const msg = newMessage(t, d, lineNo, 'assistant', 'assistant', texts.join('\n'), toolUses, toolResults)
      open = id === undefined ? null : { msg, id }
      lastTalk = msg.index
      return
    }

    // 1.0.x wrote no boundary line: its compaction is the summary row that starts a new chain
    // (parentUuid null). A 2.x summary row follows its boundary line and is not counted twice.
    if (d.isCompactSummary === true && d.parentUuid === null && t.boundaries.at(-1)?.messageIndex !== t.messages.length) {
      t.boundaries.push({ line: lineNo, messageIndex: t.messages.length, from: 'summary-row' })
      open = null
    }
    const firstInWindow = lastTalk < (t.boundaries.at(-1)?.messageIndex ?? 0)
    const prompt = hasPromptFields(d)
    if (prompt && typeof d.uuid === 'string') prompts.add(d.uuid)
    const answersPrompt = !prompt && typeof d.parentUuid === 'string' && prompts.has(d.parentUuid)
    const { kind, text: shown } = userKindAndText(texts, toolResults.length > 0, answersPrompt ? { ...d, answersPrompt } : d, firstInWindow)
    // Only a row of tool results keeps the assistant message open for its next parallel tool call.
    if (kind !== 'tool-results') open = null
    const msg = newMessage(t, d, lineNo, 'user', kind, shown, toolUses, toolResults)
    if (TALK.has(kind)) lastTalk = msg.index
  }

  const finish = (): Transcript => {
    for (const use of uses) {
      const r = results.get(use.id)
      if (r) use.result = r
    }
    return t
  }
  return { line, finish }
}

function newMessage(
  t: Transcript,
  d: Obj,
  line: number,
  role: Message['role'],
  kind: MessageKind,
  text: string,
  toolUses: ToolUse[],
  toolResults: ToolResult[],
): Message {
  const msg: Message = { index: t.messages.length, role, kind, text, toolUses, toolResults, line }
  if (typeof d.uuid === 'string') msg.uuid = d.uuid
  if (typeof d.timestamp === 'string') msg.timestamp = d.timestamp
  if (d.isSidechain === true) msg.sidechain = true
  t.messages.push(msg)
  return msg
}

/**
 * The largest transcript read (bytes). Every message is kept in memory, about the file's size again;
 * past this a file is refused with the limit named rather than ending in an out-of-memory crash.
 * `COMPACT_HANDOFF_MAX_TRANSCRIPT_MB` raises or lowers it.
 */
export const DEFAULT_MAX_TRANSCRIPT_MB = 512
/** A line longer than this is counted malformed without being held whole (no real line comes near). */
export const MAX_LINE_BYTES = 64 * 1024 * 1024

export function maxTranscriptBytes(env: NodeJS.ProcessEnv = process.env): { bytes: number; setting: string } {
  const raw = env.COMPACT_HANDOFF_MAX_TRANSCRIPT_MB
  const mb = raw !== undefined && /^\d+$/.test(raw.trim()) && Number(raw) > 0 ? Number(raw) : DEFAULT_MAX_TRANSCRIPT_MB
  return {
    bytes: mb * 1024 * 1024,
    setting:
      raw !== undefined && mb !== DEFAULT_MAX_TRANSCRIPT_MB
        ? `COMPACT_HANDOFF_MAX_TRANSCRIPT_MB=${mb}`
        : `the default ${mb} MB; COMPACT_HANDOFF_MAX_TRANSCRIPT_MB sets it`,
  }
}

/**
 * Reads a JSONL transcript file as a stream, one line at a time: the file is never held as one
 * string (a 512 MB file would pass V8's string limit), and a line never past MAX_LINE_BYTES.
 * File-system errors (ENOENT, …) reject as they are; a file over the size limit rejects with
 * TRANSCRIPT_TOO_LARGE naming the limit.
 */
export async function readJsonlTranscript(path: string, limit = maxTranscriptBytes()): Promise<Transcript> {
  const size = (await stat(path)).size
  if (size > limit.bytes) {
    throw new HandoffError(
      'TRANSCRIPT_TOO_LARGE',
      `${path} is ${fmt(Math.ceil(size / 1024 / 1024))} MB, over the ${fmt(Math.round(limit.bytes / 1024 / 1024))} MB a transcript may be (${limit.setting})`,
    )
  }
  const parser = jsonlParser()
  let lineNo = 0
  let parts: Buffer[] = []
  let pending = 0
  let overlong = false
  const endLine = () => {
    lineNo++
    if (overlong)
      parser.line('{not read: longer than MAX_LINE_BYTES', lineNo) // counted malformed
    else parser.line(parts.length === 1 ? parts[0]!.toString('utf8') : Buffer.concat(parts, pending).toString('utf8'), lineNo)
    parts = []
    pending = 0
    overlong = false
  }
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    let from = 0
    for (let nl = chunk.indexOf(10, from); nl >= 0; nl = chunk.indexOf(10, from)) {
      if (!overlong) parts.push(chunk.subarray(from, nl))
      pending += nl - from
      if (pending > MAX_LINE_BYTES) overlong = true
      endLine()
      from = nl + 1
    }
    if (from < chunk.length && !overlong) {
      parts.push(chunk.subarray(from))
      pending += chunk.length - from
      if (pending > MAX_LINE_BYTES) {
        overlong = true
        parts = []
      }
    }
  }
  if (pending > 0 || overlong) endLine()
  return parser.finish()
}

// ---- engine notes in tool results -----------------------------------------------------------

/**
 * Notes the engine appends to a tool's output, addressed to the model rather than about the work.
 * real: every Read result ends with a <system-reminder> block (no other tool's result holds one in
 * the real files); WebSearch's instruction to cite (0276a600 L294, f022dad1 L269); a subagent's id
 * and token usage, the Task result's last text block (1284c080 L372); the shell's note that a `cd`
 * was undone (b42aaf1f L131, 114 times in the set). Only a note that *ends* the result is one: a
 * file or an output may quote these words, and only the engine puts them last.
 */
const ENGINE_TRAILERS = [
  /\n*REMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks\.\s*$/,
  /\n*agentId: [\w-]+ \(for resuming to continue this agent's work if needed\)\s*(?:<usage>[^<]*<\/usage>\s*)?$/,
  /\n*Shell cwd was reset to [^\n]*\s*$/,
]
const REMINDER_OPEN = '<system-reminder>'
const REMINDER_CLOSE = '</system-reminder>'

/** A tool result's text without the notes the engine appended to it (`ENGINE_TRAILERS`, reminders). */
export function withoutEngineNotes(text: string): string {
  for (let out = text; ;) {
    let next = out
    const end = next.trimEnd()
    // A reminder block that ends the text: found from its end, so a reminder quoted earlier in a
    // file is kept.
    if (end.endsWith(REMINDER_CLOSE) && end.lastIndexOf(REMINDER_OPEN) >= 0) next = end.slice(0, end.lastIndexOf(REMINDER_OPEN)).replace(/\n+$/, '')
    for (const re of ENGINE_TRAILERS) next = next.replace(re, '')
    if (next === out) return out
    out = next
  }
}

// ---- boundaries -----------------------------------------------------------------------------

/**
 * Where this window's own work starts: the first message after the newest handoff or engine
 * summary (0 when there is none). What came before is on disk behind the history tools, and a
 * section that carried it again would nest one handoff in the next.
 */
export function windowStart(messages: readonly Message[]): number {
  return messages.findLastIndex((m) => m.kind === 'handoff' || m.kind === 'compact-summary') + 1
}

/**
 * The conversation as it stood before a compaction boundary:
 * - a number N (1-based): everything before the N-th boundary line;
 * - 'last': before the last boundary, or the whole transcript when it has none;
 * - 'end': the whole transcript as it is, every message.
 * Throws HandoffError('USAGE') for an N the transcript does not have.
 */
export function beforeBoundary(t: Transcript, which: 'last' | number | 'end'): Transcript {
  if (which === 'end') return t
  const count = t.boundaries.length
  if (which === 'last') {
    if (count === 0) return t
    which = count
  }
  if (!Number.isInteger(which) || which < 1 || which > count) {
    const has = count === 0 ? 'has no compaction boundaries' : `has ${count} compaction boundar${count === 1 ? 'y' : 'ies'} (1–${count})`
    throw new HandoffError('USAGE', `boundary ${which} is out of range: the transcript ${has}`)
  }
  const b = t.boundaries[which - 1]!
  return {
    ...t,
    messages: t.messages.slice(0, b.messageIndex),
    boundaries: t.boundaries.slice(0, which - 1),
    malformed: (() => {
      const lines = t.malformed.lines.filter((l) => l < b.line)
      return { count: lines.length, lines }
    })(),
  }
}
