/**
 * compact-handoff's hooks module: the engine adapter. It wires `session.start` (is Node there?
 * register the history tools and /handoff), `session.compact` (run the pipeline child, answer its
 * requests, hand up its handoff or fall back to the engine), and the history tools' calls (one
 * short Node process each), the end of each main turn and handoff_compact (./field, which keeps the
 * per-turn records and makes their `$` calls), and makes every other `$` call. Decisions live in
 * ./logic, ./tools, ./window and ./watch.
 */
import type { EngineInterface, On, PluginOptions, SessionCompactInput, SessionCompactResult } from 'claude-code'
import {
  APPEND_SCRIPT,
  COMPACTED_FORK,
  fallbackRow,
  lateRow,
  PENDING_WAIT_MS,
  nodeMissingNotice,
  nodeVerdict,
  passThrough,
  PRECOMPUTE_SKIP,
  readAnswer,
  replacement,
  resolveSettings,
  rowTrigger,
  stderrTail,
  storedRow,
} from './logic'
import {
  abDraw,
  type AnswerFile,
  armOf,
  COMPACT_TOOL,
  type DoneLine,
  type FallbackCode,
  fallbackReason,
  type HelloLine,
  type LinesAnswer,
  fileStem,
  HISTORY_TOOLS,
  MODE_DIRS,
  modeDir,
  nextNumber,
  type PendingLine,
  type RequestLine,
  type Settings,
  SLASH_COMMAND,
  SLASH_COMPACT_WORD,
  SLASH_TOOL,
  TOOL_PREFIX,
} from './protocol'
import { fetchLines, postAnswer, readHello } from './bridge'
import { compactionHeard, drained, requestCompact, takeRequest, turnEnded } from './field'
import { compactHandoffNoun, raiseSubscriber, seamSubscribers } from './seam'
import { toolArgs, toolText, unanswered } from './tools'
import { PLUGIN_VERSION } from './version'

type NodeProbe = { ok: true; version: string } | { ok: false; reason: string }

type ChildStream = ReturnType<EngineInterface['process']['spawn']>
type SpawnPiece = { stream: 'stdout' | 'stderr'; text: string }
type SpawnEnd = { code: number | null; signal: string | null }

/**
 * A pipeline child started ahead of the next compaction (live only), loaded and waiting for its
 * input as a file. `first` is its first pull, begun at once so a child that died idle is known.
 */
interface Standby {
  child: ChildStream
  rundir: string
  nodePath: string
  first: Promise<IteratorResult<SpawnPiece, SpawnEnd>>
  dead: boolean
}

let standby: Standby | null = null

/** How long after the session's start the history tools register and a live standby starts. */
const SETTLED_MS = 2_000

/** How long after a live compaction the next standby child starts (the turn ends meanwhile). */
const STANDBY_DELAY_MS = 1_500

/** One probe per session process (this module's memory lives as long as the session). */
let node: NodeProbe | null = null
let nodeProbe: Promise<NodeProbe> | null = null

/** `stale`: a standby that ended before it said anything about its input (it had died idle), so
 *  the compaction is worth one fresh child. */
type ChildOutcome = { kind: 'done'; done: DoneLine } | Failed

/** Why a compaction fell back: its code, and the reason as the row stores it (the code first). */
type Failed = { kind: 'failed'; code: FallbackCode; reason: string; rowWritten: boolean; stale?: true }

const failed = (code: FallbackCode, detail: string, extra: { rowWritten?: boolean; stale?: true } = {}): Failed => ({
  kind: 'failed',
  code,
  reason: fallbackReason(code, detail),
  rowWritten: extra.rowWritten ?? false,
  ...(extra.stale ? { stale: true } : {}),
})

/** A late rehearsal's run as the hook follows it: whether the engine has compacted (a fork asked
 *  for after that would fork the compacted conversation: measured), and where its pending row is. */
interface LateRun {
  compacted: boolean
  pending(line: PendingLine): void
}

async function settingsOf($: EngineInterface, options: PluginOptions): Promise<Settings> {
  const [live, subagents, dataDir, home] = await Promise.all([
    $.env.get('COMPACT_HANDOFF_LIVE'),
    $.env.get('COMPACT_HANDOFF_SUBAGENTS'),
    $.env.get('COMPACT_HANDOFF_DATA_DIR'),
    $.env.get('HOME'),
  ])
  return resolveSettings(options, { live, subagents, dataDir, home })
}

