/**
 * The CLI's model, in order of preference: replies recorded in a file (`--model-replies`), so a
 * bench can replay a real model's answers; the Anthropic API through the official SDK when
 * ANTHROPIC_API_KEY is set; or none, and the sections that need a model drop with
 * SECTION_NO_MODEL. The CLI has no live session, so `fork` always answers `nothing-to-fork`.
 */
import type Anthropic from '@anthropic-ai/sdk'
import { readFile } from 'node:fs/promises'
import type { ModelAnswer, ModelCapability, ModelUsage } from '../pipeline/capabilities.ts'
import { HandoffError } from '../pipeline/codes.ts'

/**
 * One entry of a `--model-replies` file. The file is JSON (an array of entries, or
 * `{ "replies": [...] }`) or JSONL (one entry per line).
 */
export interface RecordedReply {
  /** The section whose calls it answers (`summary`, `commitments`, or a package section's name):
   *  the runner tells the host which section asks, so no prompt is read to find out. */
  kind?: string
  /** Or: answers any prompt containing this text. */
  match?: string
  /** The reply text, as the model wrote it. */
  text: string
  /** The model that wrote it (for pricing). */
  model?: string
  /** Its usage, as reported (camelCase as in ModelUsage, or the API's snake_case). */
  usage?: Partial<ModelUsage> & Record<string, unknown>
  /** Where it was recorded, free text for the reader. */
  source?: string
}

const NO_FORK: ModelAnswer = { isAnswered: false, reason: 'nothing-to-fork (the CLI has no live session to fork)' }

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0
}

/** Usage in either spelling, or undefined when the entry carries none. */
export function usageOf(u: RecordedReply['usage'] | Record<string, unknown> | null | undefined): ModelUsage | undefined {
  if (!u || typeof u !== 'object') return undefined
  const r = u as Record<string, unknown>
  return {
    inputTokens: num(r.inputTokens ?? r.input_tokens),
    outputTokens: num(r.outputTokens ?? r.output_tokens),
    cacheReadTokens: num(r.cacheReadTokens ?? r.cache_read_input_tokens),
    cacheWriteTokens: num(r.cacheWriteTokens ?? r.cache_creation_input_tokens),
  }
}

function checkEntry(e: unknown, where: string): RecordedReply {
  const r = e as RecordedReply
  if (!r || typeof r !== 'object' || typeof r.text !== 'string') throw new Error(`${where}: an entry needs a "text" string`)
  if (r.kind === undefined && r.match === undefined) throw new Error(`${where}: an entry needs "kind" (the section it answers, e.g. summary) or "match"`)
  if (r.kind !== undefined && (typeof r.kind !== 'string' || !/^[a-z][a-z0-9-]*$/.test(r.kind)))
    throw new Error(`${where}: "kind" names a section (kebab-case), got ${JSON.stringify(r.kind)}`)
  return r
}

/** Parses a replies file's text: JSON first, JSONL when that fails. Throws with file:line. */
export function parseReplies(text: string, file: string): RecordedReply[] {
  const trimmed = text.trim()
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      const v = JSON.parse(trimmed) as unknown
      const list = Array.isArray(v) ? v : Array.isArray((v as { replies?: unknown }).replies) ? (v as { replies: unknown[] }).replies : [v]
      return list.map((e, i) => checkEntry(e, `${file}: entry ${i + 1}`))
    } catch (err) {
      // Not one JSON document: read it as JSONL below.
      if (!(err instanceof SyntaxError)) throw err
    }
  }
  const out: RecordedReply[] = []
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return
    let v: unknown
    try {
      v = JSON.parse(line)
    } catch (err) {
      throw new Error(`${file}:${i + 1}: not JSON (${(err as Error).message})`, { cause: err })
    }
    out.push(checkEntry(v, `${file}:${i + 1}`))
  })
  return out
}

/** Answers each completion with the first recorded reply for the section that asks (`kind`), or
 *  whose `match` its prompt holds. */
