/**
 * `ledger`: what the tool calls since the last compaction did, read off the messages rather than
 * recalled: the task list as the task calls left it, the files written (each once, with every
 * tool that wrote it), the newest failures, and the shell commands in order, all fitted into the
 * section's own budget.
 */
import { defineSection, fmt, hideSecretValuesInCommand, type Message, shortPath, type Transcript, windowStart } from '../../pipeline/index.ts'
import { type BashParser, loadBashParser } from './bash-parser.ts'
import { type CommandLimits, type CommandRow, commandRows, commandsReserve, fitCommands, repeatsCollapsed } from './commands.ts'
import { type Failure, failures, renderFailure } from './failures.ts'
import { type Call, dirAfter, filesWritten, neverWritten, normalizePath, type WrittenFile } from './files.ts'
import { analyzeShell, type ShellAnalysis } from './shell-writes.ts'
import { renderTasks, type Task, taskList } from './tasks.ts'

export interface LedgerOptions extends Record<string, unknown> {
  newestCommands: number
  commandClipChars: number
  maxFailures: number
}

const DEFAULTS: LedgerOptions = { newestCommands: 10, commandClipChars: 150, maxFailures: 20 }

/** Share of the budget the file list may take before it is cut (the commands need the rest). */
const FILES_SHARE = 0.45
/** Share the task list may take: the open tasks are the plan the next window picks up. */
const TASKS_SHARE = 0.2

// ---- scope ------------------------------------------------------------------------------------

/** Messages after the newest handoff or engine summary: an earlier compaction carried the rest. */
export function messagesInScope(t: Transcript): { messages: Message[]; from: number } {
  const from = windowStart(t.messages)
  return { messages: t.messages.slice(from), from }
}

export const lookupCall = (n: number) => `handoff_lookup {"n": ${n}, "section": "ledger"}`

// ---- reading --------------------------------------------------------------------------------

export interface ParserStats {
  parser: string
  initMs: number | null
  /** Why the parser could not be used at all, when it could not. */
  unavailable?: string
  parsed: number
  /** Commands read by the fallback tokenizer, by their position among the shell commands. */
  fallbacks: number[]
  /** Commands the tokenizer read because they lay past the parser's caps (PARSER_CAPS), not because the parser failed. */
  pastParserCaps: number
}

/**
 * The parser costs about 0.1 ms a command and grows faster than the text on a huge one, so work
 * stays linear and bounded: only the newest `commands` commands, each of at most `chars` chars, go
 * through it; the rest are read by the linear fallback tokenizer (and counted, and said).
 */
export const PARSER_CAPS = { commands: 2_000, chars: 20_000 }

/** A synchronous stretch longer than this gives the event loop a turn (timeouts, other sections). */
const SLICE_MS = 20

export interface LedgerData {
  calls: Call[]
  files: WrittenFile[]
  failures: Failure[]
  commands: CommandRow[]
  tasks: Task[]
  unresolvedWrites: number
  parser: ParserStats
}

/** Claude Code 2.x moves the shell back when a command `cd`'d out of the project, and says so. */
const CWD_RESET = /^Shell cwd was reset to (\/.*)$/m

const PARSER_NAME = 'tree-sitter-bash (web-tree-sitter)'

/**
 * Reads every tool call in `messages`, the shell ones through the parser (loaded on demand).
 * `cwd` is where the session's shell starts, for a call whose row records no directory of its
 * own; `history` (every message the transcript holds) is where the task list is read from.
 */
