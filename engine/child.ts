/**
 * `compact-handoff engine <rundir>`: one compaction for the plugin's hooks module. The event comes
 * on stdin; capability requests and the answer go out as lines over the child's socket, named by
 * its one stdout line (engine/channel.ts, plugin/hooks/protocol.ts).
 * Whatever happens, it ends with one `done` or one `failed` line, and the store says why.
 */
import { watch } from 'node:fs'
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { dirname, join } from 'node:path'
import type { ConfigIssue } from '../pipeline/config/load.ts'
import { readEngineMessages } from '../pipeline/transcript.ts'
import { messageChars } from '../pipeline/text.ts'
import type { HandoffResult, PipelineInput } from '../pipeline/types.ts'
import type { Transcript } from '../pipeline/transcript.ts'
import { indexPending } from '../store/search.ts'
import {
  type CompactionRow,
  type NextCompaction,
  type SessionStoreRef,
  type WrittenCompaction,
  nextCompaction,
  resolveDataDir,
  transcriptDocument,
  writeCompaction,
} from '../store/write.ts'
import type { buildHandoff } from '../pipeline/build.ts'
import { type Bridge, createBridge } from './bridge.ts'
import { type Channel, openChannel } from './channel.ts'
import { engineHost, type EngineHost } from './capabilities.ts'
import { keepPlan } from './keep.ts'
import { seamSubscribers } from './seam-subscribers.ts'
import type { ModelCapability } from '../pipeline/capabilities.ts'
import { type ApiUsage, type ChildLine, type EngineInput, type FallbackCode, fallbackReason, type StoreMode } from '../plugin/hooks/protocol.ts'
import { type ForkCheck, forkCheck, handoffRefs } from './field.ts'
import type { Command } from '../cli/command.ts'

declare const __CH_VERSION__: string
const VERSION = typeof __CH_VERSION__ === 'string' ? __CH_VERSION__ : '0.0.0-dev'

const usage = `Usage: compact-handoff engine [--standby] <rundir>

Internal: the plugin's hooks module runs this for each compaction. It reads the session.compact
event as JSON on stdin and writes one line on stdout, its hello, naming a Unix socket and a
token; over that socket the hooks module fetches its requests for engine capabilities and posts
the answers (engine/channel.ts). It stores the handoff and its row, ends with one
{"type":"done"} or {"type":"failed"} line, and exits once that is fetched. <rundir> is removed
before that line is sent. With --standby it loads itself and the config first and waits for
the event as <rundir>/input.json instead: a live session keeps one ready, so a compaction does
not wait for node to start.

Test only: COMPACT_HANDOFF_FAULT=crash|hang|empty makes the child exit without an answer, wait
forever, or build an empty handoff, so the end-to-end tests can check every fallback.

Exit codes: 0 done, 1 failed (the hooks module then lets the engine compact).`

/** Faults the end-to-end tests inject; never set outside them. */
export type Fault = 'crash' | 'hang' | 'empty'

export interface EngineDeps {
  rundir: string
  send(line: ChildLine): void
  /** Hands the transport the run's bridge, so answers reach it (engine/channel.ts `onAnswer`). */
  connect?(bridge: Bridge): void
  /** Seams for tests; the real pipeline by default. */
  build?: typeof buildHandoff
  readMessages?: typeof readEngineMessages
  fault?: Fault
  env?: NodeJS.ProcessEnv
  now?: () => number
  /** Aborts when the engine went away (SIGTERM as it exits, or a broken stdout): the requests
   *  still waiting are refused with its reason, and the run finishes with what it has. */
  engineGone?: AbortSignal
}

/** A compaction that cannot go on: its code from the catalogue, and the reason the row will carry. */
class Fallback extends Error {
  readonly reason: string
  constructor(
    readonly code: FallbackCode,
    detail: string,
  ) {
    super(fallbackReason(code, detail))
    this.reason = this.message
  }
}

const chars4 = (n: number) => Math.ceil(n / 4)

