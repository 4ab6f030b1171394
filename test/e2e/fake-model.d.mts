/** Types for fake-model.mjs (plain node, so that it also runs as a process without tsx). */

export type FakeReply =
  | { text: string }
  | { tool: string; input: Record<string, unknown>; text?: string }
  | { status: number; errorType?: string; message?: string; /** false: answer with `x-should-retry: false` */ retry?: boolean }

export interface FakeRule {
  name?: string
  /** A regular expression (flag s), tested on the newest user text, the text of the tool_result(s)
   *  in the newest user message with `in: 'tool-result'`, or the whole body with `in: 'body'`. */
  match: string
  in?: 'last-user' | 'tool-result' | 'body'
  /** Only requests that offer tools (so never a $.model.complete call). */
  tools?: boolean
  /** Only requests that offer no tools (a $.model.complete call). */
  toolless?: boolean
  /** Applies to the first N matching requests only. */
  times?: number
  /** `{n}` in a text is replaced by the request's number. */
  reply: FakeReply
}

export interface FakeRequest {
  n: number
  at: string
  url: string
  headers: Record<string, string>
  body: {
    model: string
    system?: unknown
    tools?: Array<{ name: string }>
    messages: Array<{ role: 'user' | 'assistant' | 'system'; content: string | Array<Record<string, any>> }>
    [k: string]: unknown
  }
  kind: string
  reply: unknown
}

export interface FakeModel {
  port: number
  url: string
  logFile: string
  requests(): FakeRequest[]
  /** Requests received and not answered yet (waiting out their latency), oldest first. */
  held(): Array<{ n: number; kind: string }>
  /** Every reply from now on waits this long (ms). */
  setLatency(ms: number): void
  close(): Promise<void>
}

/** What the injected failure hits: requests carrying a compact-handoff marker, requests with no
 *  tools ($.model.complete), or every request. */
export type FakeFailure = { what: 'markers' | 'toolless' | 'any'; status?: number }

export const MARKERS: { summaryCold: string; summary: string; commitments: string }
export const SUMMARY_TEXT: { analysis: string; reading: string; cold: string }
export function parseFail(spec: string | FakeFailure[] | undefined): Array<Required<FakeFailure>>

export function startFakeModel(opts: {
  port?: number
  portFile?: string
  log: string
  script?: string | { rules: FakeRule[] }
  /** usage.input_tokens of every reply (default 50). */
  inputTokens?: number
  /** usage.input_tokens measured from each request instead: its system, messages and tools as JSON, chars/4. */
  measureInput?: boolean
  /** usage.output_tokens (default 20). */
  outputTokens?: number
  /** usage.cache_read_input_tokens (default 0). */
  cacheReadTokens?: number
  /** usage.cache_creation_input_tokens (default 0). */
  cacheWriteTokens?: number
  /** Failure injection: `"markers:500,toolless:529"` or a list. */
  fail?: string | FakeFailure[]
  /** The files the default summary reply names in <restore-files> (default: the newest file_path seen that exists). */
  restoreFiles?: string[]
  latencyMs?: number
  /** Requests whose newest user text matches `match` wait `ms` instead of latencyMs. */
  slow?: Array<{ match: string; ms: number }>
}): Promise<FakeModel>
