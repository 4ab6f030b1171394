/**
 * One run of the pipeline: config → plans → the beforeCompact seam → sections → compose → done.
 * The same object serves the engine adapter and the CLI; only the capabilities differ.
 */
import pTimeout from 'p-timeout'
import type { Capabilities } from './capabilities.ts'
import { fmt } from './text.ts'
import { handoffChars, lineageFromTranscript, sizeLimit, tapCoreCompose } from './compose.ts'
import { lineageMarker } from './marker.ts'
import { createHooks, type BeforeCompactEvent, type PipelineHooks } from './hooks.ts'
import { runSections } from './run-sections.ts'
import type { HandoffResult, PipelineInput, ResolvedConfig, SeamRecord } from './types.ts'

/** How long a subscriber's tap may take before the run goes on without it (`seamTimeoutMs`). */
export const SEAM_TIMEOUT_MS = 5_000

/**
 * A `plugins:` package's default export, webpack's shape: `apply` taps the hooks it wants and
 * returns. `options` is the entry's `options` from the config ({} when it gives none).
 */
export interface Subscriber {
  name: string
  apply(hooks: SubscriberHooks, options: Record<string, unknown>): void
}

/** The hooks as a subscriber gets them: the same names and tap methods, each tap guarded. */
export type SubscriberHooks = {
  readonly [K in keyof PipelineHooks]: Pick<PipelineHooks[K], Extract<keyof PipelineHooks[K], 'tap' | 'tapAsync' | 'tapPromise'>>
}

/** The hooks a subscriber taps to observe only: it is handed read-only views, so it cannot change the run. */
const OBSERVERS = new Set<keyof PipelineHooks>(['beforeSection', 'sectionDropped', 'done'])
/** Waterfalls: a failed tap passes its input on unchanged. */
const WATERFALLS = new Set<keyof PipelineHooks>(['config', 'sections', 'sectionResult', 'compose'])
const ASYNC_HOOKS = new Set<keyof PipelineHooks>(['config', 'beforeCompact', 'done'])

/** One run's seam rows, summed by name and hook (see SeamRecord). */
class SeamLedger {
  readonly records: SeamRecord[] = []
  private readonly byKey = new Map<string, SeamRecord>()

  note(name: string, hook: string, status: SeamRecord['status'], ms: number, message?: string): void {
    const key = `${name}\0${hook}`
    const row = this.byKey.get(key)
    if (!row) {
      const fresh: SeamRecord = { name, hook, status, ms, ...(message ? { message } : {}) }
      this.byKey.set(key, fresh)
      this.records.push(fresh)
      return
    }
    row.ms += ms
    if (row.status === 'ok' && status !== 'ok') Object.assign(row, { status }, message ? { message } : {})
  }
}

const errorText = (err: unknown): string => String((err as Error)?.message ?? err)

type AnyFn = (...args: unknown[]) => unknown

/** Runs a tap of any type (sync, promise, callback) as a promise, under the seam timeout. */
function settleTap(type: string, fn: AnyFn, args: unknown[], timeoutMs: number): Promise<unknown> {
  const work =
    type === 'async'
      ? new Promise<unknown>((resolve, reject) => fn(...args, (err: unknown, value?: unknown) => (err ? reject(err) : resolve(value))))
      : Promise.resolve().then(() => fn(...args))
  return pTimeout(work, { milliseconds: timeoutMs })
}

/** Thrown by a tap whose answer was a refusal, not a failure (an engine-seam subscriber's tool call
 *  the engine or a hook denied): recorded as `denied`. */
export class SeamDeniedError extends Error {
  override name = 'SeamDeniedError'
}

const failure = (err: unknown, timeoutMs: number): { status: SeamRecord['status']; message: string } =>
  (err as Error)?.name === 'TimeoutError'
    ? { status: 'timedOut', message: `no answer within ${fmt(timeoutMs)} ms (seamTimeoutMs: ${timeoutMs})` }
    : err instanceof SeamDeniedError
      ? { status: 'denied', message: err.message }
      : { status: 'threw', message: errorText(err) }

/**
 * Wraps every beforeCompact tap as it is registered so that it can neither fail nor stall the
 * run: a throw or a hang becomes a record, and the tap resolves either way.
 */
function guardSeam(hooks: PipelineHooks, ledger: () => SeamLedger | null, now: () => number, timeoutMs: number) {
  hooks.beforeCompact.intercept({
    register(tap) {
      const fn = tap.fn as AnyFn
      const guarded = async (event: BeforeCompactEvent) => {
        const started = now()
        try {
          // Read-only: a subscriber hears of the compaction, it cannot change what the others hear.
          await settleTap(tap.type, fn, [readOnly(event)], timeoutMs)
          ledger()?.note(tap.name, 'beforeCompact', 'ok', now() - started)
        } catch (err) {
          const { status, message } = failure(err, timeoutMs)
          ledger()?.note(tap.name, 'beforeCompact', status, now() - started, message)
        }
      }
      return { ...tap, type: 'promise', fn: guarded }
    },
  })
}