function checkInput(raw: unknown): EngineInput {
  const v = raw as Partial<EngineInput> | null
  const problems: string[] = []
  if (!v || typeof v !== 'object') throw new Fallback('bad-input', 'stdin is not a JSON object')
  if (typeof v.sessionId !== 'string' || !v.sessionId) problems.push('sessionId')
  if (typeof v.cwd !== 'string') problems.push('cwd')
  if (!Array.isArray(v.messages)) problems.push('messages')
  if (!v.settings || typeof v.settings !== 'object' || typeof v.settings.dataDir !== 'string') problems.push('settings.dataDir')
  if (typeof v.trigger !== 'string') problems.push('trigger')
  if (problems.length) throw new Fallback('bad-input', `missing or malformed ${problems.join(', ')}`)
  return v as EngineInput
}

/**
 * The plugin's settings that reach into the pipeline (userConfig: maxChars, maxFraction, the
 * restore and commitments knobs, seamTimeoutMs) as one more config file on top of the default and
 * the user's override. A setting left at 0 or '' adds nothing, so the config files' values stand.
 */
export function settingsYaml(s: EngineInput['settings']): string | null {
  const top: string[] = []
  const handoff: string[] = []
  const sections: string[] = []
  const q = (v: string) => JSON.stringify(v)
  if (s.maxChars > 0) handoff.push(`  maxChars: ${Math.floor(s.maxChars)}`)
  if (s.maxFraction > 0) handoff.push(`  maxFraction: ${s.maxFraction}`)
  if ((s.seamTimeoutMs ?? 0) > 0) top.push(`seamTimeoutMs: ${Math.floor(s.seamTimeoutMs!)}`)
  const restore = [
    ...((s.restoreFiles ?? 0) > 0 ? [`      maxFiles: ${Math.floor(s.restoreFiles!)}`] : []),
    ...((s.restoreFileChars ?? 0) > 0 ? [`      fileChars: ${Math.floor(s.restoreFileChars!)}`] : []),
    ...((s.restoreTotalChars ?? 0) > 0 ? [`      totalChars: ${Math.floor(s.restoreTotalChars!)}`] : []),
  ]
  const commitments = [
    ...(s.commitmentsModel?.trim() ? [`      model: ${q(s.commitmentsModel.trim())}`] : []),
    ...((s.commitmentsMaxTokens ?? 0) > 0 ? [`      maxTokens: ${Math.floor(s.commitmentsMaxTokens!)}`] : []),
  ]
  if (restore.length) sections.push('  - name: restore', '    options:', ...restore)
  if (commitments.length) sections.push('  - name: commitments', '    options:', ...commitments)
  if (!top.length && !handoff.length && !sections.length) return null
  return [
    "# from the plugin's userConfig (/plugin settings)",
    ...top,
    ...(handoff.length ? ['handoff:', ...handoff] : []),
    ...(sections.length ? ['sections:', ...sections] : []),
    '',
  ].join('\n')
}

async function settingsLayer(rundir: string, input: EngineInput): Promise<string[]> {
  const yaml = settingsYaml(input.settings)
  if (yaml === null) return []
  const file = join(rundir, 'plugin-settings.pipeline.config.yaml')
  await writeFile(file, yaml, { mode: 0o600 })
  return [file]
}

/** The model as a rehearsal with `rehearsalModel: false` sees it: every call refused, none made,
 *  so the sections that need one are left out and say why. */
const NO_REHEARSAL_MODEL = "model calls are off for rehearsals (rehearsalModel: false); the engine's own summary stands"
const refusedModel: ModelCapability = {
  fork: async () => ({ isAnswered: false, reason: NO_REHEARSAL_MODEL }),
  complete: async () => ({ isAnswered: false, reason: NO_REHEARSAL_MODEL }),
}

/** Each section's outcome as the row keeps it. `record` is kept at full length (handoff_lookup's
 *  `section` reads it back), and so is the body of a section a later stage cut: nothing is lost. */
function sectionRows(result: HandoffResult) {
  return result.sections.map((s) => {
    return {
      name: s.name,
      title: s.title,
      status: s.status,
      ...(s.status === 'dropped' ? { code: s.code, message: s.message } : {}),
      chars: s.status === 'ok' ? s.chars : (s.chars ?? null),
      ms: s.ms,
      ...(s.notes.length ? { notes: s.notes } : {}),
      ...(s.record ? { record: s.record } : {}),
      ...(s.status === 'dropped' && s.body ? { body: s.body } : {}),
    }
  })
}

/** The tools that start a subagent: an Agent (Task, before 2.1) call the engine handed over with
 *  no result yet is an agent still running as the compaction happens. */
const AGENT_TOOLS = new Set(['Agent', 'Task'])