/**
 * This compaction's settings: its arm (a live session the A/B draw puts in the stock arm is
 * rehearsed, so the engine's own compaction stands and the handoff is stored beside it) and what
 * asked for it.
 */
async function compactionSettings($: EngineInterface, e: SessionCompactInput, s: Settings): Promise<Settings> {
  const sessionId = await $.session.id()
  const arm = armOf(sessionId, s)
  const requestedBy = takeRequest(e.trigger)
  return {
    ...s,
    live: s.live && arm === 'handoff',
    arm,
    ...(s.live ? { ab: { share: s.abStockShare ?? 0, draw: abDraw(sessionId) } } : {}),
    ...(requestedBy ? { requestedBy } : {}),
  }
}

/**
 * This session's probe of Node, run once: two seconds after the start (off a one-shot `claude -p`),
 * or sooner when first needed (a compaction, a history call). When Node cannot run the pipeline,
 * the person is told once, then.
 */
function nodeFor($: EngineInterface, s: Settings): Promise<NodeProbe> {
  nodeProbe ??= probeNode($, s.nodePath).then((probed) => {
    node = probed
    if (!probed.ok) $.ui.log(nodeMissingNotice(probed.reason, s.nodePath))
    return probed
  })
  return nodeProbe
}

async function probeNode($: EngineInterface, nodePath: string): Promise<NodeProbe> {
  try {
    const r = await $.process.run([nodePath, '--version'], { timeoutMs: 10_000 })
    if (r.exitCode !== 0) return { ok: false, reason: `"${nodePath} --version" exited ${r.exitCode}` }
    return nodeVerdict(r.stdout)
  } catch (err) {
    return { ok: false, reason: `"${nodePath}" did not start: ${(err as Error).message}` }
  }
}

/**
 * Starts the standby child for this session's next live compaction, if there is none. Only live:
 * a rehearsal does not wait for its child, so an idle node process per session buys it nothing.
 */
async function startStandby($: EngineInterface, s: Settings): Promise<void> {
  if (!s.live || standby || !node?.ok) return
  const env = await $.process.hookEnv()
  const rundir = `${env.CLAUDE_PLUGIN_DATA}/runs/${Date.now().toString(36)}-standby-${Math.random().toString(36).slice(2, 8)}`
  const child = $.process.spawn({ argv: [s.nodePath, `${$.plugin.root}/dist/compact-handoff.mjs`, 'engine', '--standby', rundir], input: '' })
  const ready: Standby = { child, rundir, nodePath: s.nodePath, first: child.next(), dead: false }
  ready.first.then(
    (r) => (ready.dead = r.done === true),
    () => (ready.dead = true),
  )
  standby = ready
}

/** The standby, if it is alive and started with this node; it is then this compaction's. */
function takeStandby(s: Settings): Standby | null {
  const ready = standby
  standby = null
  if (!ready) return null
  if (ready.dead || ready.nodePath !== s.nodePath) {
    void ready.child.return(undefined as never).catch(() => undefined)
    return null
  }
  return ready
}

/** Answers one request of the child over its socket; a call it gave up on is not answered. */
async function serve($: EngineInterface, req: RequestLine, hello: HelloLine, signal: AbortSignal, late: LateRun | null): Promise<void> {
  let answer: AnswerFile
  try {
    let value: unknown
    if (req.call === 'model.fork' && late?.compacted) {
      // The summary section takes this reason as its cue to complete over the conversation
      // written out instead (its cold path), which does not depend on what the engine holds now.
      value = { isAnswered: false, reason: COMPACTED_FORK }
    } else if (req.call === 'model.fork') {
      value = await $.model.fork({ prompt: req.args.prompt })
    } else if (req.call === 'model.complete') {
      const { model, prompt, system, maxTokens } = req.args
      value = await $.model.complete({ model, prompt, ...(system ? { system } : {}), ...(maxTokens ? { maxTokens } : {}) }, { signal })
    } else if (req.call === 'seam.raise') {
      value = await raiseSubscriber($, req.args)
    } else if (req.call === 'files.read') {
      const { path, offset, limit } = req.args
      value = readAnswer(await $.tool.call({ tool: 'Read', file_path: path, ...(offset ? { offset } : {}), ...(limit ? { limit } : {}) }))
    } else {
      throw new Error(`unknown call ${JSON.stringify((req as { call: unknown }).call)}`)
    }
    answer = { id: req.id, ok: true, value }
  } catch (err) {
    answer = { id: req.id, ok: false, error: (err as Error)?.message ?? String(err) }
  }
  if (signal.aborted) return
  await postAnswer($, hello, answer).catch((err: Error) => {
    $.ui.log(`compact-handoff: could not answer ${req.call} #${req.id}: ${err.message}`, { to: 'debug' })
  })
}

