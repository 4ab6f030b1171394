/**
 * What a model call cost, priced from a table that says where each price was read and when.
 * A model with no price on record, or a call whose usage the host did not report, costs `null`
 * with the reason — never 0, so a missing measurement is never averaged in as a free one.
 */
import type { ModelUsage } from './capabilities.ts'
import { fmt } from './text.ts'

/** USD per million tokens. */
export interface Rates {
  input: number
  output: number
  /** Cache writes at the 5-minute TTL (the API's default; hosts report writes without their TTL). */
  cacheWrite: number
  cacheRead: number
}

export interface Price extends Rates {
  /** Where these numbers were read, and the date they were read (YYYY-MM-DD). */
  source: string
  read: string
  /** A second band for long prompts: every token of a request whose prompt (input + cache read +
   *  cache write) is over `overTokens` is billed at these rates instead. */
  longPrompt?: Rates & { overTokens: number }
}

const PRICING_PAGE = 'https://platform.claude.com/docs/en/about-claude/pricing'
const READ = '2026-11-29'

/**
 * Keyed by model id without a date suffix or `[1m]`. Only models whose four rates were read off
 * Anthropic's own pages are here; add a row only with its source. Haiku 5.5's official page
 * states the base band ($0.10 / $0.50, from which "From $0.10" is quoted); its cache rates and the
 * over-100k band were read where three independent price trackers quote that page (claudit
 * v1.9.2, rightsize v0.9.0, PromptFuel v1.0.23), and agree to the cent. Fable 5.1 is left out: its
 * cache-read price carries a footnote that was not read.
 */
export const PRICES: Readonly<Record<string, Price>> = {
  'claude-opus-5-5': {
    input: 4,
    output: 20,
    cacheWrite: 5,
    cacheRead: 0.2,
    source: 'https://platform.claude.com/docs/en/models/opus-5-5/overview',
    read: READ,
  },
  'claude-haiku-5-5': {
    input: 0.1,
    output: 0.5,
    cacheWrite: 0.125,
    cacheRead: 0.01,
    longPrompt: { overTokens: 100_000, input: 0.5, output: 2.5, cacheWrite: 0.625, cacheRead: 0.05 },
    source: 'https://platform.claude.com/docs/en/models/haiku-5-5/overview',
    read: READ,
  },
  'claude-opus-5': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5, source: 'https://platform.claude.com/docs/en/models/opus-5/overview', read: READ },
  'claude-opus-4-8': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5, source: PRICING_PAGE, read: READ },
  'claude-opus-4-7': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5, source: PRICING_PAGE, read: READ },
  'claude-opus-4-6': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5, source: PRICING_PAGE, read: READ },
  'claude-opus-4-5': { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5, source: PRICING_PAGE, read: READ },
  'claude-fable-5': { input: 10, output: 50, cacheWrite: 12.5, cacheRead: 1, source: PRICING_PAGE, read: READ },
}

/** `claude-opus-4-5-20251101` and `claude-opus-5-5[1m]` price as `claude-opus-4-5` / `claude-opus-5-5`. */
export function normalizeModelId(model: string): string {
  return model
    .trim()
    .toLowerCase()
    .replace(/\[[^\]]*\]$/, '')
    .replace(/-\d{8}$/, '')
}

export function priceOf(model: string): Price | null {
  return PRICES[normalizeModelId(model)] ?? null
}

export interface Cost {
  usd: number | null
  /** Why `usd` is null. */
  reason?: string
  /** How the number was arrived at, so rows priced differently can be told apart. */
  basis: string
}

/** A call's cost from its reported usage at the model's rates. */
export function costOf(model: string | undefined, usage: ModelUsage | undefined): Cost {
  if (!usage) return { usd: null, reason: 'the host reported no usage for this call', basis: 'unpriced' }
  if (!model) return { usd: null, reason: 'the host did not say which model answered', basis: 'unpriced' }
  const price = priceOf(model)
  if (!price) return { usd: null, reason: `no price on record for ${model}`, basis: 'unpriced' }
  const prompt = usage.inputTokens + usage.cacheReadTokens + usage.cacheWriteTokens
  const long = price.longPrompt && prompt > price.longPrompt.overTokens ? price.longPrompt : null
  const r: Rates = long ?? price
  const usd =
    (usage.inputTokens * r.input + usage.outputTokens * r.output + usage.cacheWriteTokens * r.cacheWrite + usage.cacheReadTokens * r.cacheRead) / 1_000_000
  const band = long ? `, prompt over ${fmt(long.overTokens)} tokens` : ''
  return {
    // Rounded to a millionth of a dollar: finer than any rate, and free of float noise in rows.
    usd: Math.round(usd * 1e6) / 1e6,
    basis: `measured: reported usage at ${normalizeModelId(model)} rates${band} (cache writes at the 5-minute rate), read ${price.read} from ${price.source}`,
  }
}

/** Which model call answered: a fork of the live session (warm cache) or a completion with no
 *  history of its own (cold: the conversation was sent as text). */
export type ModelPath = 'fork' | 'complete'

/** The facts every model-calling section puts on its row, in one shape. */
export interface ModelCallRow {
  path: ModelPath
  warm: boolean
  /** The model that answered (or was asked, when the host did not say); null when unknown. */
  model: string | null
  usage: ModelUsage | null
  cost: Cost
  /** Characters of the raw reply; null when there was none. */
  replyChars: number | null
}

export function modelCallRow(
  path: ModelPath,
  answer: { isAnswered: true; text: string; model?: string; usage?: ModelUsage } | null,
  asked?: string,
): ModelCallRow {
  const model = answer?.model ?? asked ?? null
  return {
    path,
    warm: path === 'fork',
    model,
    usage: answer?.usage ?? null,
    cost: answer ? costOf(model ?? undefined, answer.usage) : { usd: null, reason: 'no answer, so no usage was reported', basis: 'unpriced' },
    replyChars: answer ? answer.text.length : null,
  }
}