/** Agents still running, as the engine's messages say; nothing when they say none (an empty list
 *  would claim more than an absence of results shows). */
export function runningAgentsOf(t: Transcript): Pick<PipelineInput, 'runningAgents'> {
  const running = t.messages.flatMap((m) =>
    m.toolUses
      .filter((u) => AGENT_TOOLS.has(u.name) && !u.result)
      .map((u) => ({ id: u.id, description: String(u.input.description ?? u.input.subagent_type ?? u.input.prompt ?? '').slice(0, 120) })),
  )
  return running.length ? { runningAgents: running } : {}
}

/** The model's part of the handoff: the summary section's body, when it was kept. */
function summaryText(result: HandoffResult | null): string | null {
  const s = result?.sections.find((x) => x.name === 'summary')
  return s?.status === 'ok' ? s.body : null
}

function modelPath(host: EngineHost | null): 'fork' | 'complete' | 'fork+complete' | null {
  const by = new Set((host?.modelCalls ?? []).map((c) => c.answeredBy).filter((x) => x !== null))
  if (by.size === 0) return null
  if (by.size === 2) return 'fork+complete'
  return [...by][0]!
}

/**
 * One compaction as it goes: what each step found, so the row says as much as is known when a
 * step falls back. Filled in by prepare, then build; the steps after read it whole.
 */
interface Run {
  deps: EngineDeps
  now: () => number
  started: number
  at: Date
  input: EngineInput | null
  ref: SessionStoreRef | null
  next: NextCompaction | null
  transcript: Transcript | null
  host: EngineHost | null
  bridge: Bridge | null
  result: HandoffResult | null
  /** What would be handed up, once built: stored with a fallback row too, for the record. */
  handoff: string
  /** A late rehearsal's pending write: its row is completed by `<stem>.late.json`. */
  pending: WrittenCompaction | null
  configProblems: ConfigIssue[]
  /** A late rehearsal said its config's problems before its model work: done does not repeat them. */
  configToldEarly?: boolean
}

/** What prepare guarantees the steps after it. */
type Prepared = Run & { input: EngineInput; ref: SessionStoreRef; next: NextCompaction; transcript: Transcript; host: EngineHost; bridge: Bridge }
type Built = Prepared & { result: HandoffResult }

/** The summary fork's input against the conversation, when a fork answered: `fork.cold` flags one
 *  that saw far less than the conversation (forkCheck). */
function forkField(calls: EngineHost['modelCalls'], input: EngineInput): { fork?: ForkCheck } {
  const conversation = input.contextTokens ?? chars4(input.messages.reduce((n, m) => n + messageChars(m), 0))
  const check = forkCheck(calls, conversation)
  return check ? { fork: check } : {}
}

/** The row's fields every outcome shares, from what the run knows so far. */
function baseRow(run: Run, outcome: CompactionRow['outcome'], why: { code: FallbackCode; reason: string } | { pending: string } | null): CompactionRow {
  // Only called once the event is read and the compaction numbered (prepare got that far).
  const { input, result, host, now } = run as Prepared
  return {
    v: 1,
    at: run.at.toISOString(),
    sessionId: input.sessionId,
    mode: run.ref!.mode,
    arm: input.settings.arm ?? (input.settings.live ? 'handoff' : 'stock'),
    ...(input.settings.ab ? { ab: input.settings.ab } : {}),
    trigger: input.trigger,
    ...(input.settings.requestedBy ? { requestedBy: input.settings.requestedBy } : {}),
    ...(input.agentId ? { agentId: input.agentId } : {}),
    outcome,
    ...(why && 'code' in why ? { code: why.code } : {}),
    reason: why ? ('code' in why ? why.reason : why.pending) : null,
    lineage: { n: run.next!.n, prev: run.next!.prev },
    depth: run.next!.depth,
    writtenBy: 'child',
    pluginVersion: input.pluginVersion ?? VERSION,
    childVersion: VERSION,
    messages: input.messages.length,
    sections: result ? sectionRows(result) : [],
    summaryLine: result?.summaryLine ?? null,
    ...(result?.notes.length ? { notes: result.notes } : {}),
    chars: result ? run.handoff.length : null,
    model: { path: modelPath(host), calls: host?.modelCalls ?? [] },
    reads: host?.reads ?? [],
    usage: host?.usage() ?? null,
    cost: rowCost(result, host?.modelCalls ?? []),
    ...forkField(host?.modelCalls ?? [], input),
    // Agents still running as the conversation compacted; null before the messages were read.
    runningAgents: run.transcript ? (runningAgentsOf(run.transcript).runningAgents?.length ?? 0) : null,
    ...(result && run.transcript ? { handoffRefs: handoffRefs(result, run.handoff, run.transcript, input.cwd) } : {}),
    cwd: input.cwd,
    configProblems: run.configProblems.map((p) => `${p.file}:${p.line}:${p.col}  ${p.message}`),
    seam: result?.seam ?? [],
    ms: {
      pipeline: result?.ms ?? null,
      child: now() - run.started,
      sinceHook: input.hookStartedAt ? now() - input.hookStartedAt : null,
    },
  }
}

