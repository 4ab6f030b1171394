/**
 * `excerpts`: the lines the work kept coming back to — runs of code from the files the session
 * worked on, and of the output its commands and searches printed — chosen by how much of what the
 * session kept naming (recently, in its own words and calls) they hold that the rest of the
 * handoff does not, per character. Read off the transcript: file lines as the conversation last
 * showed them, numbered as in the file, so the next window knows exactly where they stand.
 */
import { basename } from 'node:path'
import {
  binaryText,
  defineSection,
  ENGINE_ATTACHED,
  fileTouches,
  FILE_TOOLS,
  fmt,
  lastCopy,
  lineSpan,
  type ReadPolicy,
  READ_POLICY_OPTIONS,
  readPolicy,
  refusalOf,
  secretPattern,
  SectionDropError,
  type SectionOutcome,
  type ToolUse,
  windowStart,
} from '../../pipeline/index.ts'
import { type Chunk, chunksOf, namesIn, recencyOf, salience, select, type Source } from './select.ts'

interface ExcerptsOptions extends Record<string, unknown> {
  chunkLines: number
  lineChars: number
  recencyScale: number
  background: number
  outputBackground: number
  outputs: boolean
  /** Globs added to the read policy's deny list; the same setting as restore's. */
  denyPaths?: string[]
  /** Globs exempt from the deny list and from the inside-the-project rule. */
  allowPaths?: string[]
}

/** The call an output came from, in a few words: `$ cmd`, `Grep "pattern" in path`, `Task: …`. */
export function callLabel(u: ToolUse, max = 100): string {
  const s = (v: unknown) => (typeof v === 'string' ? v : '')
  const one = (text: string) => {
    const line = text.split('\n')[0]!.trim()
    return line.length > max ? `${line.slice(0, max - 1)}…` : line
  }
  if (u.name === 'Bash') return `$ ${one(s(u.input.command))}`
  if (u.name === 'Grep') return one(`Grep "${s(u.input.pattern)}"${u.input.path ? ` in ${s(u.input.path)}` : ''}`)
  if (u.name === 'Glob') return one(`Glob ${s(u.input.pattern)}`)
  if (u.name === 'Task' || u.name === 'Agent') return one(`${u.name}: ${s(u.input.description) || s(u.input.prompt)}`)
  return one(`${u.name} ${JSON.stringify(u.input)}`)
}

/**
 * A call as lines to choose from: a shell command's own lines (a heredoc commit message, a script)
 * then what it printed; any other call's output alone (its input is in the heading).
 */
export function callLines(u: ToolUse): string[] {
  const output = linesOf(u.result?.isError ? `[error] ${u.result.text}` : (u.result?.text ?? '')).map((line) =>
    line.replace(SECRET_LINE_RE, '$1[value not shown]'),
  )
  if (u.name !== 'Bash' || typeof u.input.command !== 'string') return output
  const command = u.input.command.split('\n').map((line, i) => (i === 0 ? `$ ${line}` : `> ${line}`))
  return [...command, ...output]
}

/**
 * Lines as the reader should see them: a carriage return ends a line (a CRLF file, a progress bar
 * redrawn in place keeps only what it showed last), and a final newline is not a line of its own.
 */
export function linesOf(text: string): string[] {
  const lines = text.split('\n').map((line) => {
    const cr = line.lastIndexOf('\r', line.length - 2)
    return (cr >= 0 ? line.slice(cr + 1) : line).replace(/\r$/, '')
  })
  if (lines.length > 1 && lines.at(-1) === '') lines.pop()
  return lines
}

/** Paths a call names: its path inputs, the path-like words of a shell command, and the
 *  `path:line:` prefixes a search printed. */
