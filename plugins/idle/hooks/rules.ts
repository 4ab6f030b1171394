/**
 * The idle plugin's decisions as plain functions, no `$`: its settings, whether a fired timer
 * may compact, and the one line shown afterwards. The engine adapter (./index) gathers the
 * facts and acts; ../tests/rules.test.ts checks these under `claude plugin test`.
 */
import type { ModelUsage, PluginOptions, TurnCompleteInput } from 'claude-code'

const MINUTE_MS = 60_000

/** The userConfig defaults, in the units the manifest states (minutes, tokens). */
export const DEFAULTS = { delay: 50, latest: 58, minTokens: 200_000 } as const

export interface IdleSettings {
  /** How long after a turn ends the compaction is due, in ms. */
  delayMs: number
  /** From this long after the turn it is too late (the cache may be gone), in ms. */
  latestMs: number
  /** The smallest context worth compacting, in tokens. */
  minTokens: number
}

export interface SettingsRead {
  settings: IdleSettings
  /** What was wrong with the values, one message each, naming the setting. */
  problems: string[]
  /** False when the values leave no window to compact in: nothing is ever reserved. */
  isUsable: boolean
}

function positive(options: PluginOptions, key: keyof typeof DEFAULTS, problems: string[], allowZero = false): number {
  const v = options[key]
  if (v === undefined) return DEFAULTS[key]
  if (typeof v === 'number' && Number.isFinite(v) && (v > 0 || (allowZero && v === 0))) return v
  problems.push(`${key} must be a ${allowZero ? 'non-negative' : 'positive'} number (got ${JSON.stringify(v)}); using ${DEFAULTS[key]}`)
  return DEFAULTS[key]
}

/** Reads `delay` and `latest` (minutes, fractions allowed) and `minTokens` from the plugin's options. */
export function readSettings(options: PluginOptions): SettingsRead {
  const problems: string[] = []
  const delay = positive(options, 'delay', problems)
  const latest = positive(options, 'latest', problems)
  const minTokens = positive(options, 'minTokens', problems, true)
  const isUsable = latest > delay
  if (!isUsable) problems.push(`latest (${latest} min) must be later than delay (${delay} min); no compaction will be reserved`)
  return { settings: { delayMs: delay * MINUTE_MS, latestMs: latest * MINUTE_MS, minTokens }, problems, isUsable }
}

/** Why a main-loop turn that ended does not reserve, or null when it does (it answered). */
export function reasonNotToReserve(e: Pick<TurnCompleteInput, 'reason' | 'isAborted'>): string | null {
  if (e.isAborted) return 'the turn was interrupted'
  if (e.reason !== 'answer') return `the turn ended with ${e.reason}`
  return null
}

/**
 * The timer runs on a monotonic clock and `elapsedMs` is read off the wall clock, so a timer on
 * time can read a few milliseconds short of `delay`; that much short still counts as on time.
 */
export const TIMER_SLACK_MS = 50

/** What the adapter knows when the timer fires. */
export interface FiringFacts {
  /** Wall-clock ms since the reserving turn ended. */
  elapsedMs: number
  reservedSessionId: string
  sessionId: string
  /** The context's size in tokens; undefined when the engine has no reading yet. */
  contextTokens: number | undefined
}

export type Verdict = { compact: true; tokens: number } | { compact: false; why: string }

/** Whether a fired reservation compacts: inside the window, same session, context large enough. */
export function judge(f: FiringFacts, s: IdleSettings): Verdict {
  if (f.elapsedMs < s.delayMs - TIMER_SLACK_MS || f.elapsedMs >= s.latestMs) {
    return {
      compact: false,
      why: `${clock(f.elapsedMs)} passed since the turn ended, outside ${clock(s.delayMs)}–${clock(s.latestMs)} (delay, latest)`,
    }
  }
  if (f.sessionId !== f.reservedSessionId) {
    return { compact: false, why: `the session changed (reserved in ${f.reservedSessionId}, now ${f.sessionId})` }
  }
  if (f.contextTokens === undefined) return { compact: false, why: 'the engine reports no context size yet' }
  if (f.contextTokens < s.minTokens) {
    return { compact: false, why: `the context holds ${count(f.contextTokens)} tokens, under ${count(s.minTokens)} (minTokens)` }
  }
  return { compact: true, tokens: f.contextTokens }
}

/** 1234567 → "1,234,567". */
export function count(n: number): string {
  return Math.round(n).toLocaleString('en-US')
}

/** A duration as m:ss (or h:mm:ss), for the debug log. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const h = Math.floor(total / 3600)
  const m = Math.floor((total % 3600) / 60)
  const s = String(total % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/**
 * The one line the conversation shows once the compaction ran. The cache hit rate is the
 * summarizer request's own: read / (read + write + uncached); without usage it is left out.
 */
export function compactedLine(tokens: number, usage: ModelUsage | undefined): string {
  const head = `compacted ${count(tokens)} tokens of idle context while the prompt cache was still warm`
  if (!usage) return head
  const read = usage.cache_read_input_tokens
  const write = usage.cache_creation_input_tokens
  const uncached = usage.input_tokens
  const input = read + write + uncached
  if (!(input > 0)) return head
  const rate = ((read / input) * 100).toFixed(1)
  return `${head}; summarizer cache hit ${rate}% (${count(read)} read, ${count(write)} written, ${count(uncached)} uncached)`
}
