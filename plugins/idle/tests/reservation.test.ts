import { describe, expect, test } from 'claude-code/testing'
import { ended, MIN, started, world } from './world'

describe('reserving', () => {
  test('an answered turn reserves one compaction for 50 minutes later', async ($, on) => {
    const w = world(on)
    await $.turn.complete(ended())
    expect(w.debug).toEqual(['compaction reserved in 50:00'])
    await w.clock.advance(50 * MIN - 1)
    expect(w.compactions).toEqual([])
    await w.clock.advance(1)
    expect(w.compactions).toEqual([{ trigger: 'plugin' }])
  })

  test('every answered turn restarts the reservation; only one ever fires', async ($, on) => {
    const w = world(on)
    await $.turn.complete(ended())
    await w.clock.advance(30 * MIN)
    await $.turn.complete(ended())
    expect(w.debug.at(-1)).toBe('compaction reserved in 50:00 (the earlier reservation restarted)')
    await w.clock.advance(20 * MIN)
    expect(w.compactions).toEqual([])
    await w.clock.advance(30 * MIN)
    expect(w.compactions).toHaveLength(1)
    await w.clock.advance(120 * MIN)
    expect(w.compactions).toHaveLength(1)
  })

  for (const [what, over] of [
    ['a subagent turn', { agentId: 'agent-7' }],
    ['an interrupted turn', { reason: 'aborted', isAborted: true }],
    ['a refusal', { reason: 'refusal', refusal: { category: null, explanation: null } }],
    ['a turn ended by an error', { reason: 'error' }],
  ] as const) {
    test(`${what} does not reserve`, async ($, on) => {
      const w = world(on)
      await $.turn.complete(ended(over))
      await w.clock.advance(60 * MIN)
      expect(w.compactions).toEqual([])
      expect(w.debug.some((l) => l.startsWith('compaction reserved'))).toBe(false)
    })
  }

  test('a subagent turn ending leaves the main reservation alone', async ($, on) => {
    const w = world(on)
    await $.turn.complete(ended())
    await w.clock.advance(10 * MIN)
    await $.turn.start(started({ agentId: 'agent-7' }))
    await $.turn.complete(ended({ agentId: 'agent-7' }))
    await w.clock.advance(40 * MIN)
    expect(w.compactions).toHaveLength(1)
  })

  test('a failed turn after an answered one drops the reservation', async ($, on) => {
    const w = world(on)
    await $.turn.complete(ended())
    await $.turn.complete(ended({ reason: 'error' }))
    expect(w.debug).toEqual(['compaction reserved in 50:00', 'reservation cancelled: the turn ended with error', 'not reserving: the turn ended with error'])
    await w.clock.advance(60 * MIN)
    expect(w.compactions).toEqual([])
  })

  test('userConfig sets the delay, in minutes', { options: { delay: 0.05, latest: 1 } }, async ($, on) => {
    const w = world(on)
    await $.turn.complete(ended())
    expect(w.debug).toEqual(['compaction reserved in 0:03'])
    await w.clock.advance(3_000)
    expect(w.compactions).toHaveLength(1)
  })

  test('latest not after delay: nothing is reserved, and the debug log says why', { options: { delay: 30, latest: 20 } }, async ($, on) => {
    const w = world(on)
    await $.session.start({ cwd: '/project', surface: null, isInteractive: true } as never)
    await $.turn.complete(ended())
    await w.clock.advance(60 * MIN)
    expect(w.compactions).toEqual([])
    expect(w.debug[0]).toBe('settings: latest (20 min) must be later than delay (30 min); no compaction will be reserved')
  })
})

describe('cancelling', () => {
  test('a turn starting cancels it', async ($, on) => {
    const w = world(on)
    await $.turn.complete(ended())
    await w.clock.advance(49 * MIN)
    await $.turn.start(started())
    expect(w.debug.at(-1)).toBe('reservation cancelled: a turn started')
    await w.clock.advance(60 * MIN)
    expect(w.compactions).toEqual([])
  })

  for (const trigger of ['manual', 'auto'] as const) {
    test(`a ${trigger} compaction of the conversation cancels it`, async ($, on) => {
      const w = world(on)
      await $.turn.complete(ended())
      await $.session.compact({ trigger, messages: [{ role: 'user', text: 'hi', toolUses: [] }] })
      expect(w.debug).toContain(`reservation cancelled: a ${trigger} compaction of the conversation`)
      await w.clock.advance(60 * MIN)
      expect(w.compactions).toEqual([{ trigger }])
    })
  }

  test("a subagent's compaction or a precompute leaves it", async ($, on) => {
    const w = world(on)
    await $.turn.complete(ended())
    await $.session.compact({ trigger: 'auto', agentId: 'agent-7', messages: [{ role: 'user', text: 'hi', toolUses: [] }] })
    await $.session.compact({ trigger: 'precompute', messages: [{ role: 'user', text: 'hi', toolUses: [] }] })
    await w.clock.advance(50 * MIN)
    expect(w.compactions).toEqual([{ trigger: 'auto', agentId: 'agent-7' }, { trigger: 'precompute' }, { trigger: 'plugin' }])
  })

  test('the session ending cancels it (/clear included)', async ($, on) => {
    const w = world(on)
    await $.turn.complete(ended())
    await $.session.end({ reason: 'clear', sessionId: 'session-1', resume: { id: 'session-1' } } as never)
    expect(w.debug.at(-1)).toBe('reservation cancelled: the session ended (clear)')
    await w.clock.advance(60 * MIN)
    expect(w.compactions).toEqual([])
  })
})