const TIMEOUT = Symbol('timeout')

/** How long a child whose socket failed is given to end by itself before that is the reason. */
const FETCH_FAILED_GRACE_MS = 2_000

/** Starts the pipeline child, answers its requests, and waits for its one answer or its end. */
async function runChild($: EngineInterface, e: SessionCompactInput, s: Settings, startedAt: number, late: LateRun | null = null): Promise<ChildOutcome> {
  const [env, sessionId, cwd, model, usage] = await Promise.all([$.process.hookEnv(), $.session.id(), $.session.cwd(), $.session.model(), $.session.usage()])
  // A live session keeps a child loaded and waiting (startStandby): node's start and the config's
  // first load (~300 ms measured on 2 busy cores) are then off the compaction's path.
  const warm = takeStandby(s)
  const input = JSON.stringify({
    trigger: rowTrigger(e),
    ...(e.instructions ? { instructions: e.instructions } : {}),
    ...(e.agentId ? { agentId: e.agentId } : {}),
    sessionId,
    cwd,
    ...(usage.context.window ? { contextWindow: usage.context.window } : {}),
    ...(usage.context.tokens ? { contextTokens: usage.context.tokens } : {}),
    model,
    messages: e.messages,
    settings: s,
    pluginRoot: $.plugin.root,
    pluginVersion: PLUGIN_VERSION,
    hookStartedAt: startedAt,
    ...(late ? { late: true } : {}),
    subscribers: seamSubscribers(),
  })
  const rundir = `${env.CLAUDE_PLUGIN_DATA}/runs/${startedAt.toString(36)}-${Math.random().toString(36).slice(2, 8)}`
  let child: ChildStream
  let first: Promise<IteratorResult<SpawnPiece, SpawnEnd>> | null = null
  if (
    warm &&
    (await $.fs.write(`${warm.rundir}/input.json`, input).then(
      () => true,
      () => false,
    ))
  ) {
    ;({ child, first } = warm)
  } else {
    if (warm) void warm.child.return(undefined as never).catch(() => undefined)
    child = $.process.spawn({ argv: [s.nodePath, `${$.plugin.root}/dist/compact-handoff.mjs`, 'engine', rundir], input })
  }
  const calls = new Map<number, AbortController>()
  /** stdout: read up to the hello only (./bridge); what comes after is kept for the debug log. */
  let printed = ''
  let hello: HelloLine | null = null
  let stderr = ''
  let ended: { code: number | null; signal: string | null } | null = null
  /** Set by `take` (a closure, so an object: the loop reads what it set). */
  const outcome: { answer: ChildOutcome | null } = { answer: null }
  /** Whether the child sent any line but its hello (a standby that did has read its input). */
  let said = false
  let heard = false
  const deadline = startedAt + s.childTimeoutMs
  type Fetched = { kind: 'lines'; got: LinesAnswer } | { kind: 'fetch-failed'; why: string }
  let pull: Promise<IteratorResult<SpawnPiece, SpawnEnd>> | null = first
  let fetching: Promise<Fetched> | null = null
  let after = 0
  let fetchFailed: string | null = null
  let graceUntil = Infinity
  const take = (lines: LinesAnswer['lines']) => {
    for (const msg of lines) {
      if (msg.type !== 'hello') said = true
      if (msg.type === 'request') {
        const stop = new AbortController()
        calls.set(msg.id, stop)
        void serve($, msg, hello!, stop.signal, late).finally(() => calls.delete(msg.id))
      } else if (msg.type === 'cancel') {
        calls.get(msg.id)?.abort()
      } else if (msg.type === 'notices') {
        for (const notice of msg.notices) $.ui.log(`compact-handoff: ${notice}`)
      } else if (msg.type === 'pending') {
        late?.pending(msg)
      } else if (msg.type === 'done') {
        outcome.answer ??= { kind: 'done', done: msg }
      } else if (msg.type === 'failed') {
        outcome.answer ??= { kind: 'failed', code: msg.code, reason: msg.reason, rowWritten: msg.rowWritten }
      }
    }
  }
  try {
    while (!outcome.answer) {
      let timer: number | undefined
      // Once its socket failed, the child is given a moment to end (a crash says more than a refused fetch).
      const until = Math.min(deadline, graceUntil)
      const expired = new Promise<typeof TIMEOUT>((resolve) => {
        timer = setTimeout(() => resolve(TIMEOUT), Math.max(0, until - Date.now()))
      })
      pull ??= child.next()
      if (hello && !fetching && fetchFailed === null) {
        fetching = fetchLines($, hello, after).then(
          (got): Fetched => ({ kind: 'lines', got }),
          (err: Error): Fetched => ({ kind: 'fetch-failed', why: err?.message ?? String(err) }),
        )
      }
      const r = await Promise.race([pull.then((piece) => ({ kind: 'piece' as const, piece })), ...(fetching ? [fetching] : []), expired])
      clearTimeout(timer)
      if (r === TIMEOUT) {
        if (fetchFailed !== null) return failed('child-stream-failed', `the child's socket failed (${fetchFailed}) and the child went on`)
        return failed('timeout', `the pipeline gave no answer within ${s.childTimeoutMs} ms (childTimeoutMs)`)
      }
      heard = true
      if (r.kind === 'lines') {
        fetching = null
        after = r.got.next
        take(r.got.lines)
        continue
      }
      if (r.kind === 'fetch-failed') {
        fetching = null
        fetchFailed = r.why
        graceUntil = Date.now() + FETCH_FAILED_GRACE_MS
        continue
      }
      pull = null
      const piece = r.piece
      if (piece.done) {
        ended = piece.value
        // The child waits for its last lines to be fetched before it exits; one fetch may still be
        // on its way here.
        const last = fetching ? await fetching : null
        if (last?.kind === 'lines') take(last.got.lines)
        break
      }
      if (piece.value.stream === 'stderr') {
        stderr = (stderr + piece.value.text).slice(-4_000)
        continue
      }
      printed = (printed + piece.value.text).slice(0, 64_000)
      if (!hello) {
        const read = readHello(printed)
        if (read.refused) return failed('child-stream-failed', read.refused)
        if (read.hello) {
          hello = read.hello
          printed = printed.slice(printed.indexOf('\n') + 1)
        }
      }
    }
  } catch (err) {
    // The first pull rejects when the child cannot start (no such executable).
    return failed(heard ? 'child-stream-failed' : 'spawn-failed', (err as Error)?.message ?? String(err))
  } finally {
    for (const stop of calls.values()) stop.abort()
    // After its answer the child only indexes what it stored, then exits by itself: not killed.
    // Any other way out (a timeout, a failure) kills it.
    if (!ended && outcome.answer?.kind !== 'done') await child.return(undefined as never).catch(() => undefined)
    if (stderr.trim()) $.ui.log(`compact-handoff child stderr: ${stderr.trim()}`, { to: 'debug' })
    if (printed.trim()) $.ui.log(`compact-handoff child stdout (not read: the bridge is its socket): ${printed.trim().slice(0, 2_000)}`, { to: 'debug' })
  }
  if (outcome.answer) return outcome.answer
  const how = ended?.signal ? `was killed by ${ended.signal}` : `exited with code ${ended?.code ?? 'unknown'}`
  if (warm && !said) return failed('child-crashed', `the standby child ${how} before it read its input`, { stale: true })
  return failed('child-crashed', `the pipeline ${how} before answering${stderr.trim() ? ` (${stderrTail(stderr)})` : ''}`)
}

