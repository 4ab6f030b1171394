/**
 * Who held the event loop. Sections share one thread, so a section that computes for 20 s without
 * an await delays every other section's timers too; a timeout measured on the wall clock alone
 * would drop whichever section's timer happened to fire, not the one that hogged. Each section's
 * work carries a meter (from each promise to the ones created while it runs), and V8's promise
 * hooks add the time each of its reactions ran (synchronously, on the one thread) to it. A deadline
 * then grants a section the time the *other* sections held the loop while it waited. Callback-style
 * work (a bare setTimeout callback) is not metered: async functions resume as promise reactions.
 */
import { promiseHooks } from 'node:v8'
import { performance } from 'node:perf_hooks'

export interface BusyMeter {
  /** Milliseconds the section's own code ran on the thread. */
  ms: number
}

/** The meter of each promise created inside a section's work. A WeakMap, not a property: a
 *  property on promises would change their shape and slow every promise in the process. */
let meters = new WeakMap<Promise<unknown>, BusyMeter>()
let current: BusyMeter | undefined
let since = 0
const stack: Array<BusyMeter | undefined> = []
/** Every meter's time summed, so a section can tell how long the others ran while it waited. */
let allMs = 0

function switchTo(next: BusyMeter | undefined): void {
  const now = performance.now()
  if (current) {
    current.ms += now - since
    allMs += now - since
  }
  current = next
  since = now
}

// A section's code after its first await runs as promise reactions: V8's own promise hooks (no
// async-id bookkeeping, unlike async_hooks or AsyncLocalStorage, which cost tens of ms over a
// build) carry the meter from each promise to the ones created while it runs, and time each
// reaction. They are on only while sections run.
let stopHooks: (() => void) | null = null
function enableHooks(): void {
  stopHooks = <() => void>promiseHooks.createHook({
    init(promise, parent) {
      const meter = current ?? (parent ? meters.get(parent) : undefined)
      if (meter) meters.set(promise, meter)
    },
    before(promise) {
      stack.push(current)
      switchTo(meters.get(promise))
    },
    after() {
      switchTo(stack.pop())
    },
  })
}
let users = 0

/** Starts metering (nested runs share one hook); the returned function stops it. */
export function startMetering(): () => void {
  if (users++ === 0) enableHooks()
  return () => {
    if (--users === 0) {
      switchTo(undefined)
      stack.length = 0
      stopHooks?.()
      stopHooks = null
      meters = new WeakMap()
    }
  }
}

/** Runs `fn` (and everything it schedules) as the meter's own time. */
export function metered<T>(meter: BusyMeter, fn: () => T): T {
  stack.push(current)
  switchTo(meter)
  try {
    return fn()
  } finally {
    switchTo(stack.pop())
  }
}

/** What the other meters ran since `mark` was taken. */
export function othersSince(meter: BusyMeter, mark: { all: number; own: number }): number {
  return Math.max(0, allMs - mark.all - (meter.ms - mark.own))
}

export function markOf(meter: BusyMeter): { all: number; own: number } {
  return { all: allMs, own: meter.ms }
}

/**
 * A setTimeout for p-timeout's `customTimers`: when it fires, the time other meters held the loop
 * since it was set is granted again, so only a section's own running (and its own waiting) counts
 * against its timeout.
 */
export function fairTimers(meter: BusyMeter): { setTimeout: typeof globalThis.setTimeout; clearTimeout: typeof globalThis.clearTimeout } {
  let handle: ReturnType<typeof globalThis.setTimeout> | undefined
  const set = ((fn: () => void, ms: number) => {
    const mark = markOf(meter)
    const started = performance.now()
    const check = () => {
      const spent = performance.now() - started - othersSince(meter, mark)
      if (spent >= ms) fn()
      else handle = globalThis.setTimeout(check, Math.ceil(ms - spent))
    }
    handle = globalThis.setTimeout(check, ms)
    return handle
  }) as unknown as typeof globalThis.setTimeout
  const clear = ((_h?: unknown) => {
    if (handle !== undefined) globalThis.clearTimeout(handle)
  }) as typeof globalThis.clearTimeout
  return { setTimeout: set, clearTimeout: clear }
}
