/**
 * What a section may ask of its host. The engine adapter answers these over the bridge; the CLI
 * answers them with a recorded reply, an API key, or not at all (then the field is null and the
 * sections that need it drop with SECTION_NO_MODEL).
 */
import { SectionDropError } from './codes.ts'
import type { ReadPolicy } from './read-policy.ts'

export interface ModelUsage {
  inputTokens: number
  outputTokens: number
  cacheReadTokens: number
  cacheWriteTokens: number
}

export type ModelAnswer =
  | {
      isAnswered: true
      text: string
      model?: string
      usage?: ModelUsage
      /** Which call answered, when a host substituted one for the other. */
      via?: 'fork' | 'complete'
      /** Why the reply ended ('end_turn', 'max_tokens', …), when the host reports it. */
      stopReason?: string
    }
  | { isAnswered: false; reason: string }

export interface ModelCapability {
  /** A tool-less reply over the live session's own conversation (warm cache), plus `prompt`. */
  fork(req: { prompt: string } & Attributed, signal: AbortSignal): Promise<ModelAnswer>
  /** A single completion with no history. `model` is an alias or id the host understands. */
  complete(req: { prompt: string; system?: string; model?: string; maxTokens?: number } & Attributed, signal: AbortSignal): Promise<ModelAnswer>
}

/**
 * Who asked. The runner binds each section's capabilities to its name (`bindCapabilities`), the
 * way Rollup gives each plugin its own context: a host matches recorded replies, bills calls and
 * reports reads by section from this, never by reading the prompt.
 */
export interface Attributed {
  section?: string
}

/** `truncated`: the file goes on past what was kept (`maxChars`, or the range's end was not reached). */
export type ReadAnswer = { ok: true; text: string; truncated?: boolean } | { ok: false; reason: string }

export interface ReadRequest extends Attributed {
  path: string
  offset?: number
  limit?: number
  /** The host refuses what the policy refuses (pipeline/read-policy.ts) before opening anything.
   *  Without one, the host's own: the run's project (the transcript's cwd) and the default deny list. */
  policy?: ReadPolicy
  /** The most chars worth keeping: the host reads no further than that. */
  maxChars?: number
}

export interface FileCapability {
  /** Read a file the way the host reads it (the engine: its real Read tool), under the request's policy. */
  read(req: ReadRequest, signal: AbortSignal): Promise<ReadAnswer>
}

export interface Capabilities {
  /** Who answers: 'engine' or 'cli'. Sections record it; they do not branch on it. */
  host: 'engine' | 'cli'
  model: ModelCapability | null
  files: FileCapability | null
  /** Milliseconds since the epoch; a seam so tests can pin time. */
  now(): number
}

export const systemClock = (): number => Date.now()

/** The host's capabilities as one section sees them: every call it makes carries its name. */
export function bindCapabilities(capabilities: Capabilities, section: string): Capabilities {
  const { model, files } = capabilities
  return {
    ...capabilities,
    model: model && {
      fork: (req, signal) => model.fork({ ...req, section }, signal),
      complete: (req, signal) => model.complete({ ...req, section }, signal),
    },
    files: files && { read: (req, signal) => files.read({ ...req, section }, signal) },
  }
}

/** The model, or a drop that says none is offered. (How a host gets one is the host's to say: the
 *  handoff's reader is a model, not the person at the command line.) */
export function requireModel(capabilities: Capabilities): ModelCapability {
  if (capabilities.model) return capabilities.model
  throw new SectionDropError('SECTION_NO_MODEL', 'needs a model and the host offers none')
}
