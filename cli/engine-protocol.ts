/**
 * The bridge between the plugin's hooks module and the engine child, as data. The child writes
 * one JSON object per line on stdout; the hooks module answers a request by writing
 * `<rundir>/answers/<id>.json` with `$.fs.write`. plugin/hooks/protocol.ts mirrors these shapes
 * (a hooks module may import nothing from here); test/plugin-protocol.test.ts keeps the two in step.
 */
import type { HandoffMessage } from '../pipeline/types.ts'

/** What the hooks module writes on the child's stdin, once, before closing it. */
export interface EngineInput {
  trigger: 'manual' | 'auto' | 'plugin' | 'precompute'
  instructions?: string
  agentId?: string
  sessionId: string
  cwd: string
  contextWindow?: number
  /** Context tokens the engine counted before the compaction, when it said. */
  contextTokens?: number
  model?: string
  /** `e.messages` as the engine handed them (SessionMessage, each with its handle). */
  messages: EngineMessage[]
  settings: EngineSettings
  pluginRoot: string
  pluginVersion: string
  /** Date.now() when the hook started, so the row can say what the whole compaction took. */
  hookStartedAt?: number
  /** A rehearsal whose engine compaction runs beside it: the row is stored pending first (a
   *  `pending` line says where), and completed when the model work is done. */
  late?: boolean
}

/** The engine's SessionMessage, as much of it as the child reads. */
export interface EngineMessage {
  role: 'user' | 'assistant'
  text: string
  toolUses: Array<{ tool_use_id: string; tool: string; input: Record<string, unknown>; [k: string]: unknown }>
  toolResults?: Array<{ tool_use_id: string; text: string; isError: boolean; [k: string]: unknown }>
  handle?: string
  uuid?: string
}

/** The plugin's userConfig as the hooks module resolved it (env fallbacks applied). */
export interface EngineSettings {
  live: boolean
  /** Absolute; already resolved from the setting, COMPACT_HANDOFF_DATA_DIR or the default. */
  dataDir: string
  /** 0: the pipeline config's handoff.maxChars stands. */
  maxChars: number
  /** 0: the pipeline config's handoff.maxFraction stands. */
  maxFraction: number
  subagents: boolean
  childTimeoutMs: number
  nodePath: string
  /** false: a rehearsal makes no model call (the sections that need one are left out); absent: true. */
  rehearsalModel?: boolean
}

/** The capabilities the child asks the hooks module for. */
export const BRIDGE_CALLS = ['model.fork', 'model.complete', 'files.read'] as const
export type BridgeCall = (typeof BRIDGE_CALLS)[number]

/** The line types the child writes on stdout. */
export const CHILD_LINE_TYPES = ['hello', 'request', 'cancel', 'pending', 'done', 'failed'] as const

export interface BridgeRequestArgs {
  'model.fork': { prompt: string }
  'model.complete': { prompt: string; system?: string; model: string; maxTokens?: number }
  'files.read': { path: string; offset?: number; limit?: number }
}

/** The engine's ModelUsage, in the API's spelling. */
export interface ApiUsage {
  input_tokens: number
  output_tokens: number
  cache_read_input_tokens: number
  cache_creation_input_tokens: number
}

/** `$.model.fork` / `$.model.complete` as the engine resolved them, passed through. */
export type BridgeModelValue =
  | { isAnswered: true; text: string; usage?: ApiUsage; effort?: string }
  | { isAnswered: false; reason: string; usage?: ApiUsage; status?: number; error?: string }

/** The Read tool's answer, reduced to what a section needs. */
export type BridgeReadValue = { ok: true; text: string } | { ok: false; reason: string }

export interface BridgeValues {
  'model.fork': BridgeModelValue
  'model.complete': BridgeModelValue
  'files.read': BridgeReadValue
}

/** Lines the child writes on stdout. */
export type ChildLine =
  | { type: 'hello'; pid: number; version: string }
  | { type: 'request'; id: number; call: BridgeCall; args: BridgeRequestArgs[BridgeCall] }
  | { type: 'cancel'; id: number }
  | PendingLine
  | DoneLine
  | FailedLine

/** A late rehearsal's row is on disk, pending: where, so the hooks module can complete it with
 *  why if this process dies before it does (`<stem>.late.json` beside it). */
export interface PendingLine {
  type: 'pending'
  /** The pending row, relative to the data dir. */
  row: string
  dataDir: string
  n: number
  prev: number | null
  at: string
  /** What the pending write stored (the conversation), for a completion to carry. */
  files: { handoff: string | null; summary: string | null; transcript: string | null; row: string }
  sizes: Record<string, unknown>
}

export interface DoneLine {
  type: 'done'
  /** The handoff, lineage marker first: the first user message of the new conversation. */
  handoff: string
  /** Messages the sections hand up after the handoff (restored Read pairs), in order. */
  messages: HandoffMessage[]
  /** Indices into `e.messages` to keep after them, ascending; rebuilt without handle. */
  keep: number[]
  tokensBefore: number
  tokensAfter: number
  /** The model calls' usage summed, when any was made. */
  usage?: ApiUsage
  /** The row as stored (so the hooks module can log it); the child wrote it already. */
  row: Record<string, unknown>
  /** Things the user should see (e.g. a broken config override the run fell back from). */
  notices?: string[]
}

export interface FailedLine {
  type: 'failed'
  reason: string
  /** True when the child stored a fallback row itself, so the hooks module must not. */
  rowWritten: boolean
}

/** What the hooks module writes to `<rundir>/answers/<id>.json`. */
export type AnswerFile = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string }

export const ANSWERS_DIR = 'answers'
