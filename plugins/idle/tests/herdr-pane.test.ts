import { describe, expect, test } from 'claude-code/testing'
import { ended, MIN, started, world } from './world'

const HERDR = { HERDR_ENV: '1', HERDR_PANE_ID: 'w2:p5', HERDR_BIN_PATH: '/opt/herdr/bin/herdr' }

/** herdr answering `agent explain` with these screen states in turn, the last one from then on. */
function screens(...states: string[]) {
  let n = 0
  return (argv: readonly string[]) => (argv[2] === 'explain' ? { stdout: JSON.stringify({ state: states[Math.min(n++, states.length - 1)] }) } : {})
}

const seqOf = (argv: readonly string[]) => BigInt(argv[argv.indexOf('--seq') + 1]!)

describe('inside a herdr pane', () => {
  test('reports the pane idle, compacts, waits for an idle screen, hands the pane back, reports the session', async ($, on) => {
    const w = world(on, { env: HERDR, herdr: screens('working', 'working', 'idle') })
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    expect(w.timeline).toEqual(['run pane report-agent', 'compact', 'show', 'run agent explain'])
    await w.clock.advance(250)
    await w.clock.advance(250)
    expect(w.timeline.filter((t) => t === 'run agent explain')).toHaveLength(3)
    await w.clock.advance(999)
    expect(w.timeline.at(-1)).toBe('run agent explain')
    await w.clock.advance(1)
    expect(w.timeline.slice(-2)).toEqual(['run pane release-agent', 'run pane report-agent-session'])

    const [idle, explain, , , release, session] = w.runs
    expect(idle!.slice(0, 10)).toEqual([
      '/opt/herdr/bin/herdr',
      'pane',
      'report-agent',
      'w2:p5',
      '--source',
      'herdr:claude',
      '--agent',
      'claude',
      '--state',
      'idle',
    ])
    expect(idle!.slice(-2)).toEqual(['--agent-session-id', 'session-1'])
    expect(explain).toEqual(['/opt/herdr/bin/herdr', 'agent', 'explain', 'w2:p5', '--json'])
    expect(release!.slice(0, 8)).toEqual(['/opt/herdr/bin/herdr', 'pane', 'release-agent', 'w2:p5', '--source', 'herdr:claude', '--agent', 'claude'])
    expect(session!.slice(0, 8)).toEqual(['/opt/herdr/bin/herdr', 'pane', 'report-agent-session', 'w2:p5', '--source', 'herdr:claude', '--agent', 'claude'])
    expect(session!.slice(-2)).toEqual(['--agent-session-id', 'session-1'])
    expect(seqOf(release!) > seqOf(idle!)).toBe(true)
    expect(seqOf(session!) > seqOf(release!)).toBe(true)
    expect(w.debug.at(-1)).toBe('herdr pane w2:p5 handed back')
    expect(w.shown).toHaveLength(1)
  })

  test('waits at most 10 s for an idle screen, then hands the pane back anyway', async ($, on) => {
    const w = world(on, { env: HERDR, herdr: screens('working') })
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    await w.clock.advance(9_750)
    expect(w.timeline.at(-1)).toBe('run agent explain')
    await w.clock.advance(250)
    // one poll every 250 ms from 0 to 10 s inclusive
    expect(w.timeline.filter((t) => t === 'run agent explain')).toHaveLength(41)
    expect(w.timeline.slice(-2)).toEqual(['run pane release-agent', 'run pane report-agent-session'])
    expect(w.debug).toContain('herdr did not read the screen idle within 10 s; handing the pane back anyway')
  })

  test('a turn starting while the pane is pinned hands it back at once', async ($, on) => {
    const w = world(on, { env: HERDR, herdr: screens('working') })
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    await $.turn.start(started())
    await w.clock.settle()
    expect(w.timeline.slice(-2)).toEqual(['run pane release-agent', 'run pane report-agent-session'])
    const before = w.runs.length
    await w.clock.advance(20_000)
    expect(w.runs).toHaveLength(before)
  })

  test('a turn starting during the idle report stops the compaction and hands the pane back', async ($, on) => {
    let n = 0
    const w = world(on, {
      env: HERDR,
      herdr: async (argv) => {
        if (argv[2] === 'report-agent' && n++ === 0) await $.turn.start(started())
        return {}
      },
    })
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    await w.clock.settle()
    expect(w.compactions).toEqual([])
    expect(w.timeline).toEqual(['run pane report-agent', 'run pane release-agent', 'run pane report-agent-session'])
    expect(w.debug).toContain('skipped: a turn started while the checks ran')
  })

  test('herdr failing goes to the debug log only; the compaction still runs', async ($, on) => {
    const w = world(on, { env: HERDR, herdr: () => ({ exitCode: 2, stderr: 'no such pane: w2:p5\n' }) })
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    expect(w.compactions).toHaveLength(1)
    expect(w.shown).toHaveLength(1)
    expect(w.debug).toContain('herdr pane report-agent exited 2: no such pane: w2:p5')
    // not pinned, so nothing to hand back
    expect(w.timeline).toEqual(['run pane report-agent', 'compact', 'show'])
  })

  test('herdr missing (the command cannot start) goes to the debug log only', async ($, on) => {
    const w = world(on, {
      env: HERDR,
      herdr: () => {
        throw new Error('spawn /opt/herdr/bin/herdr ENOENT')
      },
    })
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    expect(w.compactions).toHaveLength(1)
    expect(w.shown).toHaveLength(1)
    expect(w.debug.some((l) => l.startsWith('herdr pane report-agent failed: '))).toBe(true)
  })

  test('outside herdr no herdr command runs', async ($, on) => {
    const w = world(on, { env: { HERDR_PANE_ID: 'w2:p5' } })
    await $.turn.complete(ended())
    await w.clock.advance(50 * MIN)
    await w.clock.advance(20_000)
    expect(w.compactions).toHaveLength(1)
    expect(w.runs).toEqual([])
  })
})

