/**
 * Tool calls whose result reads as a failure: flagged `is_error`, or wrapped in the error text a
 * tool itself produces. Only what the result records is repeated: no exit code is inferred, and
 * a call without an error flag is not said to have succeeded.
 */
import { clip, shortInput, type ToolUse } from '../../pipeline/index.ts'
import type { Call } from './files.ts'

export interface Failure {
  tool: string
  /** The call's input in a few words: a command, a path, a pattern. */
  input: string
  /** The first lines of what the tool answered, as it answered them. */
  error: string
  at: number
}

/** Error text a tool wraps its own failures in (2.1.3x Edit/Read/…; older engines' plain prefix). */
const TOOL_ERROR_RE = /^\s*(<tool_use_error>|Error: |InputValidationError)/

/** Flagged, or in the tool's own error wrapper. A shell's output is the command's, not the
 *  tool's, so for Bash only the flag and the wrapper count. */
export function isFailure(use: ToolUse): boolean {
  const r = use.result
  if (r === undefined) return false
  if (r.isError) return true
  return use.name === 'Bash' ? r.text.trimStart().startsWith('<tool_use_error>') : TOOL_ERROR_RE.test(r.text)
}

/** The first `lines` non-empty lines of the answer, without the tool's wrapper tags. */
export function errorHead(text: string, lines = 2, max = 200): string {
  const body = text.replace(/<\/?tool_use_error>/g, '')
  const head = body
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .slice(0, lines)
  return clip(head.join(' ⏎ '), max)
}

/** Every failed call, oldest first. */
export function failures(calls: Call[]): Failure[] {
  return calls.filter((c) => isFailure(c.use)).map((c) => ({ tool: c.use.name, input: shortInput(c.use), error: errorHead(c.use.result!.text), at: c.at }))
}

/** One line per failure; a path under the session's cwd is shown relative to it. */
export function renderFailure(f: Failure, cwd?: string): string {
  const base = cwd && cwd !== '/' ? `${cwd.replace(/\/+$/, '')}/` : null
  const shown = base && f.input.startsWith(base) ? f.input.slice(base.length) : f.input
  const input = shown === '' ? '' : ` \`${shown.replace(/`/g, "'")}\``
  return `- ${f.tool}${input} → ${f.error === '' ? '(flagged as an error; no text)' : f.error}`
}
