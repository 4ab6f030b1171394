/**
 * The bridge as the hooks module sees it: a mirror of cli/engine-protocol.ts, which a hooks module
 * may not import (it imports its own files and "claude-code", nothing else). A node test keeps
 * the call names and line types of the two in step.
 */

/** The capabilities the child may ask for. */
export const BRIDGE_CALLS = ['model.fork', 'model.complete', 'files.read'] as const
export type BridgeCall = (typeof BRIDGE_CALLS)[number]

/** The line types the child writes on stdout. */
export const CHILD_LINE_TYPES = ['hello', 'request', 'cancel', 'pending', 'done', 'failed'] as const

export interface ApiUsage {
  input_tokens: number
  output_tokens: number
  cache_read_input_tokens: number
  cache_creation_input_tokens: number
}

export interface HandoffMessage {
  role: 'user' | 'assistant'
  text: string
  toolUses?: Array<{ id: string; name: string; input: Record<string, unknown> }>
  toolResults?: Array<{ toolUseId: string; text: string; isError: boolean }>
}

export type RequestLine =
  | { type: 'request'; id: number; call: 'model.fork'; args: { prompt: string } }
  | { type: 'request'; id: number; call: 'model.complete'; args: { prompt: string; system?: string; model: string; maxTokens?: number } }
  | { type: 'request'; id: number; call: 'files.read'; args: { path: string; offset?: number; limit?: number } }

export interface DoneLine {
  type: 'done'
  handoff: string
  messages: HandoffMessage[]
  keep: number[]
  tokensBefore: number
  tokensAfter: number
  usage?: ApiUsage
  row: Record<string, unknown>
  /** Things the user should see (e.g. a broken config override the run fell back from). */
  notices?: string[]
}

export interface FailedLine {
  type: 'failed'
  reason: string
  rowWritten: boolean
}

/** A late rehearsal's row is on disk, pending (cli/engine-protocol.ts PendingLine). */
export interface PendingLine {
  type: 'pending'
  row: string
  dataDir: string
  n: number
  prev: number | null
  at: string
  files: { handoff: string | null; summary: string | null; transcript: string | null; row: string }
  sizes: Record<string, unknown>
}

export type ChildLine = { type: 'hello'; pid: number; version: string } | RequestLine | { type: 'cancel'; id: number } | PendingLine | DoneLine | FailedLine

/** What the hooks module writes to `<rundir>/answers/<id>.json`. */
export type AnswerFile = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string }

/** The settings the child receives, resolved (env fallbacks applied, data dir absolute). */
export interface Settings {
  live: boolean
  dataDir: string
  maxChars: number
  maxFraction: number
  subagents: boolean
  childTimeoutMs: number
  nodePath: string
  /** false: a rehearsal makes no model call. */
  rehearsalModel: boolean
}