/**
 * Writes a row once at `<dir>/<mode>/<session>/NNN-<iso>.json` and appends it to the data dir's
 * index.jsonl and the session's runs.jsonl, in the shape and modes store/write.ts uses.
 */
async function writeRow(
  $: EngineInterface,
  dataDir: string,
  live: boolean,
  sessionId: string,
  make: (n: number, prev: number | null) => Record<string, unknown>,
  at: Date,
): Promise<string> {
  const dir = `${dataDir}/${modeDir(live)}/${sessionId}`
  // Folders 0700, as the Node writer makes them ($.fs.write would make them with its own mode).
  await $.process.run(['sh', '-c', 'umask 077 && mkdir -p "$1"', 'sh', dir], { timeoutMs: 5_000 }).catch(() => undefined)
  const names = (await $.fs.list(dir).catch(() => [])).map((entry) => entry.name)
  const { n, prev } = nextNumber(names)
  const stem = fileStem(n, at)
  const path = `${dir}/${stem}.json`
  if (await $.fs.exists(path)) throw new Error(`${path} exists already`)
  const row = storedRow(make(n, prev), `${modeDir(live)}/${sessionId}/${stem}.json`)
  await $.fs.write(path, JSON.stringify(row, null, 2) + '\n')
  await appendLogs($, dataDir, dir, stem, row)
  return path
}