export function replayModel(replies: RecordedReply[], file = 'the replies file'): ModelCapability {
  return {
    async fork() {
      return NO_FORK
    },
    async complete(req, signal) {
      if (signal.aborted) return { isAnswered: false, reason: 'aborted' }
      const hit = replies.find((r) => (r.kind !== undefined ? r.kind === req.section : req.prompt.includes(r.match!)))
      if (!hit) return { isAnswered: false, reason: `no recorded reply in ${file} answers ${req.section ? `section ${req.section}` : 'this call'}` }
      if (hit.text.trim() === '') return { isAnswered: false, reason: 'empty-reply (recorded)' }
      const usage = usageOf(hit.usage)
      const model = hit.model ?? req.model
      return { isAnswered: true, text: hit.text, ...(model ? { model } : {}), ...(usage ? { usage } : {}) }
    },
  }
}

export interface AnthropicModelOptions {
  apiKey: string
  /** Default: ANTHROPIC_BASE_URL, else the SDK's own. */
  baseURL?: string
  /** The model a completion runs on when the section names none. */
  defaultModel?: string
  /** The SDK retries 429/5xx/connection errors; tests set 0. */
  maxRetries?: number
  /** Output cap when the section names none. */
  defaultMaxTokens?: number
}

/** Completions through the Anthropic Messages API (non-streaming), aborted by the section's signal. */
export function anthropicModel(opts: AnthropicModelOptions): ModelCapability {
  // Loaded on first use: the SDK is most of the bundle, and a run with no key never needs it
  // (measured: importing it up front added ~30 ms to every start of the CLI and engine child).
  let sdk: Promise<{ client: Anthropic; SDK: typeof Anthropic }> | undefined
  const load = () =>
    (sdk ??= import('@anthropic-ai/sdk').then(({ default: SDK }) => ({
      SDK,
      client: new SDK({
        apiKey: opts.apiKey,
        ...(opts.baseURL ? { baseURL: opts.baseURL } : {}),
        maxRetries: opts.maxRetries ?? 2,
        // The section's own timeout governs (through the signal); this only bounds a hung socket.
        timeout: 15 * 60_000,
      }),
    })))
  return {
    async fork() {
      return NO_FORK
    },
    async complete(req, signal) {
      const model = req.model ?? opts.defaultModel ?? 'claude-opus-5-5'
      const { client, SDK } = await load()
      try {
        const msg = await client.messages.create(
          {
            model,
            max_tokens: req.maxTokens ?? opts.defaultMaxTokens ?? 4_096,
            ...(req.system ? { system: req.system } : {}),
            messages: [{ role: 'user', content: req.prompt }],
          },
          { signal },
        )
        const text = msg.content
          .map((b) => (b.type === 'text' ? b.text : ''))
          .filter((t) => t !== '')
          .join('\n')
        if (text.trim() === '') return { isAnswered: false, reason: `empty-reply (stop_reason ${msg.stop_reason ?? 'none'})` }
        const usage = usageOf(msg.usage as unknown as Record<string, unknown>)
        return { isAnswered: true, text, model: msg.model || model, ...(usage ? { usage } : {}) }
      } catch (err) {
        if (signal.aborted || err instanceof SDK.APIUserAbortError) return { isAnswered: false, reason: 'aborted' }
        if (err instanceof SDK.APIError) {
          const detail = err.message.split('\n')[0]
          return { isAnswered: false, reason: `api-error${err.status ? ` (status ${err.status})` : ''}: ${detail}` }
        }
        return { isAnswered: false, reason: `api-error: ${(err as Error).message}` }
      }
    },
  }
}

export type ModelSource = 'replies' | 'anthropic-api' | 'none'

/** The CLI's model from its flags and environment; a replies file that cannot be read is a usage error. */
export async function cliModel(opts: { repliesFile?: string; env?: NodeJS.ProcessEnv }): Promise<{ model: ModelCapability | null; source: ModelSource }> {
  const env = opts.env ?? process.env
  if (opts.repliesFile) {
    let text: string
    try {
      text = await readFile(opts.repliesFile, 'utf8')
    } catch (err) {
      const e = err as NodeJS.ErrnoException
      throw new HandoffError('USAGE', `--model-replies ${opts.repliesFile}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`)
    }
    let replies: RecordedReply[]
    try {
      replies = parseReplies(text, opts.repliesFile)
    } catch (err) {
      throw new HandoffError('USAGE', `--model-replies ${(err as Error).message}`)
    }
    return { model: replayModel(replies, opts.repliesFile), source: 'replies' }
  }
  const apiKey = env.ANTHROPIC_API_KEY
  if (apiKey) {
    return {
      model: anthropicModel({ apiKey, ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}) }),
      source: 'anthropic-api',
    }
  }
  return { model: null, source: 'none' }
}
