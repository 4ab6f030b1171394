/**
 * Pricing: a known model from reported usage, the long-prompt band, and every way a cost is
 * null with a reason rather than 0.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { costOf, modelCallRow, normalizeModelId, PRICES, priceOf } from './pricing.ts'

const usage = (inputTokens: number, outputTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0) => ({
  inputTokens,
  outputTokens,
  cacheReadTokens,
  cacheWriteTokens,
})

describe('pricing', () => {
  test('every price records where it was read and when', () => {
    for (const [id, p] of Object.entries(PRICES)) {
      assert.match(p.source, /^https:\/\/platform\.claude\.com\//, id)
      assert.match(p.read, /^\d{4}-\d{2}-\d{2}$/, id)
    }
  })

  test('opus 5.5: each kind of token at its own rate', () => {
    // 10k input at $4, 2k output at $20, 100k cache read at $0.20, 4k cache write at $5 (per MTok).
    const c = costOf('claude-opus-5-5', usage(10_000, 2_000, 100_000, 4_000))
    assert.equal(c.usd, 0.12)
    assert.match(c.basis, /^measured: .*claude-opus-5-5 .*read \d{4}-\d{2}-\d{2} from https:/)
  })

  test('haiku 5.5: a prompt over 100k tokens bills every token in the long band', () => {
    const short = costOf('claude-haiku-5-5', usage(50_000, 1_000, 50_000))
    assert.equal(short.usd, 0.006)
    const long = costOf('claude-haiku-5-5', usage(50_000, 1_000, 50_001))
    assert.equal(long.usd, Math.round(50_000 * 0.5 + 1_000 * 2.5 + 50_001 * 0.05) / 1e6)
    assert.match(long.basis, /prompt over 100,000 tokens/)
  })

  test('ids with a date or a [1m] suffix price as their model', () => {
    assert.equal(normalizeModelId('claude-opus-4-5-20251101'), 'claude-opus-4-5')
    assert.equal(normalizeModelId('claude-opus-5-5[1m]'), 'claude-opus-5-5')
    assert.ok(priceOf('Claude-Opus-5-5'))
  })

  test('never 0 for what was not measured: unknown model, no usage, no model', () => {
    assert.deepEqual(costOf('claude-sonnet-9', usage(1, 1)), { usd: null, reason: 'no price on record for claude-sonnet-9', basis: 'unpriced' })
    assert.equal(costOf('claude-opus-5-5', undefined).usd, null)
    assert.match(costOf('claude-opus-5-5', undefined).reason!, /no usage/)
    assert.equal(costOf(undefined, usage(1, 1)).usd, null)
  })

  test('a model call row: path, warmth, model and cost in one shape', () => {
    const row = modelCallRow('fork', { isAnswered: true, text: 'abc', usage: usage(0, 1_000) }, 'claude-opus-5-5')
    assert.deepEqual(
      { path: row.path, warm: row.warm, model: row.model, usd: row.cost.usd, replyChars: row.replyChars },
      { path: 'fork', warm: true, model: 'claude-opus-5-5', usd: 0.02, replyChars: 3 },
    )
    const none = modelCallRow('complete', null, 'claude-opus-5-5')
    assert.equal(none.cost.usd, null)
    assert.equal(none.replyChars, null)
    assert.equal(none.warm, false)
  })
})