/** Appends a row to the data dir's index.jsonl and the session's runs.jsonl. */
async function appendLogs($: EngineInterface, dataDir: string, dir: string, stem: string, row: Record<string, unknown>): Promise<void> {
  // $.fs has no append: the line goes to a file, and `cat` appends it in one O_APPEND write per
  // log. A host without sh keeps the row file alone (readers find rows by their files).
  const line = `${dir}/.${stem}.line`
  await $.fs.write(line, JSON.stringify(row) + '\n')
  await $.process.run(['sh', '-c', APPEND_SCRIPT, 'sh', line, `${dataDir}/index.jsonl`, `${dir}/runs.jsonl`], { timeoutMs: 5_000 }).catch(() => undefined)
}

/**
 * Completes a late rehearsal's pending row with why its late part ended without doing so:
 * `<stem>.late.json` beside it, written once (a completion the child managed after all stands).
 */
async function completeLate($: EngineInterface, e: SessionCompactInput, p: PendingLine, why: Failed, startedAt: number): Promise<void> {
  const rel = p.row.replace(/\.json$/, '.late.json')
  const path = `${p.dataDir}/${rel}`
  if (await $.fs.exists(path)) return
  const [sessionId, cwd] = await Promise.all([$.session.id(), $.session.cwd()])
  const row = lateRow(
    {
      at: new Date(p.at),
      sessionId,
      live: false,
      trigger: rowTrigger(e),
      agentId: e.agentId,
      code: why.code,
      reason: why.reason,
      n: p.n,
      prev: p.prev,
      pluginVersion: PLUGIN_VERSION,
      messages: e.messages.length,
      hookMs: Date.now() - startedAt,
      cwd,
    },
    p,
    rel,
  )
  await $.fs.write(path, JSON.stringify(row, null, 2) + '\n')
  const dir = path.slice(0, path.lastIndexOf('/'))
  await appendLogs($, p.dataDir, dir, rel.slice(rel.lastIndexOf('/') + 1, -'.json'.length), row)
}

/** The row for a failure the child could not record; in the plugin's own data folder if the data dir refuses it. */
async function recordFallback($: EngineInterface, e: SessionCompactInput, s: Settings, why: Pick<Failed, 'code' | 'reason'>, startedAt: number): Promise<void> {
  const { code, reason } = why
  const [sessionId, cwd] = await Promise.all([$.session.id(), $.session.cwd()])
  const at = new Date()
  const make = (because: string) => (n: number, prev: number | null) =>
    fallbackRow({
      at,
      sessionId,
      live: s.live,
      ...(s.arm ? { arm: s.arm } : {}),
      ...(s.ab ? { ab: s.ab } : {}),
      ...(s.requestedBy ? { requestedBy: s.requestedBy } : {}),
      trigger: rowTrigger(e),
      agentId: e.agentId,
      code,
      reason: because,
      n,
      prev,
      pluginVersion: PLUGIN_VERSION,
      messages: e.messages.length,
      hookMs: Date.now() - startedAt,
      cwd,
    })
  try {
    if (!s.dataDir) throw new Error('no data dir: HOME is not set')
    await writeRow($, s.dataDir, s.live, sessionId, make(reason), at)
  } catch (err) {
    const env = await $.process.hookEnv()
    const refused = `${reason}; the data dir ${s.dataDir} refused the row (${(err as Error).message})`
    await writeRow($, `${env.CLAUDE_PLUGIN_DATA}/rows`, s.live, sessionId, make(refused), at)
  }
  $.ui.log(`compact-handoff: ${reason}; Claude Code compacted with its own summary`, s.live ? undefined : { to: 'debug' })
}

