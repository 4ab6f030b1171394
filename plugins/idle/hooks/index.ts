/**
 * compact-idle's hooks module, the engine adapter: it holds the one reservation, makes every
 * `$` call and logs. What a fired timer may do, and the line it shows, is decided in ./rules;
 * the herdr command lines are built in ./herdr.
 */
import type { EngineInterface, ModelUsage, ProcessRunResult, Register, Timer } from 'claude-code'
import {
  COMMAND_TIMEOUT_MS,
  explainArgv,
  type HerdrPane,
  herdrPane,
  nextSeq,
  releaseArgv,
  reportIdleArgv,
  reportSessionArgv,
  screenState,
  SETTLE_LIMIT_MS,
  SETTLE_MARGIN_MS,
  SETTLE_POLL_MS,
} from './herdr'
import { type NativeVerdict, nativeIdle } from './native'
import { clock, compactedLine, count, judge, readSettings, reasonNotToReserve, type SettingsRead } from './rules'

interface Reservation {
  timer: Timer
  /** `$.clock.now()` when the reserving turn ended. */
  endedAt: number
  sessionId: string
}

/** A herdr pane this plugin reported idle and has not handed back yet. */
interface Pin {
  target: HerdrPane
  sessionId: string
}

// One module instance per session process: this state lives as long as the session.
let config: SettingsRead = readSettings({})
let reservation: Reservation | null = null
/** Bumped by every main-loop turn start; a check that sees it move knows a turn began. */
let turnEpoch = 0
let isTurnRunning = false
/** True while this plugin's own compaction runs, so nothing it causes reserves again. */
let isCompacting = false
let pin: Pin | null = null
let lastSeq = 0n
/** The last thing said about the engine's own idle compaction, so each verdict is said once. */
let nativeSaid = ''
/** How long after the session's start compact-idle subscribes to compact-handoff's seam. */
const SUBSCRIBE_DELAY_MS = 2_000

/** Usage in words: the debug log masks JSON whose keys name tokens. */
function usageWords(u: ModelUsage | undefined): string {
  if (!u) return 'usage not reported'
  return `read ${u.cache_read_input_tokens}, wrote ${u.cache_creation_input_tokens}, uncached ${u.input_tokens}, output ${u.output_tokens}`
}

async function debug($: EngineInterface, text: string): Promise<void> {
  try {
    await $.ui.log(text, { to: 'debug' })
  } catch {
    // the debug log is best effort
  }
}

/** Whether the engine's own idle compaction will compact this session; says so once per verdict. */
async function native($: EngineInterface): Promise<NativeVerdict> {
  const [
    settings,
    usage,
    DISABLE_COMPACT,
    DISABLE_AUTO_COMPACT,
    CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS,
    FORCE_PROMPT_CACHING_5M,
    CLAUDE_CODE_PROMPT_CACHE_TTL,
    ENABLE_PROMPT_CACHING_1H,
  ] = await Promise.all([
    $.settings.read(),
    $.session.usage(),
    $.env.get('DISABLE_COMPACT'),
    $.env.get('DISABLE_AUTO_COMPACT'),
    $.env.get('CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS'),
    $.env.get('FORCE_PROMPT_CACHING_5M'),
    $.env.get('CLAUDE_CODE_PROMPT_CACHE_TTL'),
    $.env.get('ENABLE_PROMPT_CACHING_1H'),
  ])
  const verdict = nativeIdle({
    settings,
    env: {
      DISABLE_COMPACT,
      DISABLE_AUTO_COMPACT,
      CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS,
      FORCE_PROMPT_CACHING_5M,
      CLAUDE_CODE_PROMPT_CACHE_TTL,
      ENABLE_PROMPT_CACHING_1H,
    },
    contextTokens: usage.context.tokens,
  })
  // Said once: again only when the verdict changes (a setting, the context size past the minimum).
  const said = verdict.standsIn ? verdict.why : 'works'
  if (said !== nativeSaid) {
    nativeSaid = said
    await debug($, verdict.why)
  }
  return verdict
}

async function cancel($: EngineInterface, why: string): Promise<void> {
  const r = reservation
  if (!r) return
  reservation = null
  r.timer.cancel()
  await debug($, `reservation cancelled: ${why}`)
}

async function reserve($: EngineInterface): Promise<void> {
  const epoch = turnEpoch
  const [endedAt, sessionId] = await Promise.all([$.clock.now(), $.session.id()])
  if (epoch !== turnEpoch) return
  const replaced = reservation !== null
  reservation?.timer.cancel()
  const r: Reservation = { endedAt, sessionId, timer: { cancel: () => {} } }
  r.timer = $.clock.after(config.settings.delayMs, () => void fire($, r))
  reservation = r
  await debug($, `compaction reserved in ${clock(config.settings.delayMs)}${replaced ? ' (the earlier reservation restarted)' : ''}`)
}

