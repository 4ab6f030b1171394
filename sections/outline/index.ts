/**
 * `outline`: where things are in the files the session worked on — for each file, newest touch
 * first, what the session did to it and the declarations it holds with their line numbers, as the
 * transcript last saw the file. A map to navigate by after the conversation is gone, read off the
 * transcript (no file is opened).
 */
import { basename } from 'node:path'
import { defineSection, fileLines, fileTouches, fmt, lastCopy, lineCount, lineSpan, SectionDropError, type Touch } from '../../pipeline/index.ts'

interface OutlineOptions extends Record<string, unknown> {
  maxFiles: number
  lineChars: number
}

/**
 * A line that declares something, in most languages a session edits: functions, types, classes,
 * constants, Markdown and LaTeX headings. Indented at most one level, so nested statements that
 * happen to start with `const` or `let` inside a body are not taken for declarations.
 */
const DECLARATION =
  /^(?: {0,4}|\t?)(?:(?:export|pub(?:\([\w:]+\))?|public|private|protected|internal|static|async|abstract|final|override|default|extern)\s+)*(?:func|type|class|def|interface|struct|enum|const|var|let|function|fn|impl|trait|module|object|record|package|namespace|macro_rules!|#{1,4} |\\(?:sub)*section\*?\{|[A-Z][A-Z0-9_]{3,}\s*[:=])/

/** What the session did to a file, in words ("edited 3×, read 2×"). */
function didWhat(ops: Touch['ops']): string {
  const words: Array<[string, number]> = [
    ['written', ops.Write ?? 0],
    ['edited', (ops.Edit ?? 0) + (ops.MultiEdit ?? 0) + (ops.NotebookEdit ?? 0)],
    ['read', ops.Read ?? 0],
  ]
  return words
    .filter(([, n]) => n > 0)
    .map(([w, n]) => (n === 1 ? w : `${w} ${n}×`))
    .join(', ')
}

/** A file's declarations as `line: text`, from the transcript's newest copy of it (the one
 *  `excerpts` shows). */
export function declarations(touch: Touch, lineChars: number): string[] {
  const copy = lastCopy(touch)
  if (!copy) return []
  const out: string[] = []
  fileLines(copy.text).forEach((line, i) => {
    if (!DECLARATION.test(line)) return
    const text = line.trim()
    out.push(`${copy.firstLine + i}: ${text.length > lineChars ? `${text.slice(0, lineChars - 1)}…` : text}`)
  })
  return out
}

/** How much of a file the conversation showed, and how current that copy is. */
function seenOf(touch: Touch): string {
  const copy = lastCopy(touch)
  if (!copy) return 'no copy in the conversation'
  const n = fileLines(copy.text).length
  const span = copy.whole ? lineCount(n) : lineSpan(copy.firstLine, copy.firstLine + n - 1)
  // A copy from before Edits that could not be placed in it is still the lines the session saw;
  // said so, since its declarations may have moved since.
  if (!copy.current) return `${span} as last read, before later edits`
  if (!copy.whole) return `${span} seen`
  return `${span} as ${copy.from === 'write' ? 'written' : 'last read'}`
}

/** One file's entry: its path, what was done, how much of it the transcript saw, its declarations. */
function entry(touch: Touch, lineChars: number): string {
  const decls = declarations(touch, lineChars)
  return [`- ${touch.path} (${didWhat(touch.ops)}; ${seenOf(touch)}; last worked at line ${touch.focus})`, ...decls.map((d) => `    ${d}`)].join('\n')
}

export default defineSection<OutlineOptions>({
  name: 'outline',
  title: 'Where things are',
  description: 'The files the session worked on, newest first: what was done to each and its declarations with line numbers.',
  // Priority 45: a map is cheap to rebuild by reading files again, but cheaper to keep than the
  // files themselves, so it outlives restore and goes before the newest work.
  defaults: { timeoutMs: 5_000, budgetChars: 2_500, priority: 45, options: { maxFiles: 20, lineChars: 100 } },
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      maxFiles: { type: 'integer', minimum: 1, maximum: 200, description: 'the most files outlined, newest touch first' },
      lineChars: { type: 'integer', minimum: 20, description: 'a declaration line longer than this is clipped' },
    },
  },
  async run(ctx) {
    const touches = [...fileTouches(ctx.input.transcript).values()].reverse().filter((t) => basename(t.path) !== 'CLAUDE.md')
    if (touches.length === 0) throw new SectionDropError('SECTION_EMPTY', 'the session touched no file through a file tool')
    const intro =
      'The files this session worked on, newest first: what was done to each, and the declarations in it by line number as the conversation last showed the file (it may have changed since).'
    const lines = [intro]
    let used = intro.length
    let listed = 0
    let cut = 0
    for (const touch of touches.slice(0, ctx.options.maxFiles)) {
      let text = entry(touch, ctx.options.lineChars)
      // A file that does not fit whole is listed with as many declarations as fit; the rest is said.
      if (used + text.length + 1 > ctx.budgetChars - 120) {
        const rows = text.split('\n')
        while (rows.length > 1 && used + rows.join('\n').length + 1 > ctx.budgetChars - 160) rows.pop()
        const kept = rows.join('\n')
        if (used + kept.length + 1 > ctx.budgetChars - 160) break
        const dropped = text.split('\n').length - rows.length
        text = dropped > 0 ? `${kept}\n    … ${fmt(dropped)} more declarations` : kept
        cut += dropped
      }
      lines.push(text)
      used += text.length + 1
      listed++
    }
    if (listed === 0) throw new SectionDropError('SECTION_EMPTY', `not even one file's entry fits budgetChars: ${fmt(ctx.budgetChars)}`)
    const left = touches.length - listed
    if (left > 0) lines.push(`(${fmt(left)} more file${left === 1 ? '' : 's'} touched earlier, not listed)`)
    return { body: lines.join('\n'), record: { files: touches.length, listed, declarationsCut: cut } }
  },
})