export async function readLedger(messages: Message[], signal?: AbortSignal, opts: { cwd?: string; history?: readonly Message[] } = {}): Promise<LedgerData> {
  const calls: Call[] = []
  for (const m of messages) for (const use of m.toolUses) calls.push({ use, at: m.index })

  const shellCalls = calls.filter((c) => c.use.name === 'Bash' && typeof c.use.input.command === 'string')
  const stats: ParserStats = { parser: PARSER_NAME, initMs: null, parsed: 0, fallbacks: [], pastParserCaps: 0 }
  let parser: BashParser | null = null
  if (shellCalls.length > 0) {
    const loaded = await loadBashParser()
    if (loaded.ok) {
      parser = loaded.parser
      stats.initMs = Math.round(loaded.parser.initMs * 10) / 10
    } else stats.unavailable = loaded.error
  }
  let unresolvedWrites = 0
  const firstParsed = Math.max(0, shellCalls.length - PARSER_CAPS.commands)
  // One analysis per distinct command text: sessions repeat `git status` and `npm test` a lot.
  const byParserSeen = new Map<string, ShellAnalysis>()
  const byTokensSeen = new Map<string, ShellAnalysis>()
  let sliceStart = performance.now()
  // The shell keeps its directory from one call to the next: a call starts where the row says,
  // else where the commands before it left the shell.
  let shellDir = opts.cwd && opts.cwd.startsWith('/') ? normalizePath(opts.cwd) : undefined
  for (const [i, c] of shellCalls.entries()) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve))
      sliceStart = performance.now()
    }
    signal?.throwIfAborted()
    const command = c.use.input.command as string
    const byParser = i >= firstParsed && command.length <= PARSER_CAPS.chars
    const seen = byParser ? byParserSeen : byTokensSeen
    c.shell = seen.get(command) ?? analyzeShell(command, byParser ? parser : null)
    seen.set(command, c.shell)
    const base = c.use.cwd ?? shellDir
    if (base !== undefined) c.base = base
    shellDir = CWD_RESET.exec(c.use.result?.text ?? '')?.[1]?.trim() ?? dirAfter(base, c.shell.endDir)
    if (c.shell.via === 'parser') stats.parsed++
    else if (byParser || !parser) stats.fallbacks.push(i + 1)
    else stats.pastParserCaps++
    unresolvedWrites += c.shell.unresolved
  }
  return {
    calls,
    files: filesWritten(calls),
    failures: failures(calls),
    commands: commandRows(calls),
    tasks: taskList(opts.history ?? messages),
    unresolvedWrites,
    parser: stats,
  }
}

// ---- rendering ------------------------------------------------------------------------------

function displayPath(f: WrittenFile, cwd: string | undefined): string {
  const shown = shortPath(f.path, cwd)
  if (shown === f.path && !f.path.startsWith('/') && !f.path.startsWith('~')) return `${f.path} (as the shell wrote it)`
  return shown
}

function toolList(f: WrittenFile, cwd: string | undefined): string {
  const parts = Object.entries(f.tools).map(([tool, n]) => {
    const how = tool === 'Bash' && f.shell.length ? ` (${f.shell.join(', ')})` : ''
    return `${tool}${n > 1 ? ` ×${n}` : ''}${how}`
  })
  // An old name in the same folder is its file name alone.
  const dir = f.path.slice(0, f.path.lastIndexOf('/') + 1)
  const old = (p: string) => (dir && p.startsWith(dir) && !p.slice(dir.length).includes('/') ? p.slice(dir.length) : shortPath(p, cwd))
  const renamed = f.renamedFrom.length ? `; renamed from ${f.renamedFrom.map(old).join(', ')}` : ''
  // Deleted after its last write: the next window should not expect to find it.
  if (f.deleted) return parts.length ? `${parts.join(', ')}${renamed}; then deleted (${f.deleted})` : `deleted (${f.deleted})`
  return parts.join(', ') + renamed
}

