/**
 * `excerpts`: the lines the work kept coming back to — runs of code from the files the session
 * worked on, and of the output its commands and searches printed — chosen by how much of what the
 * session kept naming (recently, in its own words and calls) they hold that the rest of the
 * handoff does not, per character. Read off the transcript: file lines as the conversation last
 * showed them, numbered as in the file, so the next window knows exactly where they stand.
 */
import { basename } from 'node:path'
import {
  callOutputRefusal,
  clip,
  defineSection,
  ENGINE_ATTACHED,
  fileTouches,
  FILE_TOOLS,
  fmt,
  hideSecretValues,
  hideSecretValuesInCommand,
  lastCopy,
  lineSpan,
  type ReadPolicy,
  READ_POLICY_OPTIONS,
  readPolicy,
  refusalOf,
  SectionDropError,
  type SectionOutcome,
  type Message,
  type ToolUse,
  windowStart,
  withoutEngineNotes,
} from '../../pipeline/index.ts'
import { type Chunk, chunksOf, everyName, namesIn, recencyOf, salience, select, type Source } from './select.ts'

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
  const one = (text: string) => clip(text.split('\n')[0]!.trim(), max)
  if (u.name === 'Bash') return `$ ${commandHead(s(u.input.command), max - 2)}`
  if (u.name === 'Grep') return one(`Grep "${s(u.input.pattern)}"${u.input.path ? ` in ${s(u.input.path)}` : ''}`)
  if (u.name === 'Glob') return one(`Glob ${s(u.input.pattern)}`)
  if (u.name === 'Task' || u.name === 'Agent') return one(`${u.name}: ${s(u.input.description) || s(u.input.prompt)}`)
  return one(`${u.name} ${JSON.stringify(u.input)}`)
}

/** A command's first line, joined with the next ones while it says little by itself (`bash -c '`,
 *  `python3 - <<'EOF'`): enough of it to tell the command from another. */