/**
 * The pipeline's modules (the builder, the sections, the config and its schemas): most of what
 * this process loads. A late rehearsal loads them only once its pending row is stored, since the
 * engine's /compact waits for that row and not for the pipeline (~70 ms less on that path,
 * measured on 2 busy cores); any other run starts loading them as it begins, and a standby before
 * its input comes.
 */
let pipelineModules: Promise<[typeof import('../pipeline/build.ts'), typeof import('../sections/index.ts')]> | null = null

function loadPipeline() {
  pipelineModules ??= Promise.all([import('../pipeline/build.ts'), import('../sections/index.ts')])
  return pipelineModules
}

/**
 * The whole compaction, minus process concerns (stdin, exit code, faults that kill the process):
 * prepare, build, store, answer. Resolves true on `done`, false on `failed`.
 */
export async function runEngine(raw: unknown, deps: EngineDeps): Promise<boolean> {
  const now = deps.now ?? Date.now
  const started = now()
  const run: Run = {
    deps,
    now,
    started,
    at: new Date(started),
    input: null,
    ref: null,
    next: null,
    transcript: null,
    host: null,
    bridge: null,
    result: null,
    handoff: '',
    pending: null,
    configProblems: [],
  }
  try {
    const prepared = await prepare(run, raw)
    const built = await build(prepared)
    const stored = await store(built)
    await answer(built, stored)
    return true
  } catch (err) {
    await fallBack(run, err)
    return false
  }
}

/**
 * Reads the event, numbers the compaction, opens the bridge; a late rehearsal stores its row as
 * pending here, before any model work.
 */
async function prepare(run: Run, raw: unknown): Promise<Prepared> {
  const { deps } = run
  const input = (run.input = checkInput(raw))
  // A failed load is reported where the pipeline is needed (build), as the child's own throw.
  if (!input.late) void loadPipeline().catch(() => undefined)
  const mode: StoreMode = input.settings.live ? 'live' : 'rehearsal'
  const ref = (run.ref = { dataDir: resolveDataDir(input.settings.dataDir || undefined, deps.env ?? process.env), mode, sessionId: input.sessionId })
  try {
    run.next = await nextCompaction(ref)
  } catch (err) {
    throw new Fallback('store-unreadable', (err as Error).message)
  }
  run.transcript = (deps.readMessages ?? readEngineMessages)(input.messages, { sessionId: input.sessionId, cwd: input.cwd, model: input.model })
  const bridge = (run.bridge = createBridge({ send: deps.send }))
  deps.connect?.(bridge)
  const gone = () => bridge.close(`the engine went away before it answered (${String(deps.engineGone?.reason ?? 'unknown')})`)
  if (deps.engineGone?.aborted) gone()
  else deps.engineGone?.addEventListener('abort', gone, { once: true })
  run.host = engineHost(bridge, { model: input.model, live: input.settings.live, cwd: input.cwd })
  const ready = run as Prepared
  if (input.late) await storePending(ready)
  return ready
}

/** A late rehearsal's row, stored with the conversation before any model work: the engine is
 *  compacting beside this run and will not wait for it, so a late part that dies still leaves it. */
