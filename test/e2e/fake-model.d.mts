/** Types for fake-model.mjs (plain node, so that it also runs as a process without tsx). */

export type FakeReply =
  | { text: string }
  | { tool: string; input: Record<string, unknown>; text?: string }
  | { status: number; errorType?: string; message?: string }

export interface FakeRule {
  name?: string
  /** A regular expression (flag s), tested on the newest user text, or the whole body with `in: 'body'`. */
  match: string
  in?: 'last-user' | 'body'
  /** Only requests that offer tools (so never a $.model.complete call). */
  tools?: boolean
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
  close(): Promise<void>
}

export function startFakeModel(opts: {
  port?: number
  portFile?: string
  log: string
  script?: string | { rules: FakeRule[] }
  inputTokens?: number
  latencyMs?: number
}): Promise<FakeModel>
