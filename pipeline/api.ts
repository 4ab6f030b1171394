/**
 * The published `compact-handoff/pipeline` entry: creating and running a pipeline, loading a
 * config, the hooks and their types, and `defineSubscriber` for a `plugins:` package. Sections
 * import `compact-handoff/section` (pipeline/index.ts) instead; this is for hosts and subscribers.
 */
import type { Subscriber } from './pipeline.ts'

export { createPipeline, type Pipeline, SEAM_TIMEOUT_MS, type Subscriber, type SubscriberHooks } from './pipeline.ts'
export { type BeforeCompactEvent, type ComposeState, createHooks, type PipelineHooks } from './hooks.ts'
export { ConfigError, type ConfigIssue, type ConfigSource, formatIssues, type LoadOptions, loadConfig } from './config/load.ts'
export type {
  DroppedOutcome,
  HandoffResult,
  KeptOutcome,
  PipelineInput,
  ResolvedConfig,
  SeamRecord,
  SectionDefinition,
  SectionOutcome,
  SectionPlan,
  SubscriberPlan,
  Trigger,
} from './types.ts'
export type { Capabilities } from './capabilities.ts'
export type { Transcript } from './transcript.ts'

/** Identity at runtime; it exists so a subscriber's `apply` is typed (hooks, and its options). */
export function defineSubscriber<Options extends object = Record<string, unknown>>(subscriber: {
  name: string
  apply(hooks: Parameters<Subscriber['apply']>[0], options: Options): void
}): Subscriber {
  return subscriber as Subscriber
}