async function fire($: EngineInterface, r: Reservation): Promise<void> {
  if (reservation !== r) return
  reservation = null
  const epoch = turnEpoch
  const turnBegan = () => epoch !== turnEpoch || isTurnRunning
  let settle = false
  let step = 'the checks'
  try {
    const [now, sessionId, usage] = await Promise.all([$.clock.now(), $.session.id(), $.session.usage()])
    if (turnBegan()) return await debug($, 'skipped: a turn started while the checks ran')
    const verdict = judge({ elapsedMs: now - r.endedAt, reservedSessionId: r.sessionId, sessionId, contextTokens: usage.context.tokens }, config.settings)
    if (!verdict.compact) return await debug($, `skipped: ${verdict.why}`)
    // Settings can change while the session is idle (/config): the engine decides when it fires.
    if ((await native($)).standsIn) return
    if (turnBegan()) return await debug($, 'skipped: a turn started while the checks ran')
    await pinPane($, sessionId)
    if (turnBegan()) return await debug($, 'skipped: a turn started while the checks ran')
    await debug($, `compacting ${count(verdict.tokens)} tokens, ${clock(now - r.endedAt)} after the turn ended`)
    settle = true
    step = 'the compaction'
    isCompacting = true
    const result = await $.session.compact().finally(() => (isCompacting = false))
    if (result.skip !== undefined) return await debug($, `the compaction was vetoed: ${result.skip}`)
    await debug($, `compacted ${result.tokensBefore ?? '?'} → ${result.tokensAfter ?? '?'}; summarizer ${usageWords(result.usage)}`)
    await $.ui.log(compactedLine(result.tokensBefore ?? verdict.tokens, result.usage))
  } catch (err) {
    await debug($, `${step} failed (not retried): ${err instanceof Error ? err.message : String(err)}`)
  } finally {
    await handBack($, settle)
  }
}

// ---- herdr ------------------------------------------------------------------------------------

async function seq($: EngineInterface): Promise<bigint> {
  lastSeq = nextSeq(await $.clock.now(), lastSeq)
  return lastSeq
}

/** Runs one herdr command; a failure is logged and read as null. */
async function herdr($: EngineInterface, argv: string[]): Promise<ProcessRunResult | null> {
  const what = `herdr ${argv.slice(1, 3).join(' ')}`
  try {
    const r = await $.process.run(argv, { timeoutMs: COMMAND_TIMEOUT_MS })
    if (r.exitCode === 0) return r
    await debug($, `${what} exited ${r.exitCode}: ${r.stderr.trim().slice(0, 300)}`)
  } catch (err) {
    await debug($, `${what} failed: ${err instanceof Error ? err.message : String(err)}`)
  }
  return null
}

async function pinPane($: EngineInterface, sessionId: string): Promise<void> {
  const pane = herdrPane({
    HERDR_ENV: await $.env.get('HERDR_ENV'),
    HERDR_PANE_ID: await $.env.get('HERDR_PANE_ID'),
    HERDR_BIN_PATH: await $.env.get('HERDR_BIN_PATH'),
  })
  if (!pane) return
  if (await herdr($, reportIdleArgv(pane, await seq($), sessionId))) {
    pin = { target: pane, sessionId }
    await debug($, `herdr pane ${pane.pane} reported idle for the compaction`)
  }
}

/** Waits (bounded) for herdr to read the screen idle; false when it never did, or the pin went. */
async function screenSettles($: EngineInterface, p: Pin): Promise<boolean> {
  const started = await $.clock.now()
  while (pin === p) {
    const r = await herdr($, explainArgv(p.target))
    if (r && screenState(r.stdout) === 'idle') {
      await $.clock.sleep(SETTLE_MARGIN_MS)
      return true
    }
    if ((await $.clock.now()) - started + SETTLE_POLL_MS > SETTLE_LIMIT_MS) return false
    await $.clock.sleep(SETTLE_POLL_MS)
  }
  return false
}

/** Gives the pane back to herdr's own detection, after the screen settles when `settle`. */
async function handBack($: EngineInterface, settle: boolean): Promise<void> {
  const p = pin
  if (!p) return
  if (settle && !(await screenSettles($, p)) && pin === p) {
    await debug($, `herdr did not read the screen idle within ${SETTLE_LIMIT_MS / 1000} s; handing the pane back anyway`)
  }
  if (pin !== p) return
  pin = null
  await herdr($, releaseArgv(p.target, await seq($)))
  await herdr($, reportSessionArgv(p.target, await seq($), p.sessionId))
  await debug($, `herdr pane ${p.target.pane} handed back`)
}

// ---- compact-handoff's seam ---------------------------------------------------------------------

/**
 * compact-handoff, where it is installed, answers a compaction live without letting the hooks
 * beneath it run, so this plugin's session.compact hook never hears the engine's own idle
 * compaction then. Its seam raises a tool of ours before and after each compaction it handles;
 * the live ones stand in for that hook (a rehearsal passes beneath, and the hook hears it).
 */
