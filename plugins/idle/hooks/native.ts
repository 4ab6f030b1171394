/**
 * The engine's own idle compaction, as Claude Code 2.1.328 ships it, and whether it will compact
 * this session: then compact-idle stands down, so two timers never race for one session.
 *
 * Read from the engine's code (test/engine-pin.test.ts holds every constant here to the installed
 * engine): on an idle session it compacts at 90 % of the one-hour prompt cache's life unless the
 * engine's compaction is off (`DISABLE_COMPACT`, `DISABLE_AUTO_COMPACT`, `"autoCompactEnabled":
 * false`), `"idleCompaction"` is false (it defaults to true), the main conversation's cache is not
 * the one-hour one, or the context holds fewer than max(100,000,
 * `CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS` ?? 200,000) tokens.
 *
 * No imports, no `$`: the node tests import this file as it is.
 */

/** The engine's constants, as its code states them. */
export const NATIVE_IDLE = {
  /** The `idleCompaction` setting's default. */
  settingDefault: true,
  /** The smallest `CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS` takes effect at. */
  floorTokens: 100_000,
  /** The token minimum without `CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS`. */
  defaultMinTokens: 200_000,
  /** When it fires, as a share of the cache lifetime since the last request. */
  fireFraction: 0.9,
  /** The only cache lifetime it fires on, in ms (one hour). */
  cacheTtlMs: 3_600_000,
} as const

/** The environment variables the decision reads; the adapter reads each by its literal name. */
export interface NativeEnv {
  DISABLE_COMPACT?: string | undefined
  DISABLE_AUTO_COMPACT?: string | undefined
  CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS?: string | undefined
  FORCE_PROMPT_CACHING_5M?: string | undefined
  CLAUDE_CODE_PROMPT_CACHE_TTL?: string | undefined
  ENABLE_PROMPT_CACHING_1H?: string | undefined
}

export interface NativeFacts {
  /** The settings merged over every source, as `$.settings.read()` answers them. */
  settings: Readonly<Record<string, unknown>>
  env: NativeEnv
  /** The context's size in tokens; undefined when the engine has no reading (it reads 0 then). */
  contextTokens: number | undefined
}

/** `standsIn`: the engine's idle compaction will compact this session, so compact-idle does not. */
export interface NativeVerdict {
  standsIn: boolean
  /** Why, in words for the debug log. */
  why: string
}

const isTruthy = (v: string | undefined): boolean => v !== undefined && /^(1|true|yes|on)$/i.test(v.trim())

/** The engine's token minimum: max(100,000, CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS ?? 200,000). */
export function nativeMinTokens(env: NativeEnv): number {
  const raw = env.CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS
  const set = raw === undefined || raw.trim() === '' ? NaN : Number(raw)
  return Math.max(NATIVE_IDLE.floorTokens, Number.isFinite(set) ? set : NATIVE_IDLE.defaultMinTokens)
}

/**
 * The main conversation's prompt-cache lifetime as the engine picks it, in the engine's order:
 * `FORCE_PROMPT_CACHING_5M`, `CLAUDE_CODE_PROMPT_CACHE_TTL`, the `promptCacheTtl` setting,
 * `ENABLE_PROMPT_CACHING_1H`; otherwise it follows the account (one hour on a claude.ai
 * subscription), which a plugin cannot see: `undefined`.
 */
export function nativeCacheTtl(f: Pick<NativeFacts, 'settings' | 'env'>): { ttl: '5m' | '1h' | undefined; by: string } {
  if (isTruthy(f.env.FORCE_PROMPT_CACHING_5M)) return { ttl: '5m', by: 'FORCE_PROMPT_CACHING_5M' }
  const env = f.env.CLAUDE_CODE_PROMPT_CACHE_TTL?.trim()
  if (env === '5m' || env === '1h') return { ttl: env, by: `CLAUDE_CODE_PROMPT_CACHE_TTL=${env}` }
  const setting = f.settings.promptCacheTtl
  if (setting === '5m' || setting === '1h') return { ttl: setting, by: `"promptCacheTtl": "${setting}"` }
  if (isTruthy(f.env.ENABLE_PROMPT_CACHING_1H)) return { ttl: '1h', by: 'ENABLE_PROMPT_CACHING_1H' }
  return { ttl: undefined, by: 'the account' }
}

function count(n: number): string {
  return Math.round(n).toLocaleString('en-US')
}

const TURN_OFF = 'set "idleCompaction": false in settings.json to have compact-idle compact instead'

/** Whether the engine's own idle compaction will compact this session when it goes idle. */
export function nativeIdle(f: NativeFacts): NativeVerdict {
  const off = (why: string): NativeVerdict => ({ standsIn: false, why: `the engine's own idle compaction cannot fire: ${why}` })
  if (isTruthy(f.env.DISABLE_COMPACT)) return off('DISABLE_COMPACT is set')
  if (isTruthy(f.env.DISABLE_AUTO_COMPACT)) return off('DISABLE_AUTO_COMPACT is set')
  if (f.settings.autoCompactEnabled === false) return off('"autoCompactEnabled" is false')
  if (f.settings.idleCompaction === false) return off('"idleCompaction" is false')
  const cache = nativeCacheTtl(f)
  if (cache.ttl === '5m') return off(`the prompt cache lasts 5 minutes (${cache.by}), and it fires only on the one-hour cache`)
  const min = nativeMinTokens(f.env)
  const tokens = f.contextTokens ?? 0
  if (tokens < min) return off(`the context holds ${count(tokens)} tokens, under its minimum of ${count(min)}`)
  const setting =
    f.settings.idleCompaction === undefined ? '"idleCompaction" defaults to true' : `"idleCompaction" is ${JSON.stringify(f.settings.idleCompaction)}`
  const ttl = cache.ttl === '1h' ? `the one-hour cache (${cache.by})` : 'the one-hour cache a subscription gets'
  return {
    standsIn: true,
    why: `standing down: the engine's own idle compaction is on (${setting}) and compacts this ${count(tokens)}-token session itself on ${ttl}; ${TURN_OFF}`,
  }
}