async function storePending(run: Prepared): Promise<void> {
  const { input, ref, next, at } = run
  try {
    run.pending = await writeCompaction(ref, {
      row: {
        ...baseRow(run, 'pending', { pending: "late: the engine compacted without waiting; this rehearsal's model work runs after it" }),
        late: { pid: process.pid, host: hostname(), startedAt: at.toISOString() },
      },
      transcript: transcriptOf(run.transcript, input.sessionId, next.n),
      at,
      index: 'defer',
    })
  } catch (err) {
    throw new Fallback('store-unwritable', (err as Error).message)
  }
  const { files, sizes } = run.pending.row
  run.deps.send({ type: 'pending', row: files.row, dataDir: ref.dataDir, n: next.n, prev: next.prev, at: at.toISOString(), files, sizes })
}

/** Runs the pipeline over the engine's capabilities, and refuses a handoff with nothing in it. */
async function build(run: Prepared): Promise<Built> {
  const { input, next, transcript, host, deps } = run
  const capabilities = !input.settings.live && input.settings.rehearsalModel === false ? { ...host.capabilities, model: refusedModel } : host.capabilities
  const pipelineInput: PipelineInput = {
    trigger: input.trigger,
    ...(input.instructions ? { instructions: input.instructions } : {}),
    sessionId: input.sessionId,
    cwd: input.cwd,
    ...(input.contextWindow ? { contextWindow: input.contextWindow } : {}),
    ...(input.model ? { model: input.model } : {}),
    transcript,
    lineage: { n: next.n, prev: next.prev, earlier: next.earlier },
    ...runningAgentsOf(transcript),
  }
  const [{ buildHandoff, configFiles, configProblemsAhead }, { builtinSections }] = await loadPipeline()
  const files = configFiles(await settingsLayer(deps.rundir, input), deps.env ?? process.env)
  // A late rehearsal ends after the engine compacted, perhaps after the session: a broken
  // override is said now, before the model work, rather than with the done line.
  if (input.late) {
    const ahead = configProblemsAhead({ configFiles: files, builtins: builtinSections })
    if (ahead?.length) {
      deps.send({ type: 'notices', notices: [configNotice(ahead)] })
      run.configToldEarly = true
    }
  }
  try {
    ;({ result: run.result, configProblems: run.configProblems } = await (deps.build ?? buildHandoff)({
      input: pipelineInput,
      capabilities,
      configFiles: files,
      lenient: true,
      builtins: builtinSections,
      subscribers: seamSubscribers(input.subscribers ?? [], run.bridge, {
        sessionId: input.sessionId,
        trigger: input.trigger,
        messageCount: transcript.messages.length,
        mode: input.settings.live ? 'live' : 'rehearsal',
      }),
    }))
  } catch (err) {
    throw new Fallback('pipeline-threw', (err as Error).message)
  }
  run.bridge.close()
  const result = run.result
  run.handoff = deps.fault === 'empty' ? '' : result.handoff
  if (!run.handoff.trim()) throw new Fallback('empty-handoff', `the pipeline returned no handoff text (${result.summaryLine})`)
  if (!result.sections.some((s) => s.status === 'ok')) throw new Fallback('no-sections-kept', result.summaryLine)
  return run as Built
}

interface Stored {
  plan: ReturnType<typeof keepPlan>
  tokensBefore: number
  tokensAfter: number
  written: WrittenCompaction
}

/** Picks the messages kept after the handoff, measures the swap, and stores the handoff and its row. */
async function store(run: Built): Promise<Stored> {
  const { input, transcript, result, handoff } = run
  // The reader's kinds (typed, handoff, ...) by the engine's handle, to find where a turn starts.
  const kinds = new Map(transcript.messages.filter((m) => m.uuid).map((m) => [m.uuid!, m.kind]))
  const plan = keepPlan(input.messages, { kindOf: (i) => (input.messages[i]!.handle ? kinds.get(input.messages[i]!.handle!) : undefined) })
  const keptMessages = plan.keep.map((i) => input.messages[i]!)
  const tokensBefore = input.contextTokens ?? chars4(input.messages.reduce((n, m) => n + messageChars(m), 0))
  const tokensAfter = chars4(handoff.length + result.messages.reduce((n, m) => n + messageChars(m), 0) + keptMessages.reduce((n, m) => n + messageChars(m), 0))
  const row: CompactionRow = {
    ...baseRow(run, input.settings.live ? 'replaced' : 'rehearsed', null),
    kept: {
      from: plan.keep[0] ?? null,
      count: plan.keep.length,
      why: plan.why,
      capped: plan.capped,
      extended: plan.extended,
      orphanResults: plan.orphanResults,
    },
    extraMessages: result.messages.length,
    tokens: { before: tokensBefore, after: tokensAfter, estimate: 'chars/4' },
  }
  try {
    // Indexing waits until the handoff is handed up: it is not on the compaction's critical path.
    const written = await writeCompaction(run.ref, {
      row,
      handoff,
      summary: summaryText(result),
      transcript: run.pending ? null : transcriptOf(transcript, input.sessionId, run.next.n),
      at: run.at,
      index: 'defer',
      ...completes(run.pending),
    })
    return { plan, tokensBefore, tokensAfter, written }
  } catch (err) {
    throw new Fallback('store-unwritable', (err as Error).message)
  }
}