function commandHead(command: string, max: number): string {
  const lines = command
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
  let head = lines[0] ?? ''
  // What follows a heredoc's start is its text (a file's lines, a message), not more command.
  for (let i = 1; i < lines.length && head.length < 30 && !HEREDOC_START.test(lines[i - 1]!); i++) head += ` ${lines[i]}`
  return clip(hideSecretValuesInCommand(head), max)
}
const HEREDOC_START = /<<-?\s*(['"]?)\w+\1\s*\)?\s*$/

/**
 * A call as lines to choose from: a shell command's own lines (a heredoc commit message, a script)
 * then what it printed; any other call's output alone (its input is in the heading).
 */
export function callLines(u: ToolUse, output = outputLines(u)): string[] {
  if (u.name !== 'Bash' || typeof u.input.command !== 'string') return output
  // Its own lines with secret values hidden, as the ledger hides them (a value ends at a blank on
  // the command's line; a heredoc's lines, which can write a token, are read as text).
  const command = hideSecretValuesInCommand(u.input.command)
    .split('\n')
    .map((line, i) => (i === 0 ? `$ ${line}` : `> ${line}`))
  return [...command, ...output]
}

/** What a call printed, as lines, without the notes the engine appended to it, and with the value
 *  of a secret-looking assignment hidden. */
function outputLines(u: ToolUse): string[] {
  const text = withoutEngineNotes(u.result?.text ?? '')
  return linesOf(hideSecretValues(u.result?.isError ? `[error] ${text}` : text))
}

/**
 * Each call's output since the last compaction, as a source: the newest run of each call only
 * (`callKey`; an older run of the same command is stale, and its heading counts the runs), and
 * none that only echoes its own call ("Launching skill: x" for the skill x). A file tool's result
 * is the file, shown from its newest copy; an output that names a secret is withheld.
 */
function outputSources(messages: readonly Message[], policy: ReadPolicy, cwd: string | undefined, age: (index: number) => number) {
  const calls: Array<{ u: ToolUse; index: number }> = []
  for (const m of messages) for (const u of m.toolUses) if (!FILE_TOOLS[u.name] && u.result?.text) calls.push({ u, index: m.index })
  const count = new Map<string, number>()
  for (const { u } of calls) count.set(callKey(u), (count.get(callKey(u)) ?? 0) + 1)
  const seen = new Map<string, number>()
  const sources: Source[] = []
  const withheld: string[] = []
  const left = { olderRuns: 0, echoes: 0, stale: 0 }
  // Where each file was last changed: an output pointing only into files changed after it ran
  // (a compiler's errors, a search's matches) shows lines that have since moved or gone.
  const changed = new Map<string, number>()
  for (const m of messages)
    for (const u of m.toolUses)
      if ((u.name === 'Edit' || u.name === 'MultiEdit' || u.name === 'Write') && typeof u.input.file_path === 'string' && !u.result?.isError)
        changed.set(u.input.file_path, m.index)
  for (const { u, index } of calls) {
    const key = callKey(u)
    const nth = (seen.get(key) ?? 0) + 1
    seen.set(key, nth)
    if (nth < count.get(key)!) {
      left.olderRuns++
      continue
    }
    const refused = callOutputRefusal(u, policy)
    if (refused) {
      withheld.push(`${callLabel(u, 60)}: ${refused}`)
      continue
    }
    let output = outputLines(u)
    if (echoes(u, output)) {
      left.echoes++
      continue
    }
    const one = oneFile(output, cwd)
    if (one) output = one.lines
    if (pointsOnlyIntoChanged(one ? [one.path] : locations(output, cwd), changed, index)) {
      left.stale++
      continue
    }
    const source: Source = { label: callLabel(u), kind: 'output', lines: callLines(u, output), firstLine: 1, recency: age(index) }
    if (one) source.from = one.path
    if (nth > 1) source.calls = nth
    sources.push(source)
  }
  return { sources, withheld, left }
}

/** The files an output points into (`path:12`), resolved against the project. */
function locations(lines: readonly string[], cwd: string | undefined): string[] {
  const files = new Set<string>()
  for (const line of lines)
    for (const m of line.matchAll(/(?:^|[\s(])([\w./-]+\.\w+):\d+/g)) files.add(m[1]!.startsWith('/') || !cwd ? m[1]! : `${cwd.replace(/\/+$/, '')}/${m[1]!}`)
  return [...files]
}

function pointsOnlyIntoChanged(files: readonly string[], changed: ReadonlyMap<string, number>, at: number): boolean {
  return files.length > 0 && files.every((f) => (changed.get(f) ?? -1) > at)
}

/** What makes two calls the same call: a shell command's text, any other call's input but its
 *  description. The output of the newer supersedes the older's. */
function callKey(u: ToolUse): string {
  if (u.name === 'Bash' && typeof u.input.command === 'string') return `Bash ${u.input.command.trim()}`
  const { description: _, ...input } = u.input
  return `${u.name} ${JSON.stringify(input)}`
}

/** Whether an output names nothing its call did not: it only says the call happened. */
function echoes(u: ToolUse, output: readonly string[]): boolean {
  const asked = namesIn(JSON.stringify(u.input))
  let printed = false
  const onlyAsked = (name: string) => {
    printed = true
    return asked.has(name)
  }
  // Most outputs name something their call did not within a line or two: the scan stops there.
  for (const line of output) if (!everyName(line, onlyAsked)) return false
  return printed
}

/**
 * The one file every line of a search's output comes from, and the lines without it: each line
 * `path:12:` (a match) or `path-12-` (context), or `--` between groups. The engine's search prints
 * the path relative to the project on some lines and whole on others; both name the same file.
 * Null when the lines name more than one file, or a line names none.
 */
export function oneFile(lines: readonly string[], cwd?: string): { path: string; lines: string[] } | null {
  const root = cwd ? `${cwd.replace(/\/+$/, '')}/` : undefined
  const own = lines.map((line) => (root && line.startsWith(root) ? line.slice(root.length) : line))
  // A match line's path is the one to look for: a path rarely holds a colon, and often a dash.
  const path = own.map((line) => /^([^\s:]+):\d+:/.exec(line)?.[1]).find((p) => p !== undefined)
  if (path === undefined || !/[/.]/.test(path)) return null
  const out: string[] = []
  for (const line of own) {
    if (line === '--') out.push(line)
    else if (line.startsWith(path) && /^([:-])\d+\1/.test(line.slice(path.length))) out.push(line.slice(path.length + 1))
    else return null
  }
  return { path: root && !path.startsWith('/') ? `${root}${path}` : path, lines: out }
}

/**
 * Lines as the reader should see them: a carriage return ends a line (a CRLF file, a progress bar
 * redrawn in place keeps only what it showed last), and a final newline is not a line of its own.
 */
export function linesOf(text: string): string[] {
  const split = text.split('\n')
  // Most outputs hold no carriage return at all: their lines are the split as it is.
  const lines = !text.includes('\r')
    ? split
    : split.map((line) => {
        const cr = line.lastIndexOf('\r', line.length - 2)
        return (cr >= 0 ? line.slice(cr + 1) : line).replace(/\r$/, '')
      })
  if (lines.length > 1 && lines.at(-1) === '') lines.pop()
  return lines
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
  return title.length + 48 + (source.calls ? 24 : 0) + (source.from ? source.from.length + 10 : 0)
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
  // An output run again says so: what is shown is the newest run's.
  const again = source.calls ? ` (the last of ${source.calls} runs)` : ''
  const from = source.from ? `, all in ${source.from}` : ''
  const heading =
    source.kind === 'file'
      ? `### ${source.label} — ${where}`
      : `### ${outputTitle(source, merged[0]!.from === 0)}${again} — ${where} of ${fmt(source.lines.length)}${from}`
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
    const outputs = options.outputs ? outputSources(messages, policy, input.transcript.cwd, age) : { sources: [], withheld: [], left: undefined }
    sources.push(...outputs.sources)

    const weights = salience(messages, options.recencyScale)
    const chunks = chunksOf(sources, options.chunkLines, options.lineChars)
    const room = ctx.budgetChars - INTRO.length - 2
    const chosen = select(sources, chunks, weights, {
      budget: room,
      covered: alreadyCarried(ctx.needed),
      background: options.background,
      outputBackground: options.outputBackground,
      headingChars: headingEstimate,
      lineChars: options.lineChars,
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
        withheld: outputs.withheld,
        ...(outputs.left ? { outputsLeftOut: outputs.left } : {}),
      },
    }
  },
})
