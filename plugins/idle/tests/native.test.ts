import { describe, expect, test } from 'claude-code/testing'
import { nativeCacheTtl, nativeIdle, nativeMinTokens } from '../hooks/native'
import { ended, MIN, world } from './world'

const STANDING_DOWN =
  'standing down: the engine\'s own idle compaction is on ("idleCompaction" defaults to true) and compacts this 250,000-token session itself on the one-hour cache a subscription gets; set "idleCompaction": false in settings.json to have compact-idle compact instead'

describe("the engine's own idle compaction on", () => {
  test('compact-idle reserves nothing and says why once', async ($, on) => {
    const w = world(on, { settings: {} })
    await $.turn.complete(ended())
    await w.clock.advance(60 * MIN)
    await $.turn.complete(ended())
    await w.clock.advance(60 * MIN)
    expect(w.compactions).toEqual([])
    expect(w.shown).toEqual([])
    expect(w.native).toEqual([STANDING_DOWN])
    expect(w.debug).toEqual([])
  })

  test('"idleCompaction": true, or a one-hour cache by the environment, reads the same', async ($, on) => {
    const w = world(on, { settings: { idleCompaction: true }, env: { ENABLE_PROMPT_CACHING_1H: '1' } })
    await $.turn.complete(ended())
    await w.clock.advance(60 * MIN)
    expect(w.compactions).toEqual([])
    expect(w.native).toEqual([
      'standing down: the engine\'s own idle compaction is on ("idleCompaction" is true) and compacts this 250,000-token session itself on the one-hour cache (ENABLE_PROMPT_CACHING_1H); set "idleCompaction": false in settings.json to have compact-idle compact instead',
    ])
  })

  test('turned on while a reservation waits: the timer stands down, and the next turn drops it', async ($, on) => {
    const w = world(on)
    await $.turn.complete(ended())
    expect(w.debug).toEqual(['compaction reserved in 50:00'])
    w.settings = {}
    await w.clock.advance(50 * MIN)
    expect(w.compactions).toEqual([])
    expect(w.native.at(-1)).toBe(STANDING_DOWN)
    await $.turn.complete(ended())
    expect(w.debug).toEqual(['compaction reserved in 50:00'])
    await w.clock.advance(60 * MIN)
    expect(w.compactions).toEqual([])
  })

  test('a reservation made while it was off is cancelled when a turn finds it on', async ($, on) => {
    const w = world(on)
    await $.turn.complete(ended())
    w.settings = {}
    await $.turn.complete(ended())
    expect(w.debug).toEqual(['compaction reserved in 50:00', "reservation cancelled: the engine's own idle compaction compacts this session"])
    await w.clock.advance(60 * MIN)
    expect(w.compactions).toEqual([])
  })
})

