/**
 * Runs every planned section under the config's concurrency cap, each with its own timeout,
 * AbortSignal and character budget, and settles each into exactly one outcome. Never rejects:
 * a section's failure is data (a drop code and a message), not an exception.
 */
import pLimit from 'p-limit'
import pTimeout, { TimeoutError } from 'p-timeout'
import { performance } from 'node:perf_hooks'
import { type BusyMeter, fairTimers, markOf, metered, othersSince, startMetering } from './busy-time.ts'
import { bindCapabilities, type Capabilities } from './capabilities.ts'
import { type DropCode, isSectionDrop } from './codes.ts'
import { frameChars } from './compose.ts'
import { lineageMarker } from './marker.ts'
import { fmt, messageChars } from './text.ts'
import type { PipelineHooks } from './hooks.ts'
import type { DroppedOutcome, SectionInput, Reporter, SectionContext, SectionOutcome, SectionPlan, SectionResult } from './types.ts'

export interface RunSectionsOptions {
  concurrency: number
  capabilities: Capabilities
  hooks: PipelineHooks
  /** Cancels every section still running (their signals fire). */
  signal?: AbortSignal
  /** The size guard's ceiling on the whole handoff: the sections' budgets are shared out under it. */
  ceiling?: { chars: number; setting: string }
  /** The share of the ceiling kept for the sections that wait for others (`handoff.lateShare`); 0 when unset. */
  lateShare?: number
  /**
   * Meter each section's time past its first await too (V8 promise hooks, pipeline/busy-time.ts),
   * so the one that holds the thread is the one that times out. Off by default: a section from a
   * package runs in a thread of its own (pipeline/section-worker.ts), so nothing it does holds
   * this one; the built-in sections give the event loop a turn themselves, and the hooks cost
   * about 50 ms a build. Without them each section's first synchronous stretch is still metered
   * (exactly, and for free).
   */
  meterAwaits?: boolean
}

/** Room kept under the ceiling for what compose adds around the sections (marker, preamble,
 *  headings, the "Left out" note). */
export const FRAME_CHARS = 1_500

/** A section's budget for this run, and the setting to name when it is exceeded. */
export interface Budget {
  chars: number
  setting: string
}

/**
 * The budgets under a ceiling. Sections that start at once share what the ceiling leaves after
 * the frame, less `lateShare` of it kept for the sections that wait for others, in proportion to
 * their budgets, when their budgets add up past it (so a low ceiling shrinks every section instead
 * of cutting whole ones later). A section that waits (`needs`) is sized when it starts, by
 * `roomFor`, from what the settled sections actually took.
 *
 * Why keep a share for the sections that wait: they (restore, excerpts) choose what the others do
 * not already carry, so their last thousand characters carry more of what the next work uses
 * than the tail of a section sized first. Without it, under a ceiling near the engine's own
 * compaction's size they got only the scraps (bench/results/quality.txt: lateShare 0 → 0.5 took
 * ours+summary at stock's size from 12 to 15 of 17 sessions ahead of stock).
 */
export function shareBudgets(plans: SectionPlan[], ceiling?: { chars: number; setting: string }, lateShare = 0): Map<string, Budget> {
  const budgets = new Map<string, Budget>()
  const running = plans.filter((p) => p.enabled && p.definition)
  const upfront = running.filter((p) => !p.definition!.needs?.length)
  const sum = upfront.reduce((n, p) => n + p.budgetChars, 0)
  const room = ceiling ? Math.max(0, ceiling.chars - FRAME_CHARS) : Infinity
  // Nothing is kept back when no section waits to take it.
  const kept = upfront.length < running.length ? lateShare : 0
  const upfrontRoom = Math.floor(room * (1 - kept))
  for (const p of running) {
    if (sum > upfrontRoom && upfront.includes(p)) {
      const chars = Math.floor((p.budgetChars * upfrontRoom) / sum)
      const less = kept > 0 ? ` less the lateShare of ${kept} kept for the sections that wait for others` : ''
      budgets.set(p.name, { chars, setting: `budgetChars: ${p.budgetChars}, its share of the handoff's ceiling${less}, ${ceiling!.setting}` })
    } else if (ceiling && p.budgetChars > room) {
      budgets.set(p.name, { chars: room, setting: `budgetChars: ${p.budgetChars}, held to the handoff's ceiling, ${ceiling.setting}` })
    } else budgets.set(p.name, { chars: p.budgetChars, setting: 'budgetChars' })
  }
  return budgets
}

/** Whether `other` waits, directly or through another section, for `plan`. */
function waitsFor(other: SectionPlan, plan: SectionPlan, plans: readonly SectionPlan[], seen = new Set<string>()): boolean {
  for (const name of other.definition?.needs ?? []) {
    if (name === plan.name) return true
    const next = plans.find((p) => p.name === name)
    if (next && !seen.has(name) && (seen.add(name), waitsFor(next, plan, plans, seen))) return true
  }
  return false
}