interface CompactHandoffSeam {
  beforeCompact(s: { tool: string; name: string }): Promise<{ isSubscribed: boolean; reason?: string }>
  afterCompact(s: { tool: string; name: string }): Promise<{ isSubscribed: boolean; reason?: string }>
}
// The part of compact-handoff's contract (its plugin/types/index.d.ts) this plugin calls. `$` has
// it only where compact-handoff is installed: the calls below throw elsewhere, and are caught.
declare module 'claude-code' {
  interface EngineInterface {
    compactHandoff: CompactHandoffSeam
  }
}
const SEAM_TOOL = 'mcp__compact-idle__compaction'

/** What compact-handoff's call carries, flat on the tool.call event. */
interface SeamCall {
  sessionId?: unknown
  trigger?: unknown
  phase?: unknown
  mode?: unknown
}

async function subscribeToHandoff($: EngineInterface): Promise<void> {
  await $.clock.sleep(SUBSCRIBE_DELAY_MS)
  const { tool } = await $.tool.register({
    name: 'compaction',
    description: 'compact-idle: compact-handoff calls this around a compaction it answers; not for the model to call.',
    isDeferred: true,
  })
  const answers = [await $.compactHandoff.beforeCompact({ tool, name: 'compact-idle' }), await $.compactHandoff.afterCompact({ tool, name: 'compact-idle' })]
  const refused = answers.find((a) => !a.isSubscribed)
  await debug($, refused ? `compact-handoff refused the subscription: ${refused.reason}` : "subscribed to compact-handoff's compactions")
}

/** A live compact-handoff compaction of the idle session: the pane is pinned before, handed back after. */
async function heardFromHandoff($: EngineInterface, e: SeamCall): Promise<void> {
  // compact-handoff tells the engine's own idle compaction (`auto` between turns) as `idle`.
  if (e.mode !== 'live' || e.trigger !== 'idle' || isTurnRunning || isCompacting || typeof e.sessionId !== 'string') return
  if (e.phase === 'before') {
    await debug($, "compact-handoff answers the idle session's compaction (the engine's own idle compaction) live")
    await pinPane($, e.sessionId)
  } else if (e.phase === 'after') void handBack($, true)
}

// ---- hooks ------------------------------------------------------------------------------------

export const register: Register = (on, options) => {
  config = readSettings(options)

  on('session.start', async ($, e, next) => {
    const started = await next(e)
    for (const problem of config.problems) await debug($, `settings: ${problem}`)
    // After the start, off its path: a tool registered at start delays the first request.
    void subscribeToHandoff($).catch((err: unknown) =>
      debug($, `not subscribed to compact-handoff (is it installed?): ${err instanceof Error ? err.message : String(err)}`),
    )
    return started
  })

  on('tool.call', { tool: SEAM_TOOL }, async ($, e) => {
    await heardFromHandoff($, e as unknown as SeamCall)
    return { result: 'compact-idle: noted' }
  }).catch(() => ({ result: 'compact-idle: noted' }))

  on('turn.start', async ($, e, next) => {
    if (e.agentId !== undefined) return next(e)
    turnEpoch++
    isTurnRunning = true
    await cancel($, 'a turn started')
    void handBack($, false)
    return next(e)
  })

  on('turn.complete', async ($, e, next) => {
    const done = await next(e)
    if (e.agentId !== undefined) return done
    isTurnRunning = false
    if (isCompacting) return done
    const why = config.isUsable ? reasonNotToReserve(e) : 'the settings leave no window (see the settings line above)'
    if (why === null) {
      const epoch = turnEpoch
      const standsIn = await native($).then(
        (v) => v.standsIn,
        async (err: unknown) => {
          // Unsure whether the engine compacts too: no second timer.
          await debug($, `not reserving: could not tell whether the engine's own idle compaction is on (${err instanceof Error ? err.message : String(err)})`)
          return null
        },
      )
      if (epoch !== turnEpoch || standsIn === null) return done
      if (standsIn) await cancel($, "the engine's own idle compaction compacts this session")
      else await reserve($)
    } else {
      await cancel($, why)
      await debug($, `not reserving: ${why}`)
    }
    return done
  })

  on('session.compact', async ($, e, next) => {
    if (e.agentId !== undefined || e.trigger === 'precompute') return next(e)
    await cancel($, `a ${e.trigger} compaction of the conversation`)
    // The engine's own idle compaction reaches here as `auto` between turns (any other automatic
    // compaction runs inside a turn, before its request): herdr's pane must read it as idle too.
    if (e.trigger !== 'auto' || isTurnRunning || isCompacting) return next(e)
    await debug($, 'the engine is compacting the idle session itself (its own idle compaction)')
    await pinPane($, await $.session.id())
    try {
      return await next(e)
    } finally {
      // In the background: the engine's compaction does not wait for herdr to settle.
      void handBack($, true)
    }
  }).catch(($, e, next) => next(e))

  on('session.end', async ($, e, next) => {
    await cancel($, `the session ended (${e.reason})`)
    void handBack($, false)
    return next(e)
  })
}
