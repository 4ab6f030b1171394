/**
 * One run of the pipeline: config → plans → the beforeCompact seam → sections → compose → done.
 * The same object serves the engine adapter and the CLI; only the capabilities differ.
 */
import pTimeout from 'p-timeout'
import type { Capabilities } from './capabilities.ts'
import { fmt } from './codes.ts'
import { lineageFromTranscript, sizeLimit, tapCoreCompose } from './compose.ts'
import { lineageMarker } from './marker.ts'
import { createHooks, type BeforeCompactEvent, type PipelineHooks } from './hooks.ts'
import { runSections } from './run-sections.ts'
import type { HandoffResult, PipelineInput, ResolvedConfig } from './types.ts'

/** How long a beforeCompact subscriber may take before the run goes on without it. */
export const SEAM_TIMEOUT_MS = 5_000

type SeamRecord = HandoffResult['seam'][number]

/**
 * Wraps every beforeCompact tap as it is registered so that it can neither fail nor stall the
 * run: a throw or a hang becomes a record, and the tap resolves either way.
 */
function guardSeam(hooks: PipelineHooks, records: () => SeamRecord[] | null, now: () => number, timeoutMs: number) {
  hooks.beforeCompact.intercept({
    register(tap) {
      const fn = tap.fn as (event: BeforeCompactEvent, ...rest: unknown[]) => unknown
      const guarded = async (event: BeforeCompactEvent) => {
        const started = now()
        const record = (status: SeamRecord['status'], message?: string) =>
          records()?.push({ name: tap.name, status, ms: now() - started, ...(message ? { message } : {}) })
        try {
          // Taps of any type (sync, promise, callback) are run as a promise here.
          const work =
            tap.type === 'async'
              ? new Promise<void>((resolve, reject) => fn(event, (err: unknown) => (err ? reject(err) : resolve())))
              : Promise.resolve().then(() => fn(event))
          await pTimeout(work, { milliseconds: timeoutMs })
          record('ok')
        } catch (err) {
          const timedOut = (err as Error)?.name === 'TimeoutError'
          record(timedOut ? 'timeout' : 'threw', timedOut ? `no answer within ${fmt(timeoutMs)} ms` : String((err as Error)?.message ?? err))
        }
      }
      return { ...tap, type: 'promise', fn: guarded }
    },
  })
}

export interface Pipeline {
  readonly hooks: PipelineHooks
  run(input: PipelineInput, capabilities: Capabilities, opts?: { signal?: AbortSignal }): Promise<HandoffResult>
}

/** A pipeline runs one compaction at a time; create one per run (it is cheap). */
export function createPipeline(config: ResolvedConfig, opts: { seamTimeoutMs?: number } = {}): Pipeline {
  const hooks = createHooks()
  let seamRecords: SeamRecord[] | null = null
  guardSeam(hooks, () => seamRecords, Date.now, opts.seamTimeoutMs ?? SEAM_TIMEOUT_MS)
  tapCoreCompose(hooks)

  return {
    hooks,
    async run(input, capabilities, runOpts = {}) {
      const started = capabilities.now()
      const resolved = await hooks.config.promise(config)
      const plans = hooks.sections.call(resolved.sections)
      const lineage = input.lineage ?? lineageFromTranscript(input.transcript)
      const marker = lineageMarker(input.sessionId, lineage)

      const seam: SeamRecord[] = []
      seamRecords = seam
      await hooks.beforeCompact.promise({
        sessionId: input.sessionId,
        trigger: input.trigger,
        messageCount: input.transcript.messages.length,
      })
      seamRecords = null

      // Sections see the lineage this run settled (the store's, or the transcript's), not their own guess.
      const outcomes = await runSections(plans, { ...input, lineage }, {
        concurrency: resolved.concurrency,
        capabilities,
        hooks,
        signal: runOpts.signal,
        ceiling: sizeLimit(resolved, input.contextWindow),
      })
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
      const totalChars = composed.handoff.length + kept.reduce((n, o) => n + o.chars - o.body.length, 0)
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