/** A package named in the config that did not load, one line each: said at the compaction, as a
 *  broken override is, so the person can fix it (the row has it too). */
export function loadNotices(result: HandoffResult): string[] {
  const sections = result.sections.flatMap((s) =>
    s.status === 'dropped' && s.code === 'SECTION_LOAD_FAILED' ? [`section ${s.name} was left out: ${s.message.replace(/^\[section [^\]]+\] /, '')}`] : [],
  )
  const subscribers = result.seam.flatMap((r) => (r.hook === 'load' ? [`subscriber ${r.name} was not loaded: ${r.message ?? 'no reason given'}`] : []))
  return [...sections, ...subscribers]
}

/** What the person is told of a broken override: the default pipeline ran, and each problem. */
const configNotice = (problems: ConfigIssue[]) =>
  `your pipeline config override has ${problems.length} problem(s), so the default pipeline ran: ${problems.map((p) => `${p.file}:${p.line}:${p.col}  ${p.message}`).join('; ')}`

/** Hands the handoff up (one `done` line), then indexes what was stored. */
async function answer(run: Built, stored: Stored): Promise<void> {
  const { configProblems, result } = run
  await cleanup(run.deps.rundir)
  const usage: ApiUsage | undefined = run.host.usage()
  const notices = [...(configProblems.length && !run.configToldEarly ? [configNotice(configProblems)] : []), ...loadNotices(result)]
  run.deps.send({
    type: 'done',
    handoff: run.handoff,
    messages: result.messages,
    keep: stored.plan.keep,
    tokensBefore: stored.tokensBefore,
    tokensAfter: stored.tokensAfter,
    ...(usage ? { usage } : {}),
    row: stored.written.row,
    ...(notices.length ? { notices } : {}),
  })
  // After the answer: the engine has what it needs. If it ends this process first, the texts stay
  // noted, and the next indexing run or search adds them.
  await indexPending(run.ref.dataDir).catch(() => undefined)
}

/** Any step that could not go on: the fallback row (with whatever was built), then one `failed` line. */
async function fallBack(run: Run, err: unknown): Promise<void> {
  run.bridge?.close()
  const why = err instanceof Fallback ? err : new Fallback('child-threw', (err as Error)?.message ?? String(err))
  let rowWritten = false
  if (run.input && run.ref && run.next) {
    try {
      await writeCompaction(run.ref, {
        row: baseRow(run, 'fallback', why),
        handoff: run.handoff || null,
        summary: summaryText(run.result),
        transcript: run.transcript && !run.pending ? transcriptOf(run.transcript, run.input.sessionId, run.next.n) : null,
        at: run.at,
        ...completes(run.pending),
      })
      rowWritten = true
    } catch {
      // The hooks module writes the row (elsewhere, if the data dir is what failed).
    }
  }
  await cleanup(run.deps.rundir)
  run.deps.send({ type: 'failed', code: why.code, reason: why.reason, rowWritten })
}

/** A late rehearsal's final write completes its pending row, carrying what that stored. */
function completes(pending: WrittenCompaction | null) {
  return pending ? { completes: { files: pending.row.files, sizes: pending.row.sizes } } : {}
}

/** The conversation as it stood, for the store; a render that fails leaves it out, never the row. */
function transcriptOf(t: Transcript, sessionId: string, n: number): string | null {
  try {
    return transcriptDocument(t, { sessionId, n })
  } catch {
    return null
  }
}

/** What the compaction's model calls cost: the sum of the prices its sections recorded. A section
 *  whose call could not be priced makes the total null, with the priced part beside it, and so
 *  does an answered (billed) call that no section's record accounts for. */