const views = new WeakMap<object, object>()
const refuse = () => {
  throw new TypeError('this hook is observed, not changed: what a subscriber is handed here is read-only')
}

/**
 * A read-only view of `value`, all the way down: reading costs nothing (no copy of a transcript
 * per section), and any write throws, so the tap is recorded as threw and the run is untouched.
 */
function readOnly<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value
  let view = views.get(value)
  if (!view) {
    view = new Proxy(value, {
      get(target, key, receiver) {
        const got = Reflect.get(target, key, receiver)
        // A proxy must hand back a frozen property as it is (a Proxy invariant).
        const desc = Reflect.getOwnPropertyDescriptor(target, key)
        return desc && !desc.configurable && !desc.writable ? got : readOnly(got)
      },
      set: refuse,
      deleteProperty: refuse,
      defineProperty: refuse,
      setPrototypeOf: refuse,
    })
    views.set(value, view)
  }
  return view as T
}

/** What a tap on `hook` is handed: on the hooks a subscriber only observes, read-only views. */
function observed(hook: keyof PipelineHooks, args: unknown[]): unknown[] {
  return OBSERVERS.has(hook) ? args.map(readOnly) : args
}

/**
 * The hooks object `apply` sees. Taps are collected while `apply` runs and registered only when
 * it returns, so a subscriber that throws halfway leaves no tap behind. Each tap is registered
 * under the subscriber's name and guarded: a throw, or on an async hook a hang past the timeout,
 * is recorded, and the run goes on as if the tap were not there.
 */
function subscriberFacade(
  subscriber: string,
  hooks: PipelineHooks,
  ledger: () => SeamLedger | null,
  now: () => number,
  timeoutMs: number,
): { facade: SubscriberHooks; register(): void } {
  const pending: Array<() => void> = []
  const facade: Record<string, unknown> = {}
  for (const hook of Object.keys(hooks) as Array<keyof PipelineHooks>) {
    const real = hooks[hook] as unknown as Record<'tap' | 'tapAsync' | 'tapPromise', (options: unknown, fn: AnyFn) => void>
    const method = (type: 'sync' | 'promise' | 'async') => (options: unknown, fn: AnyFn) => {
      if (typeof fn !== 'function') throw new TypeError(`hooks.${hook} needs a function to tap`)
      if (type !== 'sync' && !ASYNC_HOOKS.has(hook)) throw new TypeError(`hooks.${hook} is synchronous: tap it with tap()`)
      const tapOptions = { ...(typeof options === 'object' && options ? options : {}), name: subscriber }
      if (hook === 'beforeCompact') {
        // guardSeam guards and records every beforeCompact tap already.
        const name = type === 'sync' ? 'tap' : type === 'promise' ? 'tapPromise' : 'tapAsync'
        pending.push(() => real[name].call(real, tapOptions, fn))
        return
      }
      const settle = (args: unknown[], out: unknown, started: number) => {
        ledger()?.note(subscriber, hook, 'ok', now() - started)
        return WATERFALLS.has(hook) ? (out ?? args[0]) : undefined
      }
      const fail = (args: unknown[], err: unknown, started: number) => {
        const { status, message } = failure(err, timeoutMs)
        ledger()?.note(subscriber, hook, status, now() - started, message)
        return WATERFALLS.has(hook) ? args[0] : undefined
      }
      if (ASYNC_HOOKS.has(hook)) {
        const guarded = async (...args: unknown[]) => {
          const started = now()
          try {
            return settle(args, await settleTap(type, fn, observed(hook, args), timeoutMs), started)
          } catch (err) {
            return fail(args, err, started)
          }
        }
        pending.push(() => real.tapPromise.call(real, tapOptions, guarded))
      } else {
        const guarded = (...args: unknown[]) => {
          const started = now()
          try {
            const out = fn(...observed(hook, args))
            if (typeof (out as { then?: unknown } | null)?.then === 'function') {
              // Nothing waits for it on a sync hook: as a waterfall's value it would replace the
              // outcome with a promise, and a rejection would go unhandled.
              Promise.resolve(out).catch(() => {})
              throw new TypeError(`hooks.${hook} is synchronous: its tap returned a promise`)
            }
            return settle(args, out, started)
          } catch (err) {
            return fail(args, err, started)
          }
        }
        pending.push(() => real.tap.call(real, tapOptions, guarded))
      }
    }
    facade[hook] = Object.freeze({ tap: method('sync'), tapPromise: method('promise'), tapAsync: method('async') })
  }
  return { facade: Object.freeze(facade) as unknown as SubscriberHooks, register: () => pending.forEach((r) => r()) }
}