async function compact(
  $: EngineInterface,
  e: SessionCompactInput,
  next: (e: SessionCompactInput) => Promise<SessionCompactResult>,
  options: PluginOptions,
): Promise<SessionCompactResult> {
  const startedAt = Date.now()
  const settings = await settingsOf($, options)
  const skip = passThrough(e, settings)
  if (skip === 'precompute') return { skip: PRECOMPUTE_SKIP }
  if (skip === 'subagent') return next(e)
  const s = await compactionSettings($, e, settings)
  // A session that compacts before its tools registered (in its first two seconds) gets them now:
  // a live handoff names them, so they are listed before it is handed up.
  const tools = ensureTools($)
  const node = await nodeFor($, s)
  if (!s.live && node.ok) return rehearse($, e, next, s, startedAt)
  let outcome: ChildOutcome = node.ok ? await runChild($, e, s, startedAt) : failed('node-missing', node.reason)
  if (outcome.kind === 'failed' && outcome.stale) outcome = await runChild($, e, s, startedAt)
  // The next compaction's child loads while the session goes on, once this turn has ended: node's
  // start and the config's first load would otherwise take CPU from the engine finishing it.
  setTimeout(() => void startStandby($, s).catch(() => undefined), STANDBY_DELAY_MS)
  if (outcome.kind === 'failed') {
    if (!outcome.rowWritten) await recordFallback($, e, s, outcome, startedAt)
    else $.ui.log(`compact-handoff: ${outcome.reason}; Claude Code compacted with its own summary`, s.live ? undefined : { to: 'debug' })
    return next(e)
  }
  const { done } = outcome
  await tools
  // Shown in the conversation: the person can fix what they wrote (a rehearsal shows them too, late).
  for (const notice of done.notices ?? []) $.ui.log(`compact-handoff: ${notice}`)
  $.ui.log(`compact-handoff: handed up a ${done.handoff.length.toLocaleString('en-US')}-char handoff and ${done.keep.length} kept messages`, { to: 'debug' })
  return {
    messages: replacement(e.messages, done),
    tokensBefore: done.tokensBefore,
    tokensAfter: done.tokensAfter,
    ...(done.usage ? { usage: done.usage } : {}),
  }
}

/**
 * A rehearsal: the engine compacts at once and the pipeline runs beside it, so a rehearsal adds
 * no model round trip to the user's wait (issue 17). Measured in 2.1.328 (plugin/hooks/LATE.md):
 * a fork asked for while the engine compacts forks the conversation before it; one asked for
 * after forks the compacted one, so it is refused and the summary completes cold; the child and
 * the answers it waits for outlive the hook's return. The hook returns when the engine has
 * compacted and the child has stored its row as pending (or PENDING_WAIT_MS has passed), so a
 * row exists whatever becomes of the late part; the late part completes it.
 */