/**
 * What is left under the ceiling for a section starting now. The handoff's frame as it stands
 * (headings, the earlier compactions, the "Left out" list: measured, not assumed), what the
 * settled sections kept, and the budgets of those still running, are spoken for. What is left is
 * shared with the sections that wait for this one, in proportion to their budgets; each of those,
 * when it starts, takes what is then left, so room this one leaves unused passes on.
 */
function roomFor(
  plan: SectionPlan,
  budget: Budget,
  others: Array<{ plan: SectionPlan; outcome?: SectionOutcome }>,
  budgets: Map<string, Budget>,
  input: SectionInput,
  ceiling?: { chars: number; setting: string },
): Budget {
  if (!ceiling) return budget
  const plans = others.map((o) => o.plan)
  const settled = others.filter((o) => o.outcome && budgets.has(o.plan.name)).map((o) => o.outcome!)
  const toCome = others.filter((o) => !o.outcome && budgets.has(o.plan.name)).map((o) => ({ name: o.plan.name, title: o.plan.definition!.title }))
  let taken = frameChars(lineageMarker(input.sessionId, input.lineage), input.lineage, settled, toCome)
  let later = 0
  for (const o of others) {
    if (o.plan === plan || !budgets.has(o.plan.name)) continue
    if (!o.outcome && waitsFor(o.plan, plan, plans)) later += o.plan.budgetChars
    else taken += o.outcome ? (o.outcome.status === 'ok' ? o.outcome.chars : 0) : budgets.get(o.plan.name)!.chars
  }
  const left = Math.max(0, ceiling.chars - taken)
  const room = later > 0 ? Math.floor((left * plan.budgetChars) / (plan.budgetChars + later)) : left
  return room < budget.chars
    ? { chars: room, setting: `budgetChars: ${plan.budgetChars}, held to what the other sections left under the ceiling, ${ceiling.setting}` }
    : budget
}

function createReporter(): Reporter {
  const notes: string[] = []
  return { note: (m) => void notes.push(m), notes }
}

function dropped(plan: SectionPlan, code: DropCode, message: string, extra: Partial<DroppedOutcome> = {}): DroppedOutcome {
  return {
    name: plan.name,
    title: plan.definition?.title ?? plan.name,
    status: 'dropped',
    code,
    message: `[section ${plan.name}] ${message}`,
    ms: 0,
    notes: [],
    ...extra,
  }
}

const reasonText = (reason: unknown): string => String((reason as Error)?.message ?? reason ?? 'aborted')

function normalize(value: SectionResult | string | null | undefined): SectionResult | null {
  if (value == null) return null
  if (typeof value === 'string') return { body: value }
  return value
}

async function runOne(
  plan: SectionPlan,
  input: SectionInput,
  needed: Record<string, SectionOutcome>,
  opts: RunSectionsOptions,
  given?: Budget,
): Promise<SectionOutcome> {
  const def = plan.definition
  if (!plan.enabled) return dropped(plan, 'SECTION_DISABLED', 'switched off (enabled: false)')
  if (!def) return dropped(plan, 'SECTION_LOAD_FAILED', plan.loadError ?? 'no section definition was loaded')
  // A run cancelled before this section's turn came: it never starts (its slot may come after
  // the abort, when waiting on `needs` or the concurrency cap).
  if (opts.signal?.aborted) return dropped(plan, 'SECTION_CANCELLED', `the run was cancelled before it started: ${reasonText(opts.signal.reason)}`)

  // A section that fits its budget fits the handoff: budgets are shared out under the ceiling.
  const { chars: budget, setting: budgetSetting } = given ?? { chars: plan.budgetChars, setting: 'budgetChars' }
  const controller = new AbortController()
  const onRunAbort = () => controller.abort(opts.signal?.reason)
  opts.signal?.addEventListener('abort', onRunAbort, { once: true })
  const report = createReporter()
  const ctx: SectionContext = {
    name: plan.name,
    input,
    options: plan.options,
    budgetChars: budget,
    timeoutMs: plan.timeoutMs,
    signal: controller.signal,
    // Bound to this section: every model call and read it makes carries its name to the host.
    capabilities: bindCapabilities(opts.capabilities, plan.name),
    report,
    needed,
  }
  const started = opts.capabilities.now()
  const base = () => ({ ms: opts.capabilities.now() - started, notes: [...report.notes] })
  // Its own running time, apart from the time other sections held the thread (pipeline/busy-time.ts).
  const meter: BusyMeter = { ms: 0 }
  const mark = markOf(meter)
  const wallStart = performance.now()
  const ownMs = () => performance.now() - wallStart - othersSince(meter, mark)
  const stopMetering = opts.meterAwaits ? startMetering() : () => {}
  try {
    opts.hooks.beforeSection.call(plan, input)
    // Promise.resolve().then: a section that throws synchronously is caught like one that rejects.
    // The meter wraps run() itself: its first synchronous stretch is timed exactly, hooks or not.
    const work = Promise.resolve().then(() => metered(meter, () => def.run(ctx)))
    const value = await pTimeout(work, {
      milliseconds: plan.timeoutMs,
      // p-timeout only stops waiting; the signal is what tells the section to stop working.
      message: new TimeoutError('timeout'),
      // Time other sections held the thread is granted back: the hog is the one that times out.
      customTimers: fairTimers(meter),
    })
    // A section that held the thread past its timeout and then resolved at once never gave its
    // timer a chance to fire: it is measured here instead.
    if (ownMs() > plan.timeoutMs) throw new TimeoutError('timeout')
    const result = normalize(value)
    const messages = result?.messages ?? []
    const body = result?.body ?? ''
    if (!result || (body.trim() === '' && messages.length === 0)) {
      return dropped(plan, 'SECTION_EMPTY', 'returned nothing', { ...base(), record: result?.record })
    }
    const chars = body.length + messages.reduce((n, m) => n + messageChars(m), 0)
    if (chars > budget) {
      return dropped(plan, 'SECTION_OVER_BUDGET', `${fmt(chars)} chars exceeds budget of ${fmt(budget)} (${budgetSetting})`, {
        ...base(),
        chars,
        record: result.record,
      })
    }
    return {
      name: plan.name,
      title: def.title,
      status: 'ok',
      body,
      chars,
      messages,
      record: result.record,
      ...base(),
    }
  } catch (err) {
    if (err instanceof TimeoutError) {
      controller.abort(new Error(`timed out after ${plan.timeoutMs} ms`))
      // Said when the section's own code, not its waiting, took the time: it held the thread.
      const held = meter.ms >= plan.timeoutMs / 2 ? `; its own code held the event loop for ${fmt(Math.round(meter.ms))} ms` : ''
      return dropped(plan, 'SECTION_TIMEOUT', `timed out after ${fmt(plan.timeoutMs)} ms (timeoutMs: ${plan.timeoutMs})${held}`, base())
    }
    if (isSectionDrop(err)) {
      return dropped(plan, err.code, err.message, { ...base(), ...(err.record ? { record: err.record } : {}) })
    }
    const message = err instanceof Error ? err.message : String(err)
    return dropped(plan, 'SECTION_THREW', `threw: ${message.split('\n')[0]}`, base())
  } finally {
    stopMetering()
    opts.signal?.removeEventListener('abort', onRunAbort)
    if (!controller.signal.aborted) controller.abort(new Error('section settled'))
  }
}

