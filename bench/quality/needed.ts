/**
 * What the work after a compaction went on to use, and how much of it a window received: the
 * quality bench's measure, as pure functions over the transcript model.
 *
 * Needed tokens are identifier-like tokens in the inputs of the first tool calls after the
 * compaction that also occur before it and were not retyped by the user after it: things the
 * next window could only have typed if it was handed them. Needed files are the paths those
 * calls read or wrote that the session had touched before.
 */
import type { Message, ToolUse, Transcript } from '../../pipeline/index.ts'

/** A run of characters that can make up an identifier, a path or a URL. */
const RUN_RE = /[A-Za-z0-9_$./:@~-]+/g
/** Sentence punctuation around a run is not part of it; a path's leading '/' is. */
const TRIM_END_RE = /[.:/@~-]+$/
const TRIM_START_RE = /^[.:@~-]+/
/** ≥ 8 characters with a digit, '_', '.', '/', '-' or ':' in it, or a capital inside it. */
const MARK_RE = /[0-9_./:-]|.[A-Z]/

export const isIdentifierLike = (token: string): boolean => token.length >= 8 && MARK_RE.test(token)

/** Every identifier-like token of a text, once each. */
export function identifierTokens(text: string, into: Set<string> = new Set()): Set<string> {
  for (const match of text.matchAll(RUN_RE)) {
    const token = match[0].replace(TRIM_END_RE, '').replace(TRIM_START_RE, '')
    if (isIdentifierLike(token)) into.add(token)
  }
  return into
}

/** Every string inside a tool input, however deeply nested. */
export function inputStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) inputStrings(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) inputStrings(v, out)
  return out
}

const FILE_KEYS: Record<string, string> = { Read: 'file_path', Write: 'file_path', Edit: 'file_path', MultiEdit: 'file_path', NotebookEdit: 'notebook_path' }

/** The path a file tool read or wrote, or undefined for any other call. */
export function filePath(use: ToolUse): string | undefined {
  const key = FILE_KEYS[use.name]
  const path = key ? use.input[key] : undefined
  return typeof path === 'string' && path !== '' ? path : undefined
}

/** All the text a message carries: its own, its calls' inputs, their results. */
function messageText(m: Message): string {
  const parts = [m.text]
  for (const u of m.toolUses) parts.push(...inputStrings(u.input), u.result?.text ?? '')
  for (const r of m.toolResults) parts.push(r.text)
  return parts.join('\n')
}

export interface Needed {
  tokens: string[]
  files: string[]
  /** How many tool calls after the compaction were read (at most `calls`). */
  callsRead: number
}

/**
 * What the work after the compaction whose summary row is `messages[at]` needed from before it.
 * Only the session's own calls count (a subagent's rows in a 1.0.x file do not), up to `calls`
 * of them and never past the next compaction (`until`).
 */
export function neededAfter(t: Transcript, at: number, opts: { calls?: number; until?: number } = {}): Needed {
  const maxCalls = opts.calls ?? 40
  const until = opts.until ?? t.messages.length
  const before = new Set<string>()
  const touched = new Set<string>()
  for (const m of t.messages.slice(0, at)) {
    identifierTokens(messageText(m), before)
    for (const u of m.toolUses) {
      const p = filePath(u)
      if (p) touched.add(p)
    }
  }

  const used = new Set<string>()
  const files = new Set<string>()
  const retyped = new Set<string>()
  let callsRead = 0
  for (const m of t.messages.slice(at + 1, until)) {
    if (callsRead >= maxCalls) break
    if (m.sidechain) continue
    if (m.kind === 'typed') identifierTokens(m.text, retyped)
    for (const u of m.toolUses) {
      if (callsRead >= maxCalls) break
      callsRead++
      for (const s of inputStrings(u.input)) identifierTokens(s, used)
      const p = filePath(u)
      if (p && touched.has(p)) files.add(p)
    }
  }
  const tokens = [...used].filter((tok) => before.has(tok) && !retyped.has(tok))
  return { tokens, files: [...files].filter((f) => !retyped.has(f)), callsRead }
}

/** A path's last two segments ("cmd/main.go"), or null when it has fewer than two. */
export function lastTwoSegments(path: string): string | null {
  const parts = path.split('/').filter((p) => p !== '')
  return parts.length >= 2 ? parts.slice(-2).join('/') : null
}

/** A character a name or path goes on with: a match with one beside it is part of something longer. */
const WORD_CHAR_RE = /[A-Za-z0-9_.-]/

/** Whether `text` holds `part` as a whole path or a whole tail of one: `cmd/main.go` is in
 *  `/repo/cmd/main.go`, not in `subcmd/main.go.bak`. */
export function holdsPath(text: string, part: string): boolean {
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
    const before = text[at - 1] ?? ''
    let after = text[at + part.length] ?? ''
    // A sentence's full stop ("fix cmd/main.go.") ends the path; `main.go.bak` does not.
    if (after === '.' && !WORD_CHAR_RE.test(text[at + part.length + 1] ?? '')) after = ''
    if (!WORD_CHAR_RE.test(before) && !WORD_CHAR_RE.test(after) && after !== '/') return true
  }
  return false
}

/** Whether the window holds an item: the token itself, or a path whole or by its last two segments. */
export function holds(window: { text: string; tokens: Set<string> }, item: string): boolean {
  if (window.tokens.has(item) || (item.includes('/') && holdsPath(window.text, item))) return true
  const tail = item.includes('/') ? lastTwoSegments(item) : null
  return tail !== null && holdsPath(window.text, tail)
}

export interface Recall {
  /** Share of tokens ∪ files found (null when nothing was needed). */
  recall: number | null
  tokens: number | null
  files: number | null
  needed: number
  found: number
  missed: string[]
}

const share = (found: number, of: number): number | null => (of === 0 ? null : found / of)

/** How much of what was needed the received text holds. */
export function recallOf(received: string, needed: Needed): Recall {
  const window = { text: received, tokens: identifierTokens(received) }
  const foundTokens = needed.tokens.filter((tok) => holds(window, tok))
  const foundFiles = needed.files.filter((f) => holds(window, f))
  const items = new Set([...needed.tokens, ...needed.files])
  const missed = [...items].filter((i) => !holds(window, i))
  return {
    recall: share(items.size - missed.length, items.size),
    tokens: share(foundTokens.length, needed.tokens.length),
    files: share(foundFiles.length, needed.files.length),
    needed: items.size,
    found: items.size - missed.length,
    missed,
  }
}