async function rehearse(
  $: EngineInterface,
  e: SessionCompactInput,
  next: (e: SessionCompactInput) => Promise<SessionCompactResult>,
  s: Settings,
  startedAt: number,
): Promise<SessionCompactResult> {
  let pendingLine: PendingLine | null = null
  let stored: () => void = () => undefined
  const claimed = new Promise<void>((resolve) => (stored = resolve))
  const late: LateRun = {
    compacted: false,
    pending(line) {
      pendingLine = line
      stored()
    },
  }
  const finished = runChild($, e, s, startedAt, late).then(async (outcome) => {
    stored()
    if (outcome.kind === 'done') {
      // Shown in the conversation, as live shows them: the person can fix what they wrote.
      for (const notice of outcome.done.notices ?? []) $.ui.log(`compact-handoff: ${notice}`)
      $.ui.log(`compact-handoff: rehearsed (${outcome.done.handoff.length.toLocaleString('en-US')}-char handoff stored after the engine compacted)`, {
        to: 'debug',
      })
      return
    }
    if (outcome.rowWritten) {
      $.ui.log(`compact-handoff: the rehearsal fell back (${outcome.reason}); Claude Code compacted with its own summary`, { to: 'debug' })
      return
    }
    const why = failed('late-part', `${outcome.reason} (after the engine had compacted with its own summary)`)
    if (pendingLine) await completeLate($, e, pendingLine, why, startedAt)
    else await recordFallback($, e, s, why, startedAt)
  })
  // Nothing waits for the late part: what it could not record is logged, never thrown.
  void finished.catch((err: Error) =>
    $.ui.log(`compact-handoff: the rehearsal's late part could not record its end: ${err?.message ?? String(err)}`, { to: 'debug' }),
  )
  const compacted = next(e)
  const done = compacted.then(
    () => (late.compacted = true),
    () => (late.compacted = true),
  )
  let timer: number | undefined
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, PENDING_WAIT_MS)
  })
  await Promise.all([done, Promise.race([claimed, cap])])
  clearTimeout(timer)
  return compacted
}

/** This session's registration of the history tools, begun once (see session.start). */
let toolsRegistered: Promise<void> | null = null

function ensureTools($: EngineInterface): Promise<void> {
  toolsRegistered ??= registerTools($)
  return toolsRegistered
}

/** The history tools and handoff_compact. A registration the engine refuses is logged, never fatal. */
async function registerTools($: EngineInterface): Promise<void> {
  // All at once: each registration reconnects the plugin's MCP server, and one after another they
  // added ~150 ms to every session's start (measured).
  await Promise.all([
    ...HISTORY_TOOLS.map((t) =>
      $.tool
        .register({ name: t.name, description: t.description, inputSchema: t.inputSchema, ...(t.isDeferred === false ? { isDeferred: false } : {}) })
        .catch((err: Error) => $.ui.log(`compact-handoff: could not register ${t.name}: ${err.message}`, { to: 'debug' })),
    ),
    $.tool
      .register({ name: COMPACT_TOOL.name, description: COMPACT_TOOL.description, inputSchema: COMPACT_TOOL.inputSchema })
      .catch((err: Error) => $.ui.log(`compact-handoff: could not register ${COMPACT_TOOL.name}: ${err.message}`, { to: 'debug' })),
  ])
}

async function registerCommand($: EngineInterface): Promise<void> {
  await $.command
    .register(SLASH_COMMAND)
    .catch((err: Error) => $.ui.log(`compact-handoff: could not register /${SLASH_COMMAND.name}: ${err.message}`, { to: 'debug' }))
}

/** Whether the store holds a compaction of this session already, live or rehearsed. */
async function sessionHasHistory($: EngineInterface, s: Settings): Promise<boolean> {
  if (!s.dataDir) return false
  const id = await $.session.id()
  const found = await Promise.all(Object.values(MODE_DIRS).map((dir) => $.fs.exists(`${s.dataDir}/${dir}/${id}`).catch(() => false)))
  return found.includes(true)
}

/** Answers a history tool (or /handoff) by running the Node side once: `compact-handoff tool <name>`. */
async function runHistory($: EngineInterface, options: PluginOptions, name: string, args: Record<string, unknown>): Promise<string> {
  const s = await settingsOf($, options)
  const node = await nodeFor($, s)
  if (!node.ok) return toolText(name, { failed: nodeMissingNotice(node.reason, s.nodePath) })
  const sessionId = await $.session.id()
  const stdin = JSON.stringify({ args, context: { sessionId, dataDir: s.dataDir, live: s.live, pluginVersion: PLUGIN_VERSION } })
  try {
    const r = await $.process.run([s.nodePath, `${$.plugin.root}/dist/compact-handoff.mjs`, 'tool', name], { stdin, timeoutMs: 60_000 })
    return toolText(name, r)
  } catch (err) {
    return toolText(name, { failed: (err as Error)?.message ?? String(err) })
  }
}