describe("around the engine's own idle compaction (it stands in, so compact-idle reserves nothing)", () => {
  const NATIVE_ON = {}
  /** What the engine hands a compaction between turns: the conversation, its answer last. */
  const messages = [
    { role: 'user' as const, text: 'Plan the release notes, then wait for me.', toolUses: [] },
    { role: 'assistant' as const, text: 'Planned.', toolUses: [] },
  ]

  test('reports the pane idle, lets the engine compact, waits for an idle screen, hands the pane back', async ($, on) => {
    const w = world(on, { env: HERDR, settings: NATIVE_ON, herdr: screens('working', 'idle') })
    await $.turn.complete(ended())
    // Between turns, the engine raises its idle compaction as `auto`.
    await $.session.compact({ trigger: 'auto', messages })
    expect(w.compactions).toEqual([{ trigger: 'auto' }])
    expect(w.timeline.slice(0, 2)).toEqual(['run pane report-agent', 'compact'])
    await w.clock.settle()
    await w.clock.advance(250)
    await w.clock.advance(1_000)
    expect(w.timeline).toEqual([
      'run pane report-agent',
      'compact',
      'run agent explain',
      'run agent explain',
      'run pane release-agent',
      'run pane report-agent-session',
    ])
    expect(w.runs[0]!.slice(-2)).toEqual(['--agent-session-id', 'session-1'])
    expect(w.debug).toContain('the engine is compacting the idle session itself (its own idle compaction)')
    expect(w.debug.at(-1)).toBe('herdr pane w2:p5 handed back')
    // compact-idle itself shows nothing and compacts nothing more.
    await w.clock.advance(60 * MIN)
    expect(w.shown).toEqual([])
    expect(w.compactions).toHaveLength(1)
  })

  test('an automatic compaction inside a turn is not the idle one: no herdr command', async ($, on) => {
    const w = world(on, { env: HERDR, settings: NATIVE_ON, herdr: screens('idle') })
    await $.turn.complete(ended())
    await $.turn.start(started())
    await $.session.compact({ trigger: 'auto', messages })
    await w.clock.advance(20_000)
    expect(w.compactions).toEqual([{ trigger: 'auto' }])
    expect(w.runs).toEqual([])
  })

  test('a /compact between turns is not the idle one either', async ($, on) => {
    const w = world(on, { env: HERDR, settings: NATIVE_ON, herdr: screens('idle') })
    await $.turn.complete(ended())
    await $.session.compact({ trigger: 'manual', messages })
    await w.clock.advance(20_000)
    expect(w.runs).toEqual([])
  })
})
