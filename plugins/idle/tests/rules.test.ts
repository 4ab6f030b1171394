import { describe, expect, test } from 'claude-code/testing'
import { clock, compactedLine, count, DEFAULTS, judge, readSettings, reasonNotToReserve, TIMER_SLACK_MS } from '../hooks/rules'

const MIN = 60_000
const defaults = readSettings({}).settings
const facts = (over: Partial<Parameters<typeof judge>[0]> = {}) => ({
  elapsedMs: 50 * MIN,
  reservedSessionId: 's1',
  sessionId: 's1',
  contextTokens: 250_000,
  ...over,
})

describe('readSettings', () => {
  test('defaults: 50 and 58 minutes, 200,000 tokens', () => {
    expect(readSettings({})).toEqual({ settings: { delayMs: 50 * MIN, latestMs: 58 * MIN, minTokens: 200_000 }, problems: [], isUsable: true })
    expect(DEFAULTS).toEqual({ delay: 50, latest: 58, minTokens: 200_000 })
  })

  test('minutes may be fractions, so a test can use seconds', () => {
    expect(readSettings({ delay: 0.05, latest: 1, minTokens: 0 }).settings).toEqual({ delayMs: 3_000, latestMs: 60_000, minTokens: 0 })
  })

  test('a bad value falls back to its default and says which setting', () => {
    const r = readSettings({ delay: -1, minTokens: 'lots' })
    expect(r.settings.delayMs).toBe(50 * MIN)
    expect(r.settings.minTokens).toBe(200_000)
    expect(r.problems).toEqual(['delay must be a positive number (got -1); using 50', 'minTokens must be a non-negative number (got "lots"); using 200000'])
    expect(r.isUsable).toBe(true)
  })

  test('latest at or before delay leaves no window: unusable', () => {
    const r = readSettings({ delay: 58, latest: 58 })
    expect(r.isUsable).toBe(false)
    expect(r.problems).toEqual(['latest (58 min) must be later than delay (58 min); no compaction will be reserved'])
  })
})

describe('reasonNotToReserve', () => {
  test('an answered turn reserves', () => {
    expect(reasonNotToReserve({ reason: 'answer', isAborted: false })).toBe(null)
  })
  test('interrupted, refused and failed turns do not', () => {
    expect(reasonNotToReserve({ reason: 'aborted', isAborted: true })).toBe('the turn was interrupted')
    expect(reasonNotToReserve({ reason: 'answer', isAborted: true })).toBe('the turn was interrupted')
    expect(reasonNotToReserve({ reason: 'refusal', isAborted: false })).toBe('the turn ended with refusal')
    expect(reasonNotToReserve({ reason: 'error', isAborted: false })).toBe('the turn ended with error')
  })
})

describe('judge', () => {
  test('compacts from delay up to, not including, latest', () => {
    expect(judge(facts({ elapsedMs: 50 * MIN }), defaults)).toEqual({ compact: true, tokens: 250_000 })
    expect(judge(facts({ elapsedMs: 58 * MIN - 1 }), defaults)).toEqual({ compact: true, tokens: 250_000 })
  })

  test('a timer a few milliseconds short of delay (clock rounding) still compacts', () => {
    expect(judge(facts({ elapsedMs: 50 * MIN - TIMER_SLACK_MS }), defaults)).toEqual({ compact: true, tokens: 250_000 })
    expect(judge(facts({ elapsedMs: 50 * MIN - TIMER_SLACK_MS - 1 }), defaults).compact).toBe(false)
  })

  test('too early or too late is skipped, with the times', () => {
    expect(judge(facts({ elapsedMs: 50 * MIN - 1_000 }), defaults)).toEqual({
      compact: false,
      why: '49:59 passed since the turn ended, outside 50:00–58:00 (delay, latest)',
    })
    expect(judge(facts({ elapsedMs: 58 * MIN }), defaults)).toEqual({
      compact: false,
      why: '58:00 passed since the turn ended, outside 50:00–58:00 (delay, latest)',
    })
  })

  test('another session is skipped', () => {
    expect(judge(facts({ sessionId: 's2' }), defaults)).toEqual({ compact: false, why: 'the session changed (reserved in s1, now s2)' })
  })

  test('a context under minTokens is skipped; exactly minTokens compacts', () => {
    expect(judge(facts({ contextTokens: 199_999 }), defaults)).toEqual({
      compact: false,
      why: 'the context holds 199,999 tokens, under 200,000 (minTokens)',
    })
    expect(judge(facts({ contextTokens: 200_000 }), defaults)).toEqual({ compact: true, tokens: 200_000 })
  })

  test('no context reading is skipped', () => {
    expect(judge(facts({ contextTokens: undefined }), defaults)).toEqual({ compact: false, why: 'the engine reports no context size yet' })
  })
})

describe('the one line', () => {
  test('tokens and the summarizer cache hit rate', () => {
    expect(compactedLine(250_000, { input_tokens: 1_000, output_tokens: 800, cache_read_input_tokens: 180_000, cache_creation_input_tokens: 19_000 })).toBe(
      'compacted 250,000 tokens of idle context while the prompt cache was still warm; summarizer cache hit 90.0% (180,000 read, 19,000 written, 1,000 uncached)',
    )
  })

  test('no usage reported: no rate', () => {
    expect(compactedLine(250_000, undefined)).toBe('compacted 250,000 tokens of idle context while the prompt cache was still warm')
    expect(compactedLine(1_234, { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 })).toBe(
      'compacted 1,234 tokens of idle context while the prompt cache was still warm',
    )
  })

  test('a cold summarizer reads 0.0%', () => {
    expect(compactedLine(250_000, { input_tokens: 250_000, output_tokens: 20, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 })).toContain(
      'summarizer cache hit 0.0% (0 read, 0 written, 250,000 uncached)',
    )
  })
})

describe('formatting', () => {
  test('count and clock', () => {
    expect(count(1_234_567.4)).toBe('1,234,567')
    expect(clock(3_000)).toBe('0:03')
    expect(clock(58 * MIN)).toBe('58:00')
    expect(clock(61 * MIN + 5_000)).toBe('1:01:05')
  })
})