function pathsNamed(u: ToolUse): string[] {
  const paths: string[] = []
  for (const key of ['path', 'file_path', 'notebook_path']) if (typeof u.input[key] === 'string') paths.push(u.input[key])
  if (typeof u.input.command === 'string')
    for (const word of u.input.command.split(/[\s;|&<>()'"`=]+/)) if (/[/.~]/.test(word) && !word.startsWith('-')) paths.push(word)
  for (const m of (u.result?.text ?? '').matchAll(/^([^\s:]+):\d+[:-]/gm)) paths.push(m[1]!)
  return paths
}

/** A line that sets a secret-looking variable (`API_TOKEN=…`, `password: …`): its value is not shown. */
const SECRET_LINE_RE = /^(\s*(?:export\s+)?[\w.-]*(?:secret|token|passw(?:or)?d|api[_-]?key|private[_-]?key|access[_-]?key|credential)[\w.-]*\s*[=:]\s*)\S.*$/i

/**
 * Why a call's output is not shown, or null. It names a path on the deny list (`cat .env`, a Grep
 * through `~/.aws`): restore never re-reads such a file, and its contents must not come back
 * printed either. Binary output is not text.
 */
function outputRefusal(u: ToolUse, policy: ReadPolicy): string | null {
  for (const path of pathsNamed(u)) {
    const secret = secretPattern(path, policy)
    if (secret) return `it names ${path}, which matches the deny list (${secret})`
  }
  if (binaryText(u.result?.text ?? '')) return 'binary output'
  return null
}

/**
 * What the sections before this one already carry, by name: not worth showing twice. A name
 * counts as carried when any section mentions it, not only when one shows the lines around it:
 * counting only shown lines (and weighing a mere mention at a quarter) was measured to carry less
 * of what the next work used (bench: 0.71 → 0.67 at the 34,000 ceiling, no model).
 */
function alreadyCarried(needed: Record<string, SectionOutcome>): Set<string> {
  const names = new Set<string>()
  for (const o of Object.values(needed)) {
    if (o.status !== 'ok') continue
    namesIn(o.body, names)
    for (const m of o.messages ?? []) {
      namesIn(m.text ?? '', names)
      for (const r of m.toolResults ?? []) namesIn(r.text, names)
    }
  }
  return names
}

/** What an output is headed with: the call that printed it, or, when its first line is shown and
 *  that line is the shell command itself, a few words instead of the command a second time. */
function outputTitle(source: Source, firstShown: boolean): string {
  return firstShown && source.label.startsWith('$ ') ? SHELL_TITLE : source.label
}
const SHELL_TITLE = 'A shell command and what it printed'

/** The characters a source's heading is expected to take (its ranges not yet known), so the
 *  choice can count it; the text is measured again once composed. */
export function headingEstimate(source: Source): number {
  const title = source.kind === 'file' ? source.label : source.label.startsWith('$ ') ? SHELL_TITLE : source.label
  // "### ", " — 12 excerpts, lines 1,234–5,678 of 9,999" and the blank line before the next source.
  return title.length + 48
}

/** A source's heading and its chosen runs, each run's lines numbered as in the file. */
function render(source: Source, runs: Chunk[], lineChars: number): string {
  runs.sort((a, b) => a.from - b.from)
  // Adjacent runs read as one.
  const merged: Array<{ from: number; to: number }> = []
  for (const r of runs) {
    const last = merged.at(-1)
    // Runs with only blank lines between them read as one too: the blank lines are shown.
    if (last && (last.to >= r.from || source.lines.slice(last.to, r.from).every((line) => line.trim() === ''))) last.to = Math.max(last.to, r.to)
    else merged.push({ from: r.from, to: r.to })
  }
  const n = (i: number) => source.firstLine + i
  // The span the runs come from, not each run's range: every line shown carries its number and
  // a gap is marked, so a list of ranges would say again what the lines say.
  const first = merged[0]!.from
  const last = merged.at(-1)!.to - 1
  const span = lineSpan(n(first), n(last))
  const where = merged.length > 1 ? `${merged.length} excerpts, ${span}` : span
  const heading =
    source.kind === 'file' ? `### ${source.label} — ${where}` : `### ${outputTitle(source, merged[0]!.from === 0)} — ${where} of ${fmt(source.lines.length)}`
  const body = merged.map((r) =>
    source.lines
      .slice(r.from, r.to)
      .map((line, k) => `${n(r.from + k)}\t${line.length > lineChars ? `${line.slice(0, lineChars)}…` : line}`)
      .join('\n'),
  )
  return [heading, body.join('\n…\n')].join('\n')
}

/** The chosen runs as text, grouped by source, the most recently worked source first. */
function compose(sources: readonly Source[], picked: readonly Chunk[], lineChars: number) {
  const bySource = new Map<number, Chunk[]>()
  for (const c of picked) bySource.set(c.source, [...(bySource.get(c.source) ?? []), c])
  const order = [...bySource.keys()].sort((a, b) => sources[b]!.recency - sources[a]!.recency)
  const blocks = order.map((i) => render(sources[i]!, bySource.get(i)!, lineChars)).join('\n\n')
  return { body: blocks, blocks, order, bySource }
}

const INTRO =
  'Lines the work kept coming back to, newest source first: files as the conversation last showed them (numbered as in the file; they may have changed since, so Read before you Edit), and what commands and searches printed, headed by the call (a shell command comes first, its lines marked `$` and `>`, then what it printed).'

export default defineSection<ExcerptsOptions>({
  name: 'excerpts',
  title: 'Excerpts the work kept returning to',
  description: 'Runs of lines from the files and outputs the session worked with, chosen by what it kept naming.',
  // Priority 35, the lowest: every line here is also in a file or can be printed again; it is the
  // first thing the size guard cuts. It runs last and takes the room the others left.
  defaults: {
    timeoutMs: 10_000,
    budgetChars: 34_000,
    priority: 35,
    options: { chunkLines: 4, lineChars: 200, recencyScale: 0.2, background: 0.05, outputBackground: 0.025, outputs: true },
  },
  needs: ['summary', 'ledger', 'state', 'commitments', 'turns', 'outline', 'recent', 'restore'],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      chunkLines: { type: 'integer', minimum: 1, maximum: 200, description: 'lines in one run, the unit a choice is made in' },
      lineChars: { type: 'integer', minimum: 20, description: 'a longer line is clipped' },
      recencyScale: {
        type: 'number',
        exclusiveMinimum: 0,
        description: "how far back a mention still counts, as a share of the conversation's messages",
      },
      background: {
        type: 'number',
        minimum: 0,
        description: 'what any name in a recently worked source weighs, beside what the session named',
      },
      outputBackground: {
        type: 'number',
        minimum: 0,
        description: "the same for a recent command's or search's output",
      },
      outputs: { type: 'boolean', description: 'false shows file lines only, no command or search output' },
      ...READ_POLICY_OPTIONS,
    },
  },
  async run(ctx) {
    const { options, input } = ctx
    const messages = input.transcript.messages.slice(windowStart(input.transcript.messages))
    if (messages.length === 0) throw new SectionDropError('SECTION_EMPTY', 'no message since the last compaction')
    const policy = readPolicy(input.transcript.cwd, { denyPaths: options.denyPaths ?? [], allowPaths: options.allowPaths ?? [] })
    const age = (index: number) => recencyOf(messages.at(-1)!.index - index, messages.length, options.recencyScale)

    const sources: Source[] = []
    for (const touch of fileTouches(input.transcript).values()) {
      // A copy an Edit could not be replayed on is still shown as the session last read it: older
      // lines are better than none, and the heading says so.
      const copy = lastCopy(touch)
      if (!copy || ENGINE_ATTACHED.has(basename(touch.path))) continue
      // A file the read policy would refuse to restore is not shown from the transcript either.
      if (refusalOf(touch.path, policy, copy.text) !== null) continue
      const label = copy.current ? touch.path : `${touch.path} (as last read, before later edits)`
      sources.push({ label, kind: 'file', lines: linesOf(copy.text), firstLine: copy.firstLine, recency: age(touch.last) })
    }
    const withheld: string[] = []
    if (options.outputs) {
      for (const m of messages) {
        for (const u of m.toolUses) {
          // A file tool's result is the file: it is shown from the file's newest copy above.
          if (FILE_TOOLS[u.name] || !u.result?.text) continue
          const refused = outputRefusal(u, policy)
          if (refused) {
            withheld.push(`${callLabel(u, 60)}: ${refused}`)
            continue
          }
          sources.push({ label: callLabel(u), kind: 'output', lines: callLines(u), firstLine: 1, recency: age(m.index) })
        }
      }
    }

    const weights = salience(messages, options.recencyScale)
    const chunks = chunksOf(sources, options.chunkLines, options.lineChars)
    const room = ctx.budgetChars - INTRO.length - 2
    const chosen = select(sources, chunks, weights, {
      budget: room,
      covered: alreadyCarried(ctx.needed),
      background: options.background,
      outputBackground: options.outputBackground,
      headingChars: headingEstimate,
    })
    if (chosen.chunks.length === 0) throw new SectionDropError('SECTION_EMPTY', 'nothing the session worked with holds a name the handoff lacks, or none fits')

    // A heading's real ranges can run past the estimate: the last runs chosen (worth the least)
    // go until the text fits, as many at once as cover the excess (composing is the cost here).
    const picked = [...chosen.chunks]
    let composed = compose(sources, picked, options.lineChars)
    while (composed.body.length > room && picked.length > 1) {
      for (let over = composed.body.length - room; over > 0 && picked.length > 1;) over -= picked.pop()!.cost
      composed = compose(sources, picked, options.lineChars)
    }
    const { blocks, order, bySource } = composed
    return {
      body: [INTRO, blocks].join('\n\n'),
      record: {
        sources: order.map((i) => ({ label: sources[i]!.label, kind: sources[i]!.kind, runs: bySource.get(i)!.length })),
        candidates: { sources: sources.length, runs: chunks.length },
        withheld,
      },
    }
  },
})
