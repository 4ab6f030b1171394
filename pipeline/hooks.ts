/**
 * The pipeline's extension points, declared once in one frozen object (webpack's way).
 * Core behaviour is itself tapped here under stable `core:*` names, so a plugin can order its
 * taps around it with `stage` or `before`.
 */
import { AsyncParallelHook, AsyncSeriesHook, AsyncSeriesWaterfallHook, SyncHook, SyncWaterfallHook } from 'tapable'
import type { DroppedOutcome, HandoffMessage, HandoffResult, Lineage, PipelineInput, ResolvedConfig, SectionOutcome, SectionPlan, Trigger } from './types.ts'

/** What a `beforeCompact` subscriber is told: strings and numbers only, never the messages. */
export interface BeforeCompactEvent {
  sessionId: string
  trigger: Trigger
  messageCount: number
}

/** The composition in progress: taps read outcomes and fill or amend `handoff`. */
export interface ComposeState {
  input: PipelineInput
  config: ResolvedConfig
  lineage: Lineage
  marker: string
  /** In config order; the size guard turns kept outcomes into dropped ones. */
  outcomes: SectionOutcome[]
  handoff: string
  messages: HandoffMessage[]
  /** Set by the size guard when nothing left to cut brings the handoff under its ceiling. */
  overCeiling?: { chars: number; ceiling: number; setting: string }
}

export function createHooks() {
  return Object.freeze({
    /** The resolved config, before anything runs; taps may return an amended copy. */
    config: new AsyncSeriesWaterfallHook<[ResolvedConfig]>(['config']),
    /** The section plans about to run, in config order; taps may reorder, add or remove. */
    sections: new SyncWaterfallHook<[SectionPlan[]]>(['plans']),
    /** A section is about to start (after the sections it needs have settled). */
    beforeSection: new SyncHook<[SectionPlan, PipelineInput]>(['plan', 'input']),
    /** A section settled; taps may replace its outcome (e.g. to drop it). */
    sectionResult: new SyncWaterfallHook<[SectionOutcome]>(['outcome']),
    /** A section was dropped, with its code and message. */
    sectionDropped: new SyncHook<[DroppedOutcome]>(['outcome']),
    /** The subscriber seam: once per run, before any section starts. Guarded: a tap that throws
     *  or hangs is recorded on the result and changes nothing else. */
    beforeCompact: new AsyncParallelHook<[BeforeCompactEvent]>(['event']),
    /** Builds the handoff text from the outcomes (`core:size-guard`, then `core:compose`). */
    compose: new SyncWaterfallHook<[ComposeState]>(['state']),
    /** The run is over; the result is final. Errors here are reported, not fatal. */
    done: new AsyncSeriesHook<[HandoffResult]>(['result']),
  })
}

export type PipelineHooks = ReturnType<typeof createHooks>