function renderFiles(files: WrittenFile[], room: number, cwd: string | undefined, n: number): { text: string; shown: number } {
  const perTool = new Map<string, number>()
  for (const f of files) for (const t of Object.keys(f.tools)) perTool.set(t, (perTool.get(t) ?? 0) + 1)
  const counts = [...perTool].map(([t, k]) => `${t} ${fmt(k)}`).join(' · ')
  // A file the session only deleted is listed with the written ones, and counted apart.
  const onlyDeleted = files.filter((f) => Object.keys(f.tools).length === 0).length
  const written = files.length - onlyDeleted
  const head = `### Files written: ${fmt(written)}${onlyDeleted ? `, deleted: ${fmt(onlyDeleted)}` : ''}${written ? ` (files per tool: ${counts})` : ''}`
  if (files.length === 0) return { text: head, shown: 0 }
  const relative = cwd && cwd !== '/' && files.some((f) => f.path.startsWith(`${cwd.replace(/\/+$/, '')}/`))
  const intro = relative ? [`Paths are relative to ${cwd}.`] : []
  const line = (f: WrittenFile) => `- ${displayPath(f, cwd)} — ${toolList(f, cwd)}`
  const byPath = (a: WrittenFile, b: WrittenFile) => (displayPath(a, cwd) < displayPath(b, cwd) ? -1 : 1)

  // Over its share, the most recently written files stay. The size is a running sum (each row
  // counts its '\n'), so cutting 50,000 files is one pass; the text is joined once.
  const newestFirst = [...files].sort((a, b) => b.last - a.last)
  const rows = newestFirst.map(line)
  const note = (left: number) => `[${fmt(left)} more file${left === 1 ? '' : 's'} left out for size; the full list: ${lookupCall(n)}]`
  const fixedChars = head.length + intro.reduce((k, l) => k + l.length + 1, 0)
  let kept = newestFirst.length
  let rowChars = rows.reduce((k, r) => k + r.length + 1, 0)
  const size = () => fixedChars + rowChars + (files.length > kept ? note(files.length - kept).length + 1 : 0)
  while (size() > room && kept > 1) {
    kept--
    rowChars -= rows[kept]!.length + 1
  }
  const shown = newestFirst.slice(0, kept).sort(byPath).map(line)
  const left = files.length - kept
  return { text: [head, ...intro, ...shown, ...(left ? [note(left)] : [])].join('\n'), shown: kept }
}

/**
 * The newest `max` failures that fit in `room`, those no later run fixed before those one did (a
 * failure that still stands is what the next window must deal with), shown oldest first. Files
 * no call managed to write lead: a reader of "Files written" would take them as done.
 */
function renderFailures(
  all: Failure[],
  unwritten: WrittenFile[],
  max: number,
  room: number,
  cwd: string | undefined,
  n: number,
): { text: string; shown: number } {
  const never = unwritten.length
    ? [`- Never written, every call on it came back as an error: ${unwritten.map((f) => `\`${shortPath(f.path, cwd)}\``).join(', ')}`]
    : []
  if (all.length === 0) return { text: ['### Failures: none flagged', ...never].join('\n'), shown: 0 }
  const newest = all.slice(-max)
  // Indices into `newest` in the order they are given up: the resolved ones first, oldest first.
  const dropOrder = [...newest.keys()].filter((i) => newest[i]!.later).concat([...newest.keys()].filter((i) => !newest[i]!.later))
  const kept = newest.map(() => true)
  let shown = newest.length
  const build = () => {
    const left = all.length - shown
    // Whether the ones listed are simply the newest, or the newest of those still standing.
    const newestOnly = kept.every((k, i) => k === i >= newest.length - shown)
    const which = newestOnly ? `the newest ${fmt(shown)} shown` : `${fmt(shown)} shown: the newest no later run fixed, before those one did`
    // A count with nothing under it would read as a list that went missing: say where they are.
    const how = shown === 0 ? ` (none listed here, for room; each in full: ${lookupCall(n)})` : left ? ` (${which}; all of them: ${lookupCall(n)})` : ''
    return [`### Failures: ${fmt(all.length)}${how}`, ...never, ...newest.filter((_, i) => kept[i]).map((f) => renderFailure(f, cwd))].join('\n')
  }
  let text = build()
  for (const i of dropOrder) {
    if (text.length <= room) break
    kept[i] = false
    shown--
    text = build()
  }
  return { text, shown }
}

export interface RenderedLedger {
  body: string
  tasksShown: number
  filesShown: number
  /** Files named only by calls that all came back as errors: listed among the failures. */
  neverWritten: number
  failuresShown: number
  commandsShown: number
  commandsLeftOut: number
}

/** What the marks in the lists mean, naming only the ones the lists use. */
function introOf(data: LedgerData, fromCompaction: boolean): string {
  const negatives = [...new Set(data.commands.flatMap((c) => (c.negative ? [`[${c.negative}]`] : [])))]
  const answered = negatives.length ? `; ${negatives.join(', ')}: exit 1 and no output from a search or test, its answer` : ''
  const succeeded = data.failures.some((f) => f.later) ? '; "succeeded": its result came back unflagged' : '; an unmarked call is not known to have succeeded'
  return `Read off the tool calls since ${fromCompaction ? 'the last compaction' : 'the session began'}, not recalled. [error]: the result was flagged as an error${answered}${succeeded}.`
}