// A function declaration (the engine's Register shape), so that the bundle the engine loads
// (plugin/dist/hooks.mjs, built by build.mjs) keeps it as one: the engine takes `register` only as
// a function declared at the top of its file, and esbuild would emit a `var` for an arrow.
export function register(on: On, options: PluginOptions): void {
  // $.compactHandoff: other plugins subscribe their tools to this session's compactions (./seam).
  on('engine.create', async ($, e, next) => {
    const beneath = await next(e)
    return { ...beneath, compactHandoff: compactHandoffNoun() }
  })

  on('session.start', async ($, e, next) => {
    const started = await next(e)
    // A `claude -p` waits for this hook, so it holds only what a first prompt may need: /handoff
    // (cheap to register), and the history tools when this session already has compactions on
    // record (a resumed session may ask for them at once). Otherwise the tools register two seconds
    // on: the engine takes one tool per $.tool.register and reconnects the plugin's tool server for
    // each (~375 ms of CPU for the five, measured), which a one-shot `claude -p` has ended before
    // paying. Node's probe waits the two seconds too, unless a compaction needs it sooner; in a
    // session likely to compact soon (live, or resumed with compactions on record) it starts at
    // once, in the background, and a live session's standby child after it.
    // /handoff registers while the settings are read: a `claude -p` waits for both.
    const listed = registerCommand($)
    const s = await settingsOf($, options)
    const [hasHistory] = await Promise.all([sessionHasHistory($, s), listed])
    if (hasHistory) await ensureTools($)
    const prepare = () =>
      void nodeFor($, s)
        .then((n) => (n.ok ? startStandby($, s) : undefined))
        .catch((err: Error) => $.ui.log(`compact-handoff: no standby child: ${err.message}`, { to: 'debug' }))
    if (s.live || hasHistory) prepare()
    $.clock.after(SETTLED_MS, () => {
      if (hasHistory) return
      void ensureTools($)
      prepare()
    })
    return started
  })

  // Nothing beneath answers these tools: a hook that fails still answers, with why. One hook per
  // tool: a glob matcher (mcp__compact-handoff__*) is not matched at tool.run (measured, 2.1.328).
  for (const tool of HISTORY_TOOLS) {
    on('tool.run', { tool: `${TOOL_PREFIX}${tool.name}` }, async ($, e) => ({ result: await runHistory($, options, tool.name, toolArgs(e)) })).catch(
      ($, e, next) => ({
        result: unanswered(e.tool, next.error),
      }),
    )
  }

  on('tool.run', { tool: `${TOOL_PREFIX}${COMPACT_TOOL.name}` }, ($) => ({ result: requestCompact($, 'handoff_compact') })).catch(($, e, next) => ({
    result: unanswered(e.tool, next.error),
  }))

  on('command.run', { command: 'handoff' }, async ($, e) => ({
    text: e.args.trim() === SLASH_COMPACT_WORD ? requestCompact($, '/handoff compact') : await runHistory($, options, SLASH_TOOL, { words: e.args }),
  })).catch(($, e, next) => ({
    text: unanswered('/handoff', next.error),
  }))

  // The field records (./field): after the main turn has ended, queued, never awaited by it.
  on('turn.complete', async ($, e, next) => {
    const ended = await next(e)
    if (e.agentId === undefined) turnEnded($, e, () => settingsOf($, options))
    return ended
  })

  on('session.end', async ($, e, next) => {
    await drained(3_000)
    return next(e)
  })

  // Counted once compact() returns: by then every path has stored the compaction's row or claimed
  // its number (a rehearsal's pending row), so the next turn's records find it in the folder.
  on('session.compact', ($, e, next) =>
    compact($, e, next, options).finally(() => {
      if (e.agentId === undefined && e.trigger !== 'precompute') compactionHeard()
    }),
  ).catch(async ($, e, next) => {
    // The hook threw or overran before it called next: record why, then let the engine compact.
    // When it had called next, next(e) replays what that call settled to (a core failure passes up).
    if (!next.called) {
      const s = await settingsOf($, options)
      if (passThrough(e, s) === null) {
        const why = failed(next.error.kind === 'timeout' ? 'hook-timeout' : 'hook-throw', next.error.message ?? 'no message')
        await recordFallback($, e, s, why, Date.now()).catch(() => undefined)
      }
    }
    return next(e)
  })
}
