import type { Engine, MockClock } from 'claude-code/testing'
import { describe, expect, test } from 'claude-code/testing'
import { ended, MIN, started, world } from './world'

const LINE =
  'compacted 250,000 tokens of idle context while the prompt cache was still warm; summarizer cache hit 90.0% (180,000 read, 19,000 written, 1,000 uncached)'

/**
 * A timer that fires `lateMs` after it was due, as one does after the computer slept: the
 * reserving turn's `$.session.id()` answers that much later, so the timer starts late while
 * the turn's end was stamped on time.
 */
async function reserveLate($: Engine, w: { clock: MockClock }, lateMs: number, hold: { late: boolean }) {
  hold.late = true
  const done = $.turn.complete(ended())
  await w.clock.advance(lateMs)
  await done
  hold.late = false
}

describe('when the timer fires', () => {
  test('it compacts and shows one line: tokens and the summarizer cache hit rate', async ($, on) => {
    const w = world(on)
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    expect(w.compactions).toEqual([{ trigger: 'plugin' }])
    expect(w.shown).toEqual([LINE])
    expect(w.debug).toEqual([
      'compaction reserved in 50:00',
      'compacting 250,000 tokens, 50:00 after the turn ended',
      'compacted 250000 → 4000; summarizer read 180000, wrote 19000, uncached 1000, output 900',
    ])
  })

  test('without usage from the compaction, the line has no hit rate', async ($, on) => {
    const w = world(on, { compaction: { messages: [{ role: 'user', text: 'Summary', toolUses: [] }], tokensBefore: 312_000 } })
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    expect(w.shown).toEqual(['compacted 312,000 tokens of idle context while the prompt cache was still warm'])
  })

  for (const [late, compacts] of [
    [7 * MIN + 59_000, true],
    [8 * MIN, false],
  ] as const) {
    test(`a timer ${late / 1000} s late ${compacts ? 'still compacts (before 58 min)' : 'is skipped (58 min or more)'}`, async ($, on) => {
      const hold = { late: false }
      const w = world(on, { beforeSessionId: () => hold.late && w.clock.sleep(late) })
      await reserveLate($, w, late, hold)
      await w.clock.advance(50 * MIN)
      expect(w.compactions).toHaveLength(compacts ? 1 : 0)
      if (!compacts) expect(w.debug.at(-1)).toBe('skipped: 58:00 passed since the turn ended, outside 50:00–58:00 (delay, latest)')
    })
  }

  test('another session is skipped', async ($, on) => {
    const w = world(on)
    await $.turn.complete(ended())
    w.session.id = 'session-2'
    await w.clock.advance(50 * MIN)
    expect(w.compactions).toEqual([])
    expect(w.shown).toEqual([])
    expect(w.debug.at(-1)).toBe('skipped: the session changed (reserved in session-1, now session-2)')
  })

  test('a context under minTokens is skipped', async ($, on) => {
    const w = world(on, { tokens: 199_999 })
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    expect(w.compactions).toEqual([])
    expect(w.debug.at(-1)).toBe('skipped: the context holds 199,999 tokens, under 200,000 (minTokens)')
  })

  test('minTokens is a setting', { options: { minTokens: 100_000 } }, async ($, on) => {
    const w = world(on, { tokens: 150_000 })
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    expect(w.compactions).toHaveLength(1)
  })

  test('no context reading is skipped', async ($, on) => {
    const w = world(on, { tokens: undefined })
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    expect(w.compactions).toEqual([])
    expect(w.debug.at(-1)).toBe('skipped: the engine reports no context size yet')
  })

  test('a turn that starts while the checks run stops it', async ($, on) => {
    let startTurn = false
    const w = world(on, { beforeUsage: () => startTurn && $.turn.start(started()) })
    await $.turn.complete(ended())
    startTurn = true
    await w.clock.advance(50 * MIN)
    expect(w.compactions).toEqual([])
    expect(w.debug.at(-1)).toBe('skipped: a turn started while the checks ran')
  })
})

describe('once only', () => {
  test('after compacting it reserves nothing by itself', async ($, on) => {
    const w = world(on)
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    await w.clock.advance(24 * 60 * MIN)
    expect(w.compactions).toHaveLength(1)
    expect(w.debug.filter((l) => l.startsWith('compaction reserved'))).toHaveLength(1)
  })

  test('a skipped check is not retried', async ($, on) => {
    const w = world(on, { tokens: 10 })
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    w.session.tokens = 900_000
    await w.clock.advance(24 * 60 * MIN)
    expect(w.compactions).toEqual([])
  })

  test('a failed compaction is logged, shown nowhere and not retried', async ($, on) => {
    const w = world(on, {
      compaction: () => {
        throw new Error('Not enough messages to compact.')
      },
    })
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    await w.clock.advance(24 * 60 * MIN)
    expect(w.compactions).toHaveLength(1)
    expect(w.shown).toEqual([])
    expect(w.debug.at(-1)).toMatch(/^the compaction failed \(not retried\): /)
  })

  test('a check that fails is logged and not retried', async ($, on) => {
    let broken = false
    const w = world(on, {
      beforeUsage: () => {
        if (broken) throw new Error('usage unavailable')
      },
    })
    await $.turn.complete(ended())
    broken = true
    await w.clock.advance(50 * MIN)
    broken = false
    await w.clock.advance(24 * 60 * MIN)
    expect(w.compactions).toEqual([])
    expect(w.debug.at(-1)).toMatch(/^the checks failed \(not retried\): /)
  })

  test('a vetoed compaction is logged, shown nowhere and not retried', async ($, on) => {
    const w = world(on, { compaction: { skip: 'a policy said no' } })
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    await w.clock.advance(24 * 60 * MIN)
    expect(w.compactions).toHaveLength(1)
    expect(w.shown).toEqual([])
    expect(w.debug.at(-1)).toBe('the compaction was vetoed: a policy said no')
  })

  test('the next answered turn reserves again', async ($, on) => {
    const w = world(on)
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    await $.turn.start(started())
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    expect(w.compactions).toHaveLength(2)
  })
})