/** Lays the parts out inside `budget` chars: tasks, files, failures, then commands. */
export function renderLedger(
  data: LedgerData,
  opts: { budget: number; n: number; cwd?: string; options: LedgerOptions; fromCompaction: boolean },
): RenderedLedger {
  const { budget, n, cwd, options } = opts
  const limits: CommandLimits = {
    newest: options.newestCommands,
    clipChars: options.commandClipChars,
    newestClipChars: Math.max(300, options.commandClipChars),
  }
  const intro = introOf(data, opts.fromCompaction)
  const sep = 2 // "\n\n" between parts
  const countLine = (left: number, readOnly: number) =>
    `[${fmt(left)} older command${left === 1 ? '' : 's'} left out here (${fmt(readOnly)} of them read-only probes); every command at full length: ${lookupCall(n)}]`
  const commandsHead = `### Shell commands: ${fmt(data.commands.length)}`

  const tasks = data.tasks.length ? renderTasks(data.tasks, Math.floor(budget * TASKS_SHARE), lookupCall(n)) : null
  const unwritten = data.files.filter(neverWritten)
  const files = renderFiles(
    data.files.filter((f) => !neverWritten(f)),
    Math.floor(budget * FILES_SHARE),
    cwd,
    n,
  )
  const head = intro.length + sep + (tasks ? tasks.text.length + sep : 0) + files.text.length + sep
  // Laid out with the newest `newest` commands always listed; when even those at their shortest
  // do not fit, fewer of them are, and the count line stands for the rest.
  const rows = repeatsCollapsed(data.commands)
  const layout = (newest: number) => {
    const lim = { ...limits, newest }
    const reserve = data.commands.length ? commandsHead.length + 1 + commandsReserve(rows, countLine(999, 999).length, lim) + sep : 0
    const fails = renderFailures(data.failures, unwritten, options.maxFailures, Math.max(0, budget - head - reserve - sep), cwd, n)
    const used = head + fails.text.length + (data.commands.length ? sep : 0)
    const fitted = data.commands.length
      ? fitCommands(rows, Math.max(0, budget - used - commandsHead.length - 1), countLine, lim)
      : { text: '', shown: 0, leftOut: 0, leftOutReadOnly: 0 }
    const parts = [
      intro,
      ...(tasks ? [tasks.text] : []),
      files.text,
      fails.text,
      ...(data.commands.length ? [`${commandsHead}\n${fitted.text}`] : ['### Shell commands: none']),
    ]
    return { body: parts.join('\n\n'), fails, fitted }
  }
  // The first layout that fits and lists the newest failure (what went wrong, in its own words,
  // is worth more than one more command), else the first that fits, else the smallest.
  const layouts = [layout(limits.newest)]
  const fits = (l: (typeof layouts)[number]) => l.body.length <= budget
  const good = (l: (typeof layouts)[number]) => fits(l) && (data.failures.length === 0 || options.maxFailures === 0 || l.fails.shown > 0)
  for (let newest = limits.newest - 1; !good(layouts.at(-1)!) && newest >= 0; newest--) layouts.push(layout(newest))
  const laid = layouts.find(good) ?? layouts.find(fits) ?? layouts.at(-1)!
  const { fails, fitted } = laid
  let body = laid.body
  // Only a budget too small for the files and the count line gets here. It keeps whole lines: a
  // line cut short reads as a fact it is not. With none, the note alone says where the ledger is.
  if (body.length > budget) {
    const note = `[ledger cut at ${fmt(budget)} chars (budgetChars); all of it: ${lookupCall(n)}]`
    const end = body.lastIndexOf('\n', budget - note.length - 1)
    body = end > 0 ? `${body.slice(0, end)}\n${note}` : `[the ledger does not fit in ${fmt(budget)} chars (budgetChars); all of it: ${lookupCall(n)}]`
  }
  return {
    body,
    tasksShown: tasks?.shown ?? 0,
    filesShown: files.shown,
    neverWritten: unwritten.length,
    failuresShown: fails.shown,
    commandsShown: fitted.shown,
    commandsLeftOut: fitted.leftOut,
  }
}

