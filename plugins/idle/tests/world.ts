/**
 * The world beneath compact-idle in its `claude plugin test` files: a mocked clock, a session
 * whose id and context size a test sets, a compaction that answers (or fails, or is vetoed),
 * herdr behind `$.process.run`, and a record of everything in the order it happened.
 */
import type { ModelUsage, On, ProcessRunResult, SessionCompactResult } from 'claude-code'
import { mock, type MockClock } from 'claude-code/testing'

export const MIN = 60_000

/** The usage the fake summarizer reports: 90.0% of its input read from the cache. */
export const SUMMARY_USAGE: ModelUsage = { input_tokens: 1_000, output_tokens: 900, cache_read_input_tokens: 180_000, cache_creation_input_tokens: 19_000 }

export interface WorldOptions {
  sessionId?: string
  tokens?: number | undefined
  /** The variables `$.env.get` answers (herdr's, in the herdr tests). */
  env?: Record<string, string>
  /** What the compaction beneath answers; a function may throw to fail it. */
  compaction?: SessionCompactResult | (() => SessionCompactResult)
  /** What each herdr command answers, by its argv; exit 0 and empty output when not given. */
  /** Runs inside each `$.session.id()` before it answers (to answer late, say). */
  beforeSessionId?: () => unknown
  /** Runs inside each `$.session.usage()` before it answers (to start a turn meanwhile, say). */
  beforeUsage?: () => unknown
  herdr?: (argv: readonly string[]) => Partial<ProcessRunResult> | Promise<Partial<ProcessRunResult>>
  /**
   * The merged settings `$.settings.read()` answers. `{ idleCompaction: false }` when not given:
   * the engine's own idle compaction off, so compact-idle does its job (tests/native.test.ts
   * covers it on and unable to fire). A function answers each read, and may throw to fail it.
   */
  settings?: Record<string, unknown> | (() => Record<string, unknown>)
}

export interface World {
  clock: MockClock
  /** Set to change what `$.session.id()` answers from now on. */
  session: { id: string; tokens: number | undefined }
  /** Every `session.compact` that reached the bottom, as its input. */
  compactions: Array<{ trigger: string; agentId?: string }>
  /** The debug-log lines, in order, less what is said about the engine's own idle compaction. */
  debug: string[]
  /** The debug-log lines about the engine's own idle compaction (said once per verdict), in order. */
  native: string[]
  /** Set to change what `$.settings.read()` answers from now on. */
  settings: Record<string, unknown> | (() => Record<string, unknown>)
  /** The lines shown in the conversation, in order. */
  shown: string[]
  /** Every argv run with `$.process.run`. */
  runs: string[][]
  /** What happened, in order: `run <argv[1..2]>`, `compact`, `show`. */
  timeline: string[]
}

/** Registers the world's hooks on the test's `on`; call it before the test's first `$` call. */
export function world(on: On, opts: WorldOptions = {}): World {
  const w: World = {
    clock: mock.clock(on, { now: 1_700_000_000_000 }),
    session: { id: opts.sessionId ?? 'session-1', tokens: 'tokens' in opts ? opts.tokens : 250_000 },
    compactions: [],
    debug: [],
    native: [],
    settings: opts.settings ?? { idleCompaction: false },
    shown: [],
    runs: [],
    timeline: [],
  }
  mock.env(on, opts.env ?? {})
  on('ui.log', (_, e) => {
    if (e.to === 'debug') (/^(standing down|the engine's own idle compaction)/.test(e.text) ? w.native : w.debug).push(e.text)
    else {
      w.shown.push(e.text)
      w.timeline.push('show')
    }
    return { value: undefined }
  })
  on('settings.read', () => ({ value: typeof w.settings === 'function' ? w.settings() : { ...w.settings } }))
  on('session.id', async () => {
    await opts.beforeSessionId?.()
    return { value: w.session.id }
  })
  on('session.usage', async () => {
    await opts.beforeUsage?.()
    return {
      value: { startedAt: 0, context: { window: 1_000_000, ...(w.session.tokens === undefined ? {} : { tokens: w.session.tokens }) }, rateLimits: [] },
    }
  })
  on('session.compact', (_, e) => {
    // A plugin's `$.session.compact(args)` reaches the kit's bottom as its args alone; the real
    // engine raises it with trigger 'plugin' (test/e2e/idle.test.ts sees that), so it is named so here.
    w.compactions.push({ trigger: e.trigger ?? 'plugin', ...(e.agentId === undefined ? {} : { agentId: e.agentId }) })
    w.timeline.push('compact')
    const c = opts.compaction ?? {
      messages: [{ role: 'user', text: 'Summary: fake', toolUses: [] }],
      tokensBefore: w.session.tokens,
      tokensAfter: 4_000,
      usage: SUMMARY_USAGE,
    }
    return typeof c === 'function' ? c() : c
  })
  on('turn.start', (_, e) => ({ turnId: e.turnId }))
  on('turn.complete', (_, e) => ({ text: e.answer }))
  on('session.end', (_, e) => ({ sessionId: e.sessionId }))
  on('session.start', (_, e) => ({ cwd: e.cwd }))
  on('process.run', async (_, e) => {
    const argv = [...e.argv]
    w.runs.push(argv)
    w.timeline.push(`run ${argv.slice(1, 3).join(' ')}`)
    const r = opts.herdr ? await opts.herdr(argv) : {}
    return { value: { exitCode: 0, stdout: '', stderr: '', isStdoutTruncated: false, isStderrTruncated: false, ...r } }
  })
  return w
}

let turns = 0

/** A main-loop turn's end as the engine reports it; `over` changes fields (reason, agentId, ...). */
export function ended(over: Record<string, unknown> = {}) {
  return { answer: 'done', durationMs: 1_200, isAborted: false, turnId: `turn-${++turns}`, reason: 'answer' as const, ...over }
}

/** A main-loop turn's start. */
export function started(over: Record<string, unknown> = {}) {
  return { text: 'next prompt', turnId: `turn-${++turns}`, ...over }
}
