/**
 * Whether a tool call failed, and why in its own words: the one reading the ledger's failures
 * and a compact transcript (`renderConversation`'s one-line calls) both give.
 */
import { clip, oneLine } from './text.ts'
import type { ToolUse } from './transcript.ts'

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

/** The engine's own tools, whose error text is theirs, said on its first line. */
const ENGINE_TOOLS = new Set(['Edit', 'MultiEdit', 'Write', 'Read', 'NotebookEdit', 'Glob', 'Grep', 'LS'])

const EXIT_LINE = /^Exit code -?\d+$/
/** `path/file.ext:12` or `file.ext:12:5`: where a compiler, linter or test points. */
const LOCATION = /[\w.-]*\w\.[A-Za-z]\w{0,9}:\d+/
/** A line that names an error outright: a location, `Error:`, `panic:`, `npm ERR!`, `FAIL`, or
 *  TeX's `! Undefined control sequence.` */
const NAMES_ERROR = new RegExp(`${LOCATION.source}|\\b(?:error|exception)\\b:|\\bpanic:|\\bnpm ERR!|\\bFAIL\\b|^! \\S`, 'i')
/** A line that only mentions one (`[test] ERROR task failed`). */
const MENTIONS_ERROR = /\berror\b|\bfailed\b/i
/** A marker with nothing else on the line (`FAIL`, `ERROR:`) says no more than the flag did. */
const BARE_MARKER = /^(?:[-=\s]*)(?:fail|error|failed)[:!.]*$/i

/** The engine's own text for a call the user turned down, and what they said with it. */
const REJECTED = /^The user doesn't want to proceed with this tool use\.[^\n]*?(?:the user said:\s*([\s\S]*))?$/

/**
 * Why the call failed, in its own words, at most `lines` lines: the output's head is often a
 * banner (a tool's version line, the command it runs), so the lines that name an error come
 * first (a location, `Error:`, `panic:`, `FAIL`, a traceback's exception), then lines that only
 * mention one, else the last lines, which is where a tool that fails says so. An `Exit code N`
 * line leads when the result has one.
 */
export function errorReason(text: string, opts: { lines?: number; max?: number; tool?: string } = {}): string {
  const { lines = 2, max = 200 } = opts
  const body = text.replace(/<\/?tool_use_error>/g, '')
  const rejected = REJECTED.exec(body.trim())
  if (rejected) return clip(oneLine(`rejected by the user${rejected[1]?.trim() ? `, who said: ${rejected[1].trim()}` : ''}`), max)
  // A tool's own error (a file tool's, the engine's) says why on its first line; what follows is
  // often the input handed back (an Edit's old_string), not the reason, unless the first line
  // only introduces it ("…the following issue:"). 2.x wraps it in <tool_use_error>; 1.0.x wrote it
  // bare (sniffly d3ad4cdc: "String to replace not found in file.\nString: …"), so the engine's
  // own file and search tools are read so. Any other tool's error (an MCP server's, a subagent's)
  // is output like a command's: a traceback's last line says more than its first.
  if (/^\s*<tool_use_error>/.test(text) || (opts.tool !== undefined && ENGINE_TOOLS.has(opts.tool))) {
    const [first, next] = body
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter((l) => l !== '')
    if (first) return clip(first.endsWith(':') && next && lines > 1 ? `${first} ⏎ ${next}` : first, max)
  }
  const raw = body.split('\n')
  const all = raw.map((l) => l.replace(/\s+/g, ' ').trim()).filter((l) => l !== '')
  const exit = all[0] !== undefined && EXIT_LINE.test(all[0]) ? all[0] : null
  const rest = exit ? all.slice(1) : all
  const pick = (test: (l: string) => boolean) => {
    const first = rest.findIndex((l) => test(l) && !BARE_MARKER.test(l))
    if (first < 0) return null
    const next = rest.findIndex((l, i) => i > first && test(l) && !BARE_MARKER.test(l))
    return [rest[first]!, ...(next >= 0 ? [rest[next]!] : rest.slice(first + 1, first + 2))].slice(0, lines)
  }
  const reason = tracebackTail(raw) ?? pick((l) => NAMES_ERROR.test(l)) ?? pick((l) => MENTIONS_ERROR.test(l)) ?? rest.slice(-lines)
  return clip([...(exit ? [exit] : []), ...reason].join(' ⏎ '), max)
}

/** Python's `Traceback (most recent call last):` ends at its exception: the first line after
 *  the newest one that is not indented (frames and their code are). */
function tracebackTail(raw: string[]): string[] | null {
  let at = -1
  raw.forEach((l, i) => {
    if (l.startsWith('Traceback (most recent call last)')) at = i
  })
  if (at < 0) return null
  const exception = raw.slice(at + 1).find((l) => l.trim() !== '' && !/^\s/.test(l))
  return exception ? [exception.trim()] : null
}
