/**
 * Who held the event loop. Sections share one thread, so a section that computes for 20 s without
 * an await delays every other section's timers too; a timeout measured on the wall clock alone
 * would drop whichever section's timer happened to fire, not the one that hogged. Each section runs
 * inside its own AsyncLocalStorage context, and an async hook adds the time every callback of that
 * context ran (synchronously, on the one thread) to the section's meter. A deadline then grants a
 * section the time the *other* sections held the loop while it waited.
 */
import { AsyncLocalStorage, createHook } from 'node:async_hooks'
import { performance } from 'node:perf_hooks'

export interface BusyMeter {
  /** Milliseconds the section's own code ran on the thread. */
  ms: number
}

const context = new AsyncLocalStorage<BusyMeter>()
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

// Promise reactions count too (a section's synchronous work mostly runs in them), which is why
// the hook is only enabled while sections run.
const hook = createHook({
  before() {
    stack.push(current)
    switchTo(context.getStore())
  },
  after() {
    switchTo(stack.pop())
  },
})
let users = 0

/** Starts metering (nested runs share one hook); the returned function stops it. */
export function startMetering(): () => void {
  if (users++ === 0) hook.enable()
  return () => {
    if (--users === 0) {
      switchTo(undefined)
      stack.length = 0
      hook.disable()
    }
  }
}

/** Runs `fn` (and everything it schedules) as the meter's own time. */
export function metered<T>(meter: BusyMeter, fn: () => T): T {
  return context.run(meter, () => {
    const outer = current
    stack.push(outer)
    switchTo(meter)
    try {
      return fn()
    } finally {
      switchTo(stack.pop())
    }
  })
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