/** Lets taps replace an outcome, and tells `sectionDropped` about drops. A throwing tap is
 *  recorded on the outcome's notes; the outcome it was given stands. */
function settle(outcome: SectionOutcome, hooks: PipelineHooks): SectionOutcome {
  let final: SectionOutcome
  try {
    final = hooks.sectionResult.call(outcome) ?? outcome
  } catch (err) {
    final = { ...outcome, notes: [...outcome.notes, `sectionResult tap threw: ${(err as Error).message}`] }
  }
  if (final.status === 'dropped') {
    try {
      hooks.sectionDropped.call(final)
    } catch (err) {
      final.notes.push(`sectionDropped tap threw: ${(err as Error).message}`)
    }
  }
  return final
}

/**
 * One outcome per plan, in plan order. A section with `needs` starts after those sections settle
 * (needs naming a section that is not planned, or one planned after it, are ignored rather than
 * waited on, so no plan can deadlock the run).
 */
export async function runSections(plans: SectionPlan[], input: SectionInput, opts: RunSectionsOptions): Promise<SectionOutcome[]> {
  const limit = pLimit(Math.max(1, opts.concurrency))
  const metering = { ...opts, meterAwaits: opts.meterAwaits ?? false }
  const settled = new Map<string, Promise<SectionOutcome>>()
  const budgets = shareBudgets(plans, opts.ceiling, opts.lateShare)
  const progress = plans.map((plan) => ({ plan, outcome: undefined as SectionOutcome | undefined }))
  const upfront: Array<Promise<SectionOutcome>> = []
  for (const [i, plan] of plans.entries()) {
    const waitFor = (plan.definition?.needs ?? []).filter((n) => settled.has(n))
    const promise = (async () => {
      const needed: Record<string, SectionOutcome> = {}
      for (const name of waitFor) needed[name] = await settled.get(name)!
      // Under a ceiling, a section that waits is sized by what the others took, so it also waits
      // for every section that started at once (none of those waits on anything: no deadlock).
      if (waitFor.length && opts.ceiling) await Promise.all(upfront)
      // The slot is taken only once the needs are met, so a waiting section never blocks others.
      const outcome = await limit(() => {
        const shared = budgets.get(plan.name)
        const budget = shared && waitFor.length ? roomFor(plan, shared, progress, budgets, input, opts.ceiling) : shared
        return runOne(plan, input, needed, metering, budget)
      })
      return (progress[i]!.outcome = settle(outcome, opts.hooks))
    })().catch((err): SectionOutcome => dropped(plan, 'SECTION_THREW', `runner failed: ${(err as Error)?.message ?? err}`))
    settled.set(plan.name, promise)
    if (!waitFor.length) upfront.push(promise)
  }
  return Promise.all(plans.map((p) => settled.get(p.name)!))
}
