/**
 * The engine as a host: what a section asks of `Capabilities`, answered over the bridge by the
 * hooks module. A fork the engine cannot make (`nothing-to-fork`: a resumed session before its
 * first turn) is passed on as it is: the section that asked owns its fallback (the summary
 * completes over the conversation written out), so there is one fallback, not two.
 */
import type { Capabilities, FileCapability, ModelAnswer, ModelCapability, ModelUsage } from '../pipeline/capabilities.ts'
import { systemClock } from '../pipeline/capabilities.ts'
import { diskFilesUnder } from '../pipeline/disk-files.ts'
import { readPolicy, vetForRead } from '../pipeline/read-policy.ts'
import type { Bridge } from './bridge.ts'
import type { ApiUsage, BridgeModelValue } from '../plugin/hooks/protocol.ts'

/** Which engine call produced an answer. */
export type ModelPath = 'fork' | 'complete'

export interface ModelCallRecord {
  /** The section that made the call (the runner binds it; null when none was named). */
  section: string | null
  /** What the section asked for. */
  call: ModelPath
  /** Which engine call answered; null when none did. */
  answeredBy: ModelPath | null
  /** Why there is no answer, or why the fork was retried (`nothing-to-fork`). */
  reason: string | null
  ms: number
  usage: ApiUsage | null
}

export interface ReadRecord {
  /** The section that asked for the read. */
  section: string | null
  path: string
  ok: boolean
  /** `read-tool`: the engine's Read tool (live); `disk`: read here, no engine side effect (rehearsal). */
  via: 'read-tool' | 'disk'
  ms: number
  reason?: string
}

export interface EngineHost {
  capabilities: Capabilities
  /** Every model call, in the order they settled. */
  readonly modelCalls: readonly ModelCallRecord[]
  readonly reads: readonly ReadRecord[]
  /** The usage of every model call summed; undefined when none reported any. */
  usage(): ApiUsage | undefined
}

export interface EngineHostOptions {
  /** The session's model: what a completion runs on when the section names none. */
  model?: string
  /** Live reads go through the engine's Read tool; a rehearsal reads the disk itself, because a
   *  Read through the engine is remembered by it and core would re-attach the file (measured). */
  live: boolean
  now?: () => number
  /** The session's project: the read policy for a section that reads without one of its own. */
  cwd?: string
}

/**
 * Usage the engine reported, or null. A failed call comes back with all four counts at 0: that is
 * no measurement, and a 0 would average in as a free call (ARCHITECTURE §4.5), so it is null.
 */
export function reportedUsage(u: ApiUsage | undefined | null): ApiUsage | null {
  if (!u) return null
  const total = u.input_tokens + u.output_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens
  return total > 0 ? u : null
}

const camel = (u: ApiUsage | undefined): ModelUsage | undefined =>
  u && {
    inputTokens: u.input_tokens,
    outputTokens: u.output_tokens,
    cacheReadTokens: u.cache_read_input_tokens,
    cacheWriteTokens: u.cache_creation_input_tokens,
  }

function answerOf(v: BridgeModelValue, via: ModelPath, model: string | undefined): ModelAnswer {
  const usage = reportedUsage(v.usage)
  if (v.isAnswered) return { isAnswered: true, text: v.text, ...(model ? { model } : {}), ...(usage ? { usage: camel(usage) } : {}), via }
  const detail = v.status ? ` (status ${v.status}${v.error ? `, ${v.error}` : ''})` : ''
  return { isAnswered: false, reason: `${v.reason}${detail}` }
}

export function engineHost(bridge: Bridge, opts: EngineHostOptions): EngineHost {
  const now = opts.now ?? systemClock
  const modelCalls: ModelCallRecord[] = []
  const reads: ReadRecord[] = []
  const hostPolicy = readPolicy(opts.cwd)

  /** One model call on the row: what answered it (null: refused, with why), its time and usage. */
  const recordCall = (call: 'fork' | 'complete', v: BridgeModelValue, started: number, section: string | undefined) =>
    modelCalls.push({
      section: section ?? null,
      call,
      answeredBy: v.isAnswered ? call : null,
      reason: v.isAnswered ? null : v.reason,
      ms: now() - started,
      usage: reportedUsage(v.usage),
    })

  const model: ModelCapability = {
    async fork(req, signal) {
      const started = now()
      const forked = await bridge.request('model.fork', { prompt: req.prompt }, signal)
      recordCall('fork', forked, started, req.section)
      return answerOf(forked, 'fork', opts.model)
    },
    async complete(req, signal) {
      const started = now()
      const chosen = req.model ?? opts.model
      if (!chosen) return { isAnswered: false, reason: 'no model named and the session reported none' }
      const v = await bridge.request(
        'model.complete',
        { model: chosen, prompt: req.prompt, ...(req.system ? { system: req.system } : {}), ...(req.maxTokens ? { maxTokens: req.maxTokens } : {}) },
        signal,
      )
      recordCall('complete', v, started, req.section)
      return answerOf(v, 'complete', chosen)
    },
  }

  const files: FileCapability = {
    async read(req, signal) {
      const started = now()
      const record = (ok: boolean, via: ReadRecord['via'], reason?: string) =>
        reads.push({ section: req.section ?? null, path: req.path, ok, via, ms: now() - started, ...(reason ? { reason } : {}) })
      const policy = req.policy ?? hostPolicy
      if (!opts.live) {
        const answer = await diskFilesUnder(policy).read({ ...req, policy }, signal)
        record(answer.ok, 'disk', answer.ok ? undefined : answer.reason)
        return answer
      }
      // Our policy first; the engine's Read tool then applies its own permission rules on top.
      const vetted = await vetForRead(req.path, policy, signal)
      if (!vetted.ok) {
        record(false, 'read-tool', vetted.reason)
        return vetted
      }
      const v = await bridge.request(
        'files.read',
        { path: vetted.path, ...(req.offset ? { offset: req.offset } : {}), ...(req.limit ? { limit: req.limit } : {}) },
        signal,
      )
      record(v.ok, 'read-tool', v.ok ? undefined : v.reason)
      return v
    },
  }

  return {
    capabilities: { host: 'engine', model, files, now },
    modelCalls,
    reads,
    usage() {
      const all = modelCalls.map((c) => c.usage).filter((u): u is ApiUsage => u !== null)
      if (all.length === 0) return undefined
      return all.reduce((a, u) => ({
        input_tokens: a.input_tokens + u.input_tokens,
        output_tokens: a.output_tokens + u.output_tokens,
        cache_read_input_tokens: a.cache_read_input_tokens + u.cache_read_input_tokens,
        cache_creation_input_tokens: a.cache_creation_input_tokens + u.cache_creation_input_tokens,
      }))
    },
  }
}