export function rowCost(
  result: HandoffResult | null,
  calls: ReadonlyArray<{ answeredBy: string | null; section?: string | null }>,
): { usd: number | null; reason?: string; pricedUsd?: number; basis: string } {
  if (!result) return { usd: null, reason: 'the pipeline did not finish', basis: 'unpriced' }
  const priced = result.sections.flatMap((s) => {
    const c = (s.record as { cost?: { usd?: unknown; reason?: unknown } } | undefined)?.cost
    return c && typeof c === 'object'
      ? [{ name: s.name, usd: typeof c.usd === 'number' ? c.usd : null, reason: typeof c.reason === 'string' ? c.reason : null }]
      : []
  })
  const answered = calls.filter((c) => c.answeredBy !== null)
  const sum = Math.round(priced.reduce((n, p) => n + (p.usd ?? 0), 0) * 1e6) / 1e6
  // Matched by the section that made each call (the runner names it), not by counting: an
  // answered call whose section left no cost on its record is billed and unaccounted.
  const pricedBy = new Set(priced.map((p) => p.name))
  const unaccounted = answered.filter((c) => (c.section ? !pricedBy.has(c.section) : false))
  if (unaccounted.length > 0 || answered.length > priced.length) {
    const who = [...new Set(unaccounted.map((c) => c.section))].join(', ')
    return {
      usd: null,
      reason: `${answered.length} model call(s) answered, ${priced.length} on a section's record (${who ? `${who} made a call and left no cost` : 'a section dropped after its call left no cost'})`,
      pricedUsd: sum,
      basis: 'unpriced',
    }
  }
  if (priced.length === 0) return { usd: 0, basis: 'no model call was answered' }
  const unpriced = priced.filter((p) => p.usd === null)
  if (unpriced.length)
    return {
      usd: null,
      reason: unpriced.map((p) => `${p.name}: ${p.reason ?? 'unpriced'}`).join('; '),
      pricedUsd: sum,
      basis: "sum of the sections' recorded costs",
    }
  return { usd: sum, basis: `sum of the sections' recorded costs (${priced.map((p) => p.name).join(', ')})` }
}

/** Removes this run's folder, and any a crashed or killed run left behind long ago. */
async function cleanup(rundir: string): Promise<void> {
  await rm(rundir, { recursive: true, force: true }).catch(() => undefined)
  const parent = dirname(rundir)
  const stale = Date.now() - 6 * 60 * 60 * 1000
  try {
    for (const name of await readdir(parent)) {
      const p = join(parent, name)
      const s = await stat(p).catch(() => null)
      if (s?.isDirectory() && s.mtimeMs < stale) await rm(p, { recursive: true, force: true }).catch(() => undefined)
    }
  } catch {
    // nothing to sweep
  }
}

/** How often a standby looks for its input beside fs.watch (inotify can miss an event). */
const STANDBY_POLL_MS = 200

/**
 * Waits for `<rundir>/input.json`, the event the hooks module writes when it hands a compaction to
 * this standby child. A read while $.fs.write is still writing does not parse and is retried.
 */
async function standbyInput(rundir: string): Promise<string> {
  const file = join(rundir, 'input.json')
  return new Promise((resolve) => {
    let busy = false
    const look = async () => {
      if (busy) return
      busy = true
      const text = await readFile(file, 'utf8').catch(() => null)
      busy = false
      if (text === null) return
      try {
        JSON.parse(text)
      } catch {
        return
      }
      watcher?.close()
      clearInterval(poll)
      resolve(text)
    }
    let watcher: ReturnType<typeof watch> | null = null
    try {
      watcher = watch(rundir, () => void look())
      watcher.on('error', () => undefined)
    } catch {
      watcher = null // the poll alone finds it
    }
    const poll = setInterval(() => void look(), STANDBY_POLL_MS)
    void look()
  })
}

/** What a standby loads before it is needed: the pipeline's modules, the config, and what the
 *  sections prepare (the ledger's shell grammar). A config that fails here fails again, later,
 *  where it is reported. */