// ---- the section ------------------------------------------------------------------------------

export default defineSection<LedgerOptions>({
  name: 'ledger',
  title: 'Tool ledger',
  description: 'Files written, failed calls and shell commands since the last compaction, read off the messages.',
  defaults: { timeoutMs: 5_000, budgetChars: 3_500, priority: 70, options: DEFAULTS },
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      newestCommands: { type: 'integer', minimum: 0, maximum: 100, description: 'the newest shell commands always listed' },
      commandClipChars: { type: 'integer', minimum: 40, maximum: 2000, description: 'each older command is clipped to this many characters' },
      maxFailures: { type: 'integer', minimum: 0, maximum: 200, description: 'at most this many failed calls are listed, newest first' },
    },
  },
  // The shell grammar's WebAssembly compiles off the main thread: started early, it is ready by
  // the time the first command is parsed.
  async prepare() {
    await loadBashParser()
  },
  async run(ctx) {
    const options: LedgerOptions = { ...DEFAULTS, ...ctx.options }
    const t = ctx.input.transcript
    const { messages, from } = messagesInScope(t)
    const cwd = t.cwd ?? ctx.input.cwd
    const data = await readLedger(messages, ctx.signal, { cwd, history: t.messages })
    if (data.calls.length === 0 && data.tasks.length === 0) return null
    const n = ctx.input.lineage.n
    const r = renderLedger(data, { budget: ctx.budgetChars, n, cwd, options, fromCompaction: from > 0 })

    if (data.parser.unavailable) ctx.report.note(`shell parser unavailable (${data.parser.unavailable}); every command read by the fallback tokenizer`)
    else if (data.parser.fallbacks.length)
      ctx.report.note(`${fmt(data.parser.fallbacks.length)} of ${fmt(data.commands.length)} shell commands read by the fallback tokenizer`)
    if (data.parser.pastParserCaps)
      ctx.report.note(
        `${fmt(data.parser.pastParserCaps)} of ${fmt(data.commands.length)} shell commands read by the fallback tokenizer: older than the newest ${fmt(PARSER_CAPS.commands)} or longer than ${fmt(PARSER_CAPS.chars)} chars (the parser's caps)`,
      )
    if (r.commandsLeftOut)
      ctx.report.note(`${fmt(r.commandsLeftOut)} of ${fmt(data.commands.length)} shell commands left out to fit budgetChars: ${fmt(ctx.budgetChars)}`)

    return {
      body: r.body,
      record: {
        scope: { fromMessage: from, messages: messages.length, toolCalls: data.calls.length },
        lookup: { n, section: 'ledger' },
        files: data.files.map((f) => ({
          path: f.path,
          tools: f.tools,
          ...(f.shell.length ? { shell: f.shell } : {}),
          ...(f.folded.length ? { folded: f.folded } : {}),
          ...(f.renamedFrom.length ? { renamedFrom: f.renamedFrom } : {}),
          ...(f.failedToolCalls ? { failedToolCalls: f.failedToolCalls } : {}),
          // How the session deleted it after its last write (`rm`): restore reads this.
          ...(f.deleted ? { deleted: f.deleted } : {}),
        })),
        tasks: data.tasks,
        failures: data.failures,
        // At full length, as handoff_lookup prints it to the model: secret values hidden here too.
        commands: data.commands.map((c) => ({
          n: c.n,
          command: hideSecretValuesInCommand(c.command),
          readOnly: c.readOnly,
          ...(c.failed ? { failed: true } : {}),
          ...(c.negative ? { negative: c.negative } : {}),
          ...(c.writes.length ? { writes: c.writes } : {}),
        })),
        counts: {
          tasks: data.tasks.length,
          tasksShown: r.tasksShown,
          files: data.files.length,
          filesShown: r.filesShown,
          neverWritten: r.neverWritten,
          failures: data.failures.length,
          failuresShown: r.failuresShown,
          commands: data.commands.length,
          commandsShown: r.commandsShown,
          commandsLeftOut: r.commandsLeftOut,
          unresolvedWrites: data.unresolvedWrites,
        },
        parser: data.parser,
      },
    }
  },
})
