import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { Arm, PostDoc } from '../plugin/hooks/protocol.ts'
import { type AbSession, abText, bootstrapDiff, compareArms, readAbSessions } from './ab.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const made: string[] = []
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })))

function post(over: Partial<PostDoc> = {}): PostDoc {
  return {
    v: 1,
    compaction: 1,
    arm: 'handoff',
    drawn: true,
    watchTurns: 10,
    turnsSeen: 10,
    complete: true,
    reReadRestored: [],
    reReadNamed: [],
    reRunCommands: [],
    notReadRefusals: 0,
    historyCalls: [],
    turnsToFirstToolCall: 1,
    compactedAgain: false,
    refsKnown: true,
    turns: [],
    ...over,
  }
}

const files = (k: number) => Array.from({ length: k }, (_, i) => `/p/f${i}.ts`)

/** `count` sessions of one arm, the i-th re-reading `reads(i)` files after its one compaction. */
function sessions(arm: Arm, count: number, reads: (i: number) => number, drawn = true): AbSession[] {
  return Array.from({ length: count }, (_, i) => ({
    sessionId: `${arm}-${i}`,
    arm,
    drawn,
    watches: [post({ arm, drawn, reReadRestored: files(reads(i)) })],
  }))
}

const metric = (r: ReturnType<typeof compareArms>, key: string) => r.metrics.find((m) => m.key === key)!

describe('compareArms', () => {
  test('too few sessions in an arm: the means are given, no difference and no verdict', () => {
    const r = compareArms([...sessions('handoff', 8, () => 1), ...sessions('stock', 3, () => 4)])
    assert.equal(r.enough, false)
    const m = metric(r, 'reReads')
    assert.deepEqual([m.handoff, m.stock, m.diff, m.ci, m.verdict], [{ sessions: 8, mean: 1 }, { sessions: 3, mean: 4 }, null, null, 'too-few'])
    assert.match(abText(r), /Too few sessions to tell: each arm needs at least 5 sessions with a watched compaction \(stock has 3\)/)
  })

  test('a clear difference: the interval excludes 0 on the right side', () => {
    const r = compareArms([...sessions('handoff', 12, (i) => i % 2), ...sessions('stock', 12, (i) => 3 + (i % 3))])
    const m = metric(r, 'reReads')
    assert.equal(r.enough, true)
    assert.equal(m.diff, 0.5 - 4)
    assert.ok(m.ci![0] <= m.diff! && m.diff! <= m.ci![1], JSON.stringify(m.ci))
    assert.ok(m.ci![1] < 0)
    assert.equal(m.verdict, 'handoff-lower')
    // The same arms in the other order flip the sign, not the width.
    const flipped = compareArms([...sessions('stock', 12, (i) => i % 2), ...sessions('handoff', 12, (i) => 3 + (i % 3))])
    assert.equal(metric(flipped, 'reReads').verdict, 'handoff-higher')
  })

  test('arms that overlap: no clear difference; the same seed gives the same interval', () => {
    const all = [...sessions('handoff', 10, (i) => i % 4), ...sessions('stock', 10, (i) => (i + 1) % 4)]
    const a = compareArms(all, { seed: 7 })
    assert.equal(metric(a, 'reReads').verdict, 'no-clear-difference')
    assert.deepEqual(metric(compareArms(all, { seed: 7 }), 'reReads').ci, metric(a, 'reReads').ci)
  })

  test('the unit is the session: a session with many compactions counts once, at its mean', () => {
    const heavy: AbSession = { sessionId: 'h', arm: 'handoff', drawn: true, watches: Array.from({ length: 9 }, () => post({ reRunCommands: ['x', 'y'] })) }
    const light: AbSession = { sessionId: 'l', arm: 'handoff', drawn: true, watches: [post()] }
    const m = metric(compareArms([heavy, light], { minSessions: 1 }), 'reRuns')
    assert.deepEqual(m.handoff, { sessions: 2, mean: 1 })
  })

  test('not drawn (live off) and watches that saw no turn are left out; a metric a watch lacks is skipped', () => {
    const r = compareArms([
      ...sessions('stock', 4, () => 2, false),
      { sessionId: 'empty', arm: 'stock', drawn: true, watches: [post({ arm: 'stock', turnsSeen: 0 })] },
      { sessionId: 'quiet', arm: 'handoff', drawn: true, watches: [post({ turnsToFirstToolCall: null })] },
    ])
    assert.deepEqual(r.notDrawn, { sessions: 4, compactions: 4 })
    assert.deepEqual(r.arms.stock, { sessions: 0, compactions: 0 })
    assert.deepEqual(metric(r, 'turnsToFirstToolCall').handoff, { sessions: 0, mean: null })
    assert.deepEqual(metric(r, 'reReads').handoff, { sessions: 1, mean: 0 })
  })
})

test('bootstrapDiff: a constant difference has a zero-width interval at it', () => {
  assert.deepEqual(bootstrapDiff([3, 3, 3], [1, 1], { resamples: 200, seed: 1, level: 0.95 }), [2, 2])
})

describe('the store and the command', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ch-ab-'))
  made.push(dataDir)
  const put = (mode: string, id: string, name: string, doc: unknown) => {
    mkdirSync(join(dataDir, mode, id), { recursive: true })
    writeFileSync(join(dataDir, mode, id, name), typeof doc === 'string' ? doc : JSON.stringify(doc))
  }
  put('sessions', 'a', '001.post.json', post({ reRunCommands: ['npm test'] }))
  put('sessions', 'a', '002.post.json', post({ compaction: 2 }))
  put('rehearsals', 'b', '001.post.json', post({ arm: 'stock', reReadNamed: ['/p/x'] }))
  put('rehearsals', 'b', '002.post.json', '{"v":1,"arm":"st') // torn: skipped
  put('rehearsals', 'c', '001-2026-01-02T03-04-05-006Z.json', { outcome: 'rehearsed' })

  test('readAbSessions: every post.json by session and arm, a damaged one skipped', async () => {
    const ss = (await readAbSessions(dataDir)).sort((x, y) => x.sessionId.localeCompare(y.sessionId))
    assert.deepEqual(
      ss.map((s) => [s.sessionId, s.arm, s.watches.map((w) => w.compaction)]),
      [
        ['a', 'handoff', [1, 2]],
        ['b', 'stock', [1]],
      ],
    )
  })

  test('compact-handoff report --ab: the text, and --json', () => {
    const cli = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', join(root, 'cli', 'main.ts'), 'report', '--ab', '--data-dir', dataDir, ...args], {
        encoding: 'utf8',
        cwd: root,
      })
    const text = cli([])
    assert.equal(text.status, 0, text.stderr)
    assert.match(text.stdout, /Sessions the draw assigned: handoff 1 \(2 compactions\), stock 1 \(1 compactions\)/)
    assert.match(text.stdout, /Too few sessions to tell/)
    assert.match(text.stdout, /listed commands run again +0\.50 +0\.00/)
    const json = cli(['--json', '--min-sessions', '1'])
    assert.equal(json.status, 0, json.stderr)
    const r = JSON.parse(json.stdout)
    assert.equal(r.enough, true)
    assert.equal(r.metrics.find((m: { key: string }) => m.key === 'reReads').diff, -1)
    const bad = cli(['--resamples', '5'])
    assert.equal(bad.status, 2)
    assert.match(bad.stderr, /--resamples takes a whole number from 100/)
  })
})