export interface Pipeline {
  readonly hooks: PipelineHooks
  /**
   * Lets a subscriber tap the hooks, guarded: it can neither fail nor stall the run, and what it
   * is handed on the hooks it only observes is read-only. A subscriber whose `apply` throws is
   * recorded (hook `apply`), taps nothing, and this returns false.
   */
  subscribe(subscriber: Subscriber, options?: Record<string, unknown>): boolean
  /** Records a subscriber that never got to `apply` (its package did not load). */
  noteSubscriberFailure(name: string, hook: 'load', message: string): void
  run(input: PipelineInput, capabilities: Capabilities, opts?: { signal?: AbortSignal }): Promise<HandoffResult>
}

/** A pipeline runs one compaction at a time; create one per run (it is cheap). */
export function createPipeline(config: ResolvedConfig, opts: { seamTimeoutMs?: number } = {}): Pipeline {
  const hooks = createHooks()
  const timeoutMs = opts.seamTimeoutMs ?? config.seamTimeoutMs ?? SEAM_TIMEOUT_MS
  // Failures before the run (a package that did not load, an apply that threw) wait here for it.
  const early = new SeamLedger()
  let ledger: SeamLedger | null = null
  guardSeam(hooks, () => ledger, Date.now, timeoutMs)
  tapCoreCompose(hooks)

  return {
    hooks,
    subscribe(subscriber, options = {}) {
      const { facade, register } = subscriberFacade(subscriber.name, hooks, () => ledger, Date.now, timeoutMs)
      const started = Date.now()
      try {
        const returned: unknown = subscriber.apply(facade, options)
        if (typeof (returned as { then?: unknown } | null)?.then === 'function') {
          // Taps must be known before the run starts; a rejection later must not go unhandled.
          Promise.resolve(returned).catch(() => {})
          throw new TypeError('apply returned a promise: it must tap the hooks and return (do async work in a tapPromise)')
        }
        register()
        return true
      } catch (err) {
        early.note(subscriber.name, 'apply', 'threw', Date.now() - started, errorText(err))
        return false
      }
    },
    noteSubscriberFailure(name, hook, message) {
      early.note(name, hook, 'threw', 0, message)
    },
    async run(input, capabilities, runOpts = {}) {
      const started = capabilities.now()
      // This run's subscriber rows, on any hook they tapped, until `done` has finished.
      ledger = new SeamLedger()
      const seam: SeamRecord[] = ledger.records
      seam.push(...early.records.map((r) => ({ ...r })))
      const resolved = await hooks.config.promise(config)
      const plans = hooks.sections.call(resolved.sections)
      const lineage = input.lineage ?? lineageFromTranscript(input.transcript)
      const marker = lineageMarker(input.sessionId, lineage)

      await hooks.beforeCompact.promise({
        sessionId: input.sessionId,
        trigger: input.trigger,
        messageCount: input.transcript.messages.length,
      })

      // Sections see the lineage this run settled (the store's, or the transcript's), not their own guess.
      const outcomes = await runSections(
        plans,
        { ...input, lineage },
        {
          concurrency: resolved.concurrency,
          capabilities,
          hooks,
          signal: runOpts.signal,
          ceiling: sizeLimit(resolved, input.contextWindow),
          lateShare: resolved.lateShare,
        },
      )
      const composed = hooks.compose.call({
        input,
        config: resolved,
        lineage,
        marker,
        outcomes,
        handoff: '',
        messages: [],
      })
      const kept = composed.outcomes.filter((o) => o.status === 'ok')
      const totalChars = handoffChars(composed.handoff, composed.outcomes)
      const droppedCount = composed.outcomes.length - kept.length
      const result: HandoffResult = {
        handoff: composed.handoff,
        marker,
        lineage,
        messages: composed.messages,
        sections: composed.outcomes,
        totalChars,
        summaryLine: `${kept.length} of ${composed.outcomes.length} sections kept (${fmt(totalChars)} chars); ${droppedCount} dropped`,
        seam,
        notes: composed.overCeiling
          ? [
              `the handoff is ${fmt(composed.overCeiling.chars)} chars, over its ceiling of ${fmt(composed.overCeiling.ceiling)} (${composed.overCeiling.setting}), and no section left to cut would make it smaller`,
            ]
          : [],
        ms: capabilities.now() - started,
      }
      try {
        await hooks.done.promise(result)
      } catch (err) {
        result.notes.push(`a done tap threw: ${String((err as Error)?.message ?? err)}`)
      }
      return result
    },
  }
}