async function warmUp(): Promise<void> {
  try {
    const [{ configFiles, prepareSections }, { builtinSections }] = await loadPipeline()
    await prepareSections({ configFiles: configFiles([], process.env), builtins: builtinSections })
  } catch {
    // reported by the compaction's own load
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of process.stdin) chunks.push(c as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** How long the child waits, once it has answered, for the hooks module to fetch its last lines. */
const DRAIN_MS = 10_000

/** Ends the process once the hooks module has what was sent (or DRAIN_MS has passed) and the output
 *  is written out. Third-party code may have left a timer or a socket behind (a subscriber tap that
 *  timed out is let go, not stopped), which would otherwise keep it alive. */
async function finish(channel: Channel, code: number): Promise<never> {
  await channel.drained(DRAIN_MS)
  await channel.close().catch(() => undefined)
  await Promise.all([process.stdout, process.stderr].map((stream) => new Promise<void>((resolve) => stream.write('', () => resolve()))))
  process.exit(code)
}

function faultOf(env: NodeJS.ProcessEnv): Fault | undefined {
  const f = env.COMPACT_HANDOFF_FAULT
  return f === 'crash' || f === 'hang' || f === 'empty' ? f : undefined
}

/** How long a late rehearsal may go on after the engine went away, to store what it has. */
const GONE_GRACE_MS = 10_000

/**
 * A late rehearsal outlives its hook: the engine ends this process with SIGTERM as it exits
 * (measured in 2.1.328: a `-p` run, ~100 ms after its turn), and a stdout nobody reads any more
 * breaks. Either way nobody will answer the requests still waiting, so they are refused with why,
 * the sections that made them are left out, and the run stores what it has; a run that still has
 * not finished after GONE_GRACE_MS ends, and its pending row reads as lost.
 */
function lateExits(): AbortSignal {
  const gone = new AbortController()
  const stop = (why: string) => {
    if (gone.signal.aborted) return
    gone.abort(why)
    setTimeout(() => process.exit(143), GONE_GRACE_MS).unref()
  }
  process.on('SIGTERM', () => stop('SIGTERM: the engine is exiting'))
  process.stdout.on('error', (err: NodeJS.ErrnoException) => stop(`its stdout closed: ${err.code ?? err.message}`))
  return gone.signal
}

export const engineCommand: Command = {
  summary: '(internal) one compaction for the plugin: event on stdin, bridge over the socket its hello names',
  usage,
  async run(argv) {
    const standby = argv[0] === '--standby'
    const rundir = standby ? argv[1] : argv[0]
    if (!rundir || argv.length !== (standby ? 2 : 1)) {
      process.stderr.write(`${usage}\n`)
      return 2
    }
    await mkdir(rundir, { recursive: true, mode: 0o700 })
    // The hello is the one line stdout carries, written before any third-party code loads; the
    // rest goes over the socket it names (engine/channel.ts). What is printed later is not read,
    // and console output goes to stderr, where the hooks module logs it for debugging.
    const channel = await openChannel()
    const sendLine = (line: ChildLine) => channel.send(line)
    process.stdout.write(
      JSON.stringify({ type: 'hello', pid: process.pid, version: VERSION, socket: channel.socketPath, token: channel.token } satisfies ChildLine) + '\n',
    )
    console.log = console.info = console.debug = console.error
    if (standby) await warmUp()
    const text = standby ? await standbyInput(rundir) : await readStdin()
    const fault = faultOf(process.env)
    if (fault === 'crash') {
      process.stderr.write('compact-handoff engine: crashing on purpose (COMPACT_HANDOFF_FAULT=crash)\n')
      process.exit(70)
    }
    if (fault === 'hang') {
      process.stderr.write('compact-handoff engine: hanging on purpose (COMPACT_HANDOFF_FAULT=hang)\n')
      await new Promise(() => setInterval(() => undefined, 60_000))
    }
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch (err) {
      await cleanup(rundir)
      const why = new Fallback('bad-input', `stdin is not JSON (${(err as Error).message})`)
      sendLine({ type: 'failed', code: why.code, reason: why.reason, rowWritten: false })
      return finish(channel, 1)
    }
    const engineGone = (raw as { late?: unknown } | null)?.late === true ? lateExits() : undefined
    // Stopped by the hooks module (a timeout, a failure): exit, so the socket's folder is removed.
    if (!engineGone) process.once('SIGTERM', () => process.exit(143))
    const connect = (bridge: Bridge) => channel.onAnswer((a) => bridge.answer(a))
    const ok = await runEngine(raw, { rundir, send: sendLine, connect, fault, ...(engineGone ? { engineGone } : {}) })
    // Answered, stored and indexed: nothing is left to do.
    return finish(channel, ok ? 0 : 1)
  },
}
