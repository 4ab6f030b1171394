/**
 * The shapes that cross module boundaries: what a run is given, what a section is, what it
 * returns and what the run hands back. Kept apart from the code so sections import types only.
 */
import type { Capabilities } from './capabilities.ts'
import type { DropCode } from './codes.ts'
import type { Transcript } from './transcript.ts'

/** What raised the compaction: the engine's trigger, `idle` for its own idle compaction (told from
 *  `auto` by plugin/hooks/logic.ts `rowTrigger`), or `cli` for the command line. */
export type Trigger = 'manual' | 'auto' | 'idle' | 'plugin' | 'precompute' | 'cli'

/** Where this handoff stands in its session's chain of compactions. */
export interface Lineage {
  /** This compaction's number in the session, from 1. */
  n: number
  /** The previous compaction's number, or null for the first. */
  prev: number | null
  /** Every earlier compaction of the session, oldest first (for the "Earlier compactions" note). */
  earlier: Array<{ n: number; file?: string; at?: string }>
}

export interface PipelineInput {
  trigger: Trigger
  /** `/compact <instructions>`, passed on to the sections that ask a model. */
  instructions?: string
  sessionId: string
  cwd: string
  /** The context window in tokens, when the host states it; the size guard's fraction needs it. */
  contextWindow?: number
  /** The session's model id, when known. */
  model?: string
  transcript: Transcript
  /** Subagents still running at compaction time, when the host knows (the engine adapter). */
  runningAgents?: Array<{ id: string; description: string }>
  /** Set by the store; when absent the run derives it from markers in the transcript. */
  lineage?: Lineage
}

export interface JsonSchema {
  [key: string]: unknown
}

/** A message a section hands up after the handoff text (e.g. restored Read calls). */
export interface HandoffMessage {
  role: 'user' | 'assistant'
  text: string
  toolUses?: Array<{ id: string; name: string; input: Record<string, unknown> }>
  toolResults?: Array<{ toolUseId: string; text: string; isError: boolean }>
}

/** What a section's `run` returns: a body, or nothing (dropped as SECTION_EMPTY). */
export interface SectionResult {
  body: string
  /** Facts for the stored row (sizes, sources, refusals). */
  record?: Record<string, unknown>
  /** Messages handed up after the handoff, counted against the section's budget too. */
  messages?: HandoffMessage[]
}

/** Attributed notes a section makes while it runs; they land on its outcome. */
export interface Reporter {
  note(message: string): void
  readonly notes: readonly string[]
}

/** What a section is given: the run's input, with the lineage the pipeline settled for this run. */
export type SectionInput = PipelineInput & { readonly lineage: Lineage }

export interface SectionContext<Options = Record<string, unknown>> {
  readonly name: string
  readonly input: SectionInput
  readonly options: Options
  readonly budgetChars: number
  readonly timeoutMs: number
  /** Aborted when the section's time is up or the run is cancelled: stop work when it fires. */
  readonly signal: AbortSignal
  readonly capabilities: Capabilities
  readonly report: Reporter
  /** Outcomes of the sections named in `needs`, settled before this one started. */
  readonly needed: Readonly<Record<string, SectionOutcome>>
}

export interface SectionDefinition<Options = Record<string, unknown>> {
  /** kebab-case, equal to its folder (or package) name. */
  name: string
  /** The heading it gets in the handoff. */
  title: string
  description: string
  defaults: { timeoutMs: number; budgetChars: number; priority: number; options?: Options }
  /** JSON Schema for `options` in the config; validated with every other config issue. */
  optionsSchema?: JsonSchema
  /** Sections whose outcomes this one reads; it starts after they settle. */
  needs?: string[]
  /** Loads what `run` will need (a grammar, a model file) ahead of a compaction, where a host has
   *  time before one comes (a live session's standby child, while it waits for its input).
   *  Optional, and `run` must not count on it having been called or finished. */
  prepare?(): Promise<void>
  run(ctx: SectionContext<Options>): Promise<SectionResult | string | null | undefined>
}

interface OutcomeBase {
  name: string
  title: string
  /** Wall time from start to settle, ms. */
  ms: number
  notes: string[]
  record?: Record<string, unknown>
}

export interface KeptOutcome extends OutcomeBase {
  status: 'ok'
  body: string
  chars: number
  messages: HandoffMessage[]
}

export interface DroppedOutcome extends OutcomeBase {
  status: 'dropped'
  code: DropCode
  message: string
  /** Size of what it returned, when it returned something (e.g. over budget). */
  chars?: number
  /** The body a section produced before a later stage dropped it (size guard, budget). */
  body?: string
}

export type SectionOutcome = KeptOutcome | DroppedOutcome

/** One section as the resolved config runs it. */
export interface SectionPlan {
  name: string
  enabled: boolean
  timeoutMs: number
  budgetChars: number
  priority: number
  options: Record<string, unknown>
  definition: SectionDefinition<any> | null
  /** A third-party section: the npm package that default-exports its definition. */
  package?: string
  /** The config file that named the package (it is resolved from there). */
  declaredIn?: string
  /** Why the definition is null (SECTION_LOAD_FAILED). */
  loadError?: string
}

/** A `plugins:` entry as the resolved config runs it: a subscriber package and its options. */
export interface SubscriberPlan {
  package: string
  /** The config file that named it (it is resolved from there). */
  declaredIn: string
  options: Record<string, unknown>
}

export interface ResolvedConfig {
  /** Files the config came from, default first. */
  files: string[]
  concurrency: number
  maxChars: number
  maxFraction: number
  /** The share of the ceiling kept for the sections that wait for others (`handoff.lateShare`);
   *  the loader always sets it, hand-built configs may leave it out (then nothing is kept). */
  lateShare?: number
  sections: SectionPlan[]
  /** Subscriber packages (`plugins:`); the loader always sets it, hand-built configs may leave it out. */
  plugins?: SubscriberPlan[]
  /** How long one subscriber tap may take (`seamTimeoutMs`); unset: SEAM_TIMEOUT_MS. */
  seamTimeoutMs?: number
  /** How long loading one package may take (`loadTimeoutMs`); unset: LOAD_TIMEOUT_MS. */
  loadTimeoutMs?: number
}

/**
 * How one subscriber answered on one hook, summed over the run: `ms` is its time in all its calls
 * there, and the first failure stands (a tap that threw once is `threw`, with that message).
 * `hook` is `apply` or `load` when the subscriber failed before it could tap anything.
 */
export interface SeamRecord {
  name: string
  hook: string
  /** `denied`: an engine-seam subscriber's tool call was refused (by the engine or a hook). */
  status: 'ok' | 'threw' | 'timedOut' | 'denied'
  ms: number
  message?: string
}

export interface HandoffResult {
  /** The full handoff text, marker first. */
  handoff: string
  marker: string
  lineage: Lineage
  /** Messages to hand up after the handoff (sections' own, in config order). */
  messages: HandoffMessage[]
  sections: SectionOutcome[]
  totalChars: number
  /** "5 of 6 sections kept (11,842 chars); 1 dropped" */
  summaryLine: string
  /** Every beforeCompact tap and every `plugins:` subscriber, one row per name and hook: how it answered. */
  seam: SeamRecord[]
  /** Run-level problems that changed nothing (a `done` tap that threw, …). */
  notes: string[]
  ms: number
}