describe('unsure', () => {
  test('settings that cannot be read: nothing is reserved, and the debug log says why', async ($, on) => {
    const w = world(on, {
      settings: () => {
        throw new Error('settings unavailable')
      },
    })
    await $.turn.complete(ended())
    await w.clock.advance(60 * MIN)
    expect(w.compactions).toEqual([])
    expect(w.debug).toHaveLength(1)
    expect(w.debug[0]).toMatch(/^not reserving: could not tell whether the engine's own idle compaction is on \(/)
  })
})

describe('off or unable to fire: compact-idle does its job', () => {
  for (const [what, opts, said] of [
    ['"idleCompaction": false', { settings: { idleCompaction: false } }, '"idleCompaction" is false'],
    ['"autoCompactEnabled": false', { settings: { autoCompactEnabled: false } }, '"autoCompactEnabled" is false'],
    ['DISABLE_AUTO_COMPACT', { settings: {}, env: { DISABLE_AUTO_COMPACT: '1' } }, 'DISABLE_AUTO_COMPACT is set'],
    ['DISABLE_COMPACT', { settings: {}, env: { DISABLE_COMPACT: 'true' } }, 'DISABLE_COMPACT is set'],
    [
      'a five-minute cache (FORCE_PROMPT_CACHING_5M)',
      { settings: {}, env: { FORCE_PROMPT_CACHING_5M: '1', ENABLE_PROMPT_CACHING_1H: '1' } },
      'the prompt cache lasts 5 minutes (FORCE_PROMPT_CACHING_5M), and it fires only on the one-hour cache',
    ],
    [
      'a five-minute cache ("promptCacheTtl": "5m")',
      { settings: { promptCacheTtl: '5m' } },
      'the prompt cache lasts 5 minutes ("promptCacheTtl": "5m"), and it fires only on the one-hour cache',
    ],
    [
      'a context under its minimum (CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS)',
      { settings: {}, env: { CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS: '300000' } },
      'the context holds 250,000 tokens, under its minimum of 300,000',
    ],
  ] as const) {
    test(`${what}: it compacts once, and says why the engine will not`, async ($, on) => {
      const w = world(on, opts)
      await $.turn.complete(ended())
      await w.clock.advance(50 * MIN)
      expect(w.compactions).toEqual([{ trigger: 'plugin' }])
      expect(w.shown).toHaveLength(1)
      expect(w.native).toEqual([`the engine's own idle compaction cannot fire: ${said}`])
    })
  }

  test('a context under the default 200,000 with minTokens lowered: compact-idle compacts it', { options: { minTokens: 120_000 } }, async ($, on) => {
    const w = world(on, { settings: {}, tokens: 150_000 })
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    expect(w.compactions).toHaveLength(1)
    expect(w.native).toEqual(["the engine's own idle compaction cannot fire: the context holds 150,000 tokens, under its minimum of 200,000"])
  })

  test('the context growing past the minimum hands the session to the engine, said once more', { options: { minTokens: 120_000 } }, async ($, on) => {
    const w = world(on, { settings: {}, tokens: 150_000 })
    await $.turn.complete(ended())
    w.session.tokens = 250_000
    await $.turn.complete(ended())
    await w.clock.advance(60 * MIN)
    expect(w.compactions).toEqual([])
    expect(w.native).toEqual(["the engine's own idle compaction cannot fire: the context holds 150,000 tokens, under its minimum of 200,000", STANDING_DOWN])
  })
})

describe('nativeIdle, the rule', () => {
  const facts = (over: Partial<Parameters<typeof nativeIdle>[0]> = {}) => ({ settings: {}, env: {}, contextTokens: 250_000, ...over })

  test('on by default for a large context', () => {
    expect(nativeIdle(facts()).standsIn).toBe(true)
  })

  test('its minimum: max(100,000, CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS ?? 200,000)', () => {
    expect(nativeMinTokens({})).toBe(200_000)
    expect(nativeMinTokens({ CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS: '50000' })).toBe(100_000)
    expect(nativeMinTokens({ CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS: '150000' })).toBe(150_000)
    expect(nativeMinTokens({ CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS: 'lots' })).toBe(200_000)
    expect(nativeIdle(facts({ contextTokens: 199_999 })).standsIn).toBe(false)
    expect(nativeIdle(facts({ contextTokens: 200_000 })).standsIn).toBe(true)
  })

  test('no context reading reads as 0, as the engine reads it: it cannot fire', () => {
    expect(nativeIdle(facts({ contextTokens: undefined })).why).toBe(
      "the engine's own idle compaction cannot fire: the context holds 0 tokens, under its minimum of 200,000",
    )
  })

  test("the cache lifetime in the engine's order", () => {
    expect(nativeCacheTtl({ settings: {}, env: {} })).toEqual({ ttl: undefined, by: 'the account' })
    expect(nativeCacheTtl({ settings: { promptCacheTtl: '5m' }, env: { CLAUDE_CODE_PROMPT_CACHE_TTL: '1h' } }).ttl).toBe('1h')
    expect(nativeCacheTtl({ settings: { promptCacheTtl: '1h' }, env: { FORCE_PROMPT_CACHING_5M: '1' } }).ttl).toBe('5m')
    expect(nativeCacheTtl({ settings: { promptCacheTtl: '5m' }, env: { ENABLE_PROMPT_CACHING_1H: '1' } }).ttl).toBe('5m')
    expect(nativeCacheTtl({ settings: {}, env: { ENABLE_PROMPT_CACHING_1H: '0' } }).ttl).toBe(undefined)
  })
})
