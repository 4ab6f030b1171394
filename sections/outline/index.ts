/**
 * `outline`: where things are in the files the session worked on — for each file, newest touch
 * first, what the session did to it and the declarations it holds with their line numbers, as the
 * transcript last saw the file. A map to navigate by after the conversation is gone, read off the
 * transcript (no file is opened).
 */
import { existsSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import {
  defineSection,
  fileLines,
  fileTouches,
  fmt,
  hideSecretValues,
  lastCopy,
  lineCount,
  lineSpan,
  onSessionMachine,
  READ_POLICY_OPTIONS,
  readPolicy,
  SectionDropError,
  secretPattern,
  shortPath,
  type Touch,
} from '../../pipeline/index.ts'

interface OutlineOptions extends Record<string, unknown> {
  maxFiles: number
  filesShare: number
  declarationsShare: number
  declarations: number
  lineChars: number
  /** The read policy's lists, as restore and excerpts take them. */
  denyPaths?: string[]
  allowPaths?: string[]
}

/**
 * A line that declares something, in most languages a session edits: functions, types, classes,
 * constants, Markdown and LaTeX headings. Functions and classes may be indented one level (methods,
 * members); bindings (`const`, `let`, `var`, `type`, an UPPER_CASE name) only at the top level,
 * since indented they are a body's locals, not a place to navigate to.
 */
const MODIFIERS = '(?:(?:export|pub(?:\\([\\w:]+\\))?|public|private|protected|internal|static|async|abstract|final|override|default|extern)\\s+)*'
const DECLARATION = new RegExp(
  `^(?:(?: {0,4}|\\t?)${MODIFIERS}(?:(?:func|class|def(?:p|module|macrop?|struct|impl|protocol)?|interface|struct|enum|function|fn|impl|trait|module|object|record|namespace)\\b|macro_rules!)` +
    `|${MODIFIERS}(?:const|var|let|type)\\b|[A-Z][A-Z0-9_]{3,}\\s*[:=]|#{1,4} |\\\\(?:sub)*section\\*?\\{)`,
)

const edits = (ops: Touch['ops']) => (ops.Edit ?? 0) + (ops.MultiEdit ?? 0) + (ops.NotebookEdit ?? 0)

/** Whether the session wrote or edited the file (not only read it). */
const changed = (t: Touch) => (t.ops.Write ?? 0) + edits(t.ops) > 0

/** What the session did to a file, in words ("edited 3×, read 2×"). */
function didWhat(ops: Touch['ops']): string {
  const words: Array<[string, number]> = [
    ['written', ops.Write ?? 0],
    ['edited', edits(ops)],
    ['read', ops.Read ?? 0],
  ]
  return words
    .filter(([, n]) => n > 0)
    .map(([w, n]) => (n === 1 ? w : `${w} ${n}×`))
    .join(', ')
}

export interface Declaration {
  line: number
  text: string
}

/** A file's declarations with their line numbers, from the transcript's newest copy of it (the one
 *  `excerpts` shows). */
export function declarations(touch: Touch, lineChars: number): Declaration[] {
  const copy = lastCopy(touch)
  if (!copy) return []
  const out: Declaration[] = []
  fileLines(copy.text).forEach((line, i) => {
    if (!DECLARATION.test(line)) return
    // A constant's value may be a secret (`API_KEY = "…"`): the name is the map, the value is not.
    const text = hideSecretValues(line.trim())
    out.push({ line: copy.firstLine + i, text: text.length > lineChars ? `${text.slice(0, lineChars - 1)}…` : text })
  })
  return out
}

/**
 * The `n` declarations nearest the line the session last worked at, in file order: the one that
 * holds that line first, then its neighbours after and before in turn. A map of where the work
 * was, not of the whole file. `holder` is the index (in the result) of the one holding the line.
 */
export function aroundFocus(decls: Declaration[], focus: number, n: number): { shown: Declaration[]; holder: number } {
  if (decls.length <= n) return { shown: decls, holder: holderOf(decls, focus) }
  const at = Math.max(0, holderOf(decls, focus))
  let from = at
  let to = at + 1
  while (to - from < n) {
    if (to < decls.length) to++
    if (to - from < n && from > 0) from--
  }
  const shown = decls.slice(from, to)
  return { shown, holder: holderOf(shown, focus) }
}

/** The index of the last declaration at or above `line` (−1 when the line is above them all). */
function holderOf(decls: Declaration[], line: number): number {
  let i = -1
  while (i + 1 < decls.length && decls[i + 1]!.line <= line) i++
  return i
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

/** One file's declaration rows: those around where the work was, the one holding that line
 *  marked (`← there`, after the "last worked at line N" of the file's own line), and how many
 *  of them that is. */
function declarationRows(touch: Touch, decls: Declaration[], n: number): { rows: string[]; shown: number } {
  const { shown, holder } = aroundFocus(decls, touch.focus, n)
  const rows = shown.map((d, i) => `    ${d.line}: ${d.text}${i === holder ? '   ← there' : ''}`)
  const left = decls.length - shown.length
  if (left > 0) rows.push(`    (${fmt(left)} more declaration${left === 1 ? '' : 's'} in it, not listed)`)
  return { rows, shown: shown.length }
}

export default defineSection<OutlineOptions>({
  name: 'outline',
  title: 'Where things are',
  description: 'The files the session worked on, newest first: what was done to each and its declarations with line numbers.',
  // Priority 45: a map is cheap to rebuild by reading files again, but cheaper to keep than the
  // files themselves, so it outlives restore and goes before the newest work.
  defaults: {
    timeoutMs: 5_000,
    budgetChars: 2_500,
    priority: 45,
    options: { maxFiles: 30, filesShare: 0.3, declarationsShare: 0.5, declarations: 8, lineChars: 100 },
  },
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      maxFiles: { type: 'integer', minimum: 1, maximum: 200, description: 'the most files outlined, newest touch first' },
      filesShare: {
        type: 'number',
        minimum: 0,
        maximum: 1,
        description: "the share of the room the newest files' lines take before their declarations are listed",
      },
      declarationsShare: {
        type: 'number',
        minimum: 0,
        maximum: 1,
        description: 'the most of the room all declarations take together; older files fill the rest',
      },
      declarations: { type: 'integer', minimum: 0, description: 'the most declarations listed under one file, those nearest where the work last was' },
      lineChars: { type: 'integer', minimum: 20, description: 'a declaration line longer than this is clipped' },
      ...READ_POLICY_OPTIONS,
    },
  },
  async run(ctx) {
    const touches = [...fileTouches(ctx.input.transcript).values()].reverse().filter((t) => basename(t.path) !== 'CLAUDE.md')
    if (touches.length === 0) throw new SectionDropError('SECTION_EMPTY', 'the session touched no file through a file tool')
    const cwd = ctx.input.transcript.cwd ?? ctx.input.cwd
    const relative = touches.some((t) => shortPath(t.path, cwd) !== t.path)
    const intro = `Files this session worked on, newest first${relative ? `, relative to ${cwd}` : ''}: what was done to each, how much of it the conversation showed, where the work last was; under the newest of them (changed ones first), their declarations near that line (as last seen; the file may have changed since).`
    const room = ctx.budgetChars - 80 // the line that counts files left out
    // Files first, newest first, in the filesShare of the room: which files matter is the map's
    // first use. Declarations then go where the work was (changed files first, then read ones),
    // and what room is left lists older files, one line each.
    const policy = readPolicy(ctx.input.transcript.cwd, { denyPaths: ctx.options.denyPaths ?? [], allowPaths: ctx.options.allowPaths ?? [] })
    const denied = (touch: Touch) => secretPattern(touch.path, policy)
    // On the session's machine a file the session deleted (or moved) is gone from disk: said so,
    // with none of its declarations. A CLI run over a transcript from elsewhere cannot tell.
    const here = (path: string) => existsSync(resolve(cwd, path))
    const sameMachine = onSessionMachine(
      ctx.input.trigger,
      ctx.input.transcript.cwd,
      touches.map((t) => t.path),
      here,
    )
    const goneNow = new Set(sameMachine ? touches.filter((t) => !here(t.path)).map((t) => t.path) : [])
    const head = (touch: Touch) => {
      const secret = denied(touch)
      const what = `- ${shortPath(touch.path, cwd)} — ${didWhat(touch.ops)}`
      if (secret) return `${what}; on the deny list (${secret}): nothing of it is shown`
      return goneNow.has(touch.path) ? `${what}; no longer on disk` : `${what}; ${seenOf(touch)}; last worked at line ${fmt(touch.focus)}`
    }
    const candidates = touches.slice(0, ctx.options.maxFiles)
    const files: Array<{ touch: Touch; head: string; rows: string[] }> = []
    let used = intro.length
    const addFiles = (limit: number, most = candidates.length) => {
      for (const touch of candidates.slice(files.length, most)) {
        const h = head(touch)
        if (used + h.length + 1 > limit) break
        files.push({ touch, head: h, rows: [] })
        used += h.length + 1
      }
    }
    addFiles(intro.length + (room - intro.length) * ctx.options.filesShare)
    // Not even the newest file's line fits the share: that one line alone, in the whole room.
    if (files.length === 0) addFiles(room, 1)
    if (files.length === 0) throw new SectionDropError('SECTION_EMPTY', `not even one file's line fits budgetChars: ${fmt(ctx.budgetChars)}`)
    let cut = 0
    // Declarations take at most their share, so that a few long files cannot crowd out the rest.
    let declUsed = 0
    for (const f of [...files.filter((f) => changed(f.touch)), ...files.filter((f) => !changed(f.touch))]) {
      // A file on the deny list (.env, a key) is named, never shown: not even its declarations.
      if (denied(f.touch) || goneNow.has(f.touch.path)) continue
      const decls = declarations(f.touch, ctx.options.lineChars)
      let shown = 0
      for (let n = Math.min(ctx.options.declarations, decls.length); n > 0; n--) {
        const listed = declarationRows(f.touch, decls, n)
        const size = listed.rows.reduce((a, r) => a + r.length + 1, 0)
        if (used + size > room || declUsed + size > room * ctx.options.declarationsShare) continue
        f.rows = listed.rows
        shown = listed.shown
        used += size
        declUsed += size
        break
      }
      cut += decls.length - shown
    }
    addFiles(room)
    const lines = [intro, ...files.flatMap((f) => [f.head, ...f.rows])]
    const left = touches.length - files.length
    if (left > 0) lines.push(`(${fmt(left)} more file${left === 1 ? '' : 's'} touched earlier, not listed)`)
    return { body: lines.join('\n'), record: { files: touches.length, listed: files.length, declarationsCut: cut } }
  },
})
