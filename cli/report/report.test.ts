/**
 * The report's reading of the store and its A/B figures, on stores written here: what older or
 * damaged files give (skipped and counted, or named, never an error), the bootstrap interval, and
 * the page's escaping of what a store holds. The whole page in a browser: test/e2e/report.test.ts.
 */
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { after, describe, test } from 'node:test'
import { compareArms, postWatch, readAbSessions } from '../../store/ab.ts'
import { findQuality, readReport } from './data.ts'
import { medianOf, renderPage } from './page.ts'

const dirs: string[] = []
after(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** A data dir with one live session holding one compaction row (as the store names it) and `extra` files. */
function store(row: Record<string, unknown>, extra: Record<string, string> = {}): { dataDir: string; dir: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'ch-report-unit-'))
  dirs.push(dataDir)
  const dir = join(dataDir, 'sessions', 'sess-1')
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, '001-2026-01-02T03-04-05-006Z.json'), JSON.stringify({ v: 1, at: '2026-01-02T03:04:05.006Z', sessionId: 'sess-1', ...row }))
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text)
  return { dataDir, dir }
}

describe('report: reading the store', () => {
  test('window.jsonl: a torn line and a line lacking a figure are skipped and counted; the rest are kept in turn order', async () => {
    const lines = [
      { v: 1, at: 'a', turn: 2, tokens: 900, window: 1000, share: 0.9, phase: 0 },
      { v: 1, at: 'b', turn: 1, tokens: 100, window: 1000, share: 0.1, phase: 0 },
      { v: 1, at: 'c', turn: 3, window: 1000, share: 0.2, phase: 1 },
    ]
    const { dataDir } = store(
      { outcome: 'replaced', lineage: { n: 1, prev: null }, sections: [] },
      { 'window.jsonl': lines.map((l) => JSON.stringify(l)).join('\n') + '\n{"v":1,"turn":4,"tok' },
    )
    const r = await readReport(dataDir, { quality: null })
    const s = r.sessions[0]!
    assert.deepEqual(
      s.window!.map((w) => w.turn),
      [1, 2],
    )
    assert.equal(s.windowSkipped, 2)
  })

  test('window.jsonl: a turn the engine gave no usage for is a row (counted, not drawn), not a damaged line', async () => {
    const lines = [
      { v: 1, at: 'a', turn: 1, tokens: 100, window: 1000, share: 0.1, phase: 0 },
      {
        v: 1,
        at: 'b',
        turn: 2,
        tokens: null,
        window: null,
        share: null,
        phase: 0,
        reason: 'the engine reported no usage for this turn (interrupted, or an API error)',
      },
      { v: 1, at: 'c', turn: 3, tokens: null, window: null, share: null, phase: 0 },
    ]
    const { dataDir } = store(
      { outcome: 'replaced', lineage: { n: 1, prev: null }, sections: [] },
      { 'window.jsonl': lines.map((l) => JSON.stringify(l)).join('\n') + '\n' },
    )
    const r = await readReport(dataDir, { quality: null })
    const s = r.sessions[0]!
    assert.deepEqual(
      s.window!.map((w) => [w.turn, w.share, w.reason ?? null]),
      [
        [1, 0.1, null],
        [2, null, lines[1]!.reason],
      ],
    )
    assert.equal(s.windowSkipped, 1, 'no tokens and no reason: not a row the plugin writes')
    const html = await renderPage(r)
    assert.match(html, /2 turns · peak 10 % of 1,000 tokens · 1 compaction · 1 turn\(s\) without usage, not drawn \(the engine reported no usage/)
    assert.equal((html.match(/class="[^"]*occupancy_turn_marks/g) ?? []).length, 1)
  })

  test('the row says who asked for a compaction and a cold fork; a watch whose refs are not known yet says so', async () => {
    const post = { v: 1, compaction: 1, arm: 'handoff', drawn: true, watchTurns: 10, turnsSeen: 1, complete: false, refsKnown: false }
    const { dataDir } = store(
      {
        outcome: 'replaced',
        lineage: { n: 1, prev: null },
        sections: [],
        arm: 'handoff',
        ab: { share: 0.2, draw: 0.61 },
        requestedBy: 'handoff_compact',
        fork: { inputTokens: 900, conversationTokens: 40_000, cold: true },
      },
      { '001.post.json': JSON.stringify(post) },
    )
    const r = await readReport(dataDir, { quality: null })
    const c = r.sessions[0]!.compactions[0]!
    assert.deepEqual([c.requestedBy, c.fork?.cold, c.ab, c.post?.refsKnown, c.post?.drawn], ['handoff_compact', true, { share: 0.2, draw: 0.61 }, false, true])
    const html = await renderPage(r)
    assert.match(html, /asked for by handoff_compact/)
    assert.match(html, /1 asked for · <b>1 cold fork<\/b>/)
    assert.match(html, /title="the summary&#39;s fork read 900 tokens of a 40,000-token conversation">cold fork</)
    assert.match(html, /title="drawn 0\.610 against abStockShare 0\.2">handoff</)
    assert.match(html, /<td class="num muted" colspan="3">not known yet/)
  })

  test('an older store: no window.jsonl and no post.json read as null, and a session folder with nothing in it is not shown', async () => {
    const { dataDir } = store({ outcome: 'rehearsed', lineage: { n: 1, prev: null }, sections: [{ name: 'ledger', status: 'ok', chars: 10, ms: 3 }] })
    mkdirSync(join(dataDir, 'rehearsals', 'died-before-its-row'), { recursive: true })
    const r = await readReport(dataDir, { quality: null })
    assert.deepEqual(
      r.sessions.map((s) => s.sessionId),
      ['sess-1'],
    )
    assert.equal(r.sessions[0]!.window, null)
    assert.equal(r.sessions[0]!.compactions[0]!.post, null)
    assert.deepEqual(r.sessions[0]!.compactions[0]!.problems, [])
    assert.match((r.quality as { missing: string }).missing, /no quality results found/)
    const empty = join(dataDir, 'quality.json')
    writeFileSync(empty, '{"means":{}}')
    assert.match(((await readReport(dataDir, { quality: empty })).quality as { missing: string }).missing, /quality\.json holds no results/)
  })

  test('a post.json that does not parse is named on its compaction, and the page lists it', async () => {
    const { dataDir } = store({ outcome: 'replaced', lineage: { n: 1, prev: null }, sections: [] }, { '001.post.json': '{"v":1,"compaction":' })
    const r = await readReport(dataDir, { quality: null })
    const c = r.sessions[0]!.compactions[0]!
    assert.equal(c.post, null)
    assert.match(c.problems[0]!, /^001\.post\.json does not parse: /)
    const html = await renderPage(r)
    assert.match(html, /<section id="problems">.*001\.post\.json does not parse/s)
  })

  test("the quality results: the file named, else the working folder's bench/results, else the clone's this code runs from", () => {
    const cwd = mkdtempSync(join(tmpdir(), 'ch-report-cwd-'))
    dirs.push(cwd)
    assert.equal(findQuality('q.json', cwd), join(cwd, 'q.json'))
    const clone = join(import.meta.dirname, '..', '..', 'bench', 'results', 'quality.json')
    assert.equal(findQuality(undefined, cwd), existsSync(clone) ? resolve(clone) : null)
    mkdirSync(join(cwd, 'bench', 'results'), { recursive: true })
    writeFileSync(join(cwd, 'bench', 'results', 'quality.json'), '{}')
    assert.equal(findQuality(undefined, cwd), join(cwd, 'bench', 'results', 'quality.json'))
  })

  test("the arm comes from the row, else from the watch's file; unknown values are not an arm", () => {
    assert.equal(postWatch({ arm: 'stock' }).arm, 'stock')
    assert.equal(postWatch({ arm: 'STOCK' }).arm, null)
    const p = postWatch({ reReadNamed: ['a', 3, 'b'], historyCalls: [{ tool: 'handoff_search', results: 2 }, 'junk'], turnsToFirstToolCall: 'soon' })
    assert.deepEqual(p.reReadNamed, ['a', 'b'])
    assert.deepEqual(p.historyCalls, [{ tool: 'handoff_search', input: {}, results: 2 }])
    assert.equal(p.turnsToFirstToolCall, null)
  })

  test("the page escapes what the store holds, in its tables and in the charts' SVG: a section's name or message cannot open a tag", async () => {
    const { dataDir } = store({
      outcome: 'replaced',
      lineage: { n: 1, prev: null },
      sections: [
        { name: 'ledger', status: 'ok', chars: 10, ms: 3 },
        { name: '<img src=x onerror=alert(2)>', status: 'ok', chars: 20, ms: 3 },
        { name: 'probe', status: 'dropped', code: 'SECTION_THREW', message: '<script>alert(1)</script>', chars: null, ms: 1 },
      ],
    })
    const html = await renderPage(await readReport(dataDir, { quality: null }))
    assert.doesNotMatch(html, /<script|<img/)
    assert.ok((html.match(/&lt;img src=x onerror=alert\(2\)&gt;/g) ?? []).length >= 3, 'in the table, the legend and the mark')
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/)
  })
})

describe("report: the A/B table is store/ab.ts's comparison", () => {
  /** A store of sessions, each with one watched compaction re-running `reRuns` listed commands. */
  function abStore(arms: Array<{ arm: 'handoff' | 'stock'; reRuns: number }>): string {
    const dataDir = mkdtempSync(join(tmpdir(), 'ch-report-ab-'))
    dirs.push(dataDir)
    arms.forEach(({ arm, reRuns }, i) => {
      const dir = join(dataDir, arm === 'stock' ? 'rehearsals' : 'sessions', `s${i}`)
      mkdirSync(dir, { recursive: true })
      const row = {
        v: 1,
        at: '2026-01-02T03:04:05.006Z',
        sessionId: `s${i}`,
        outcome: arm === 'stock' ? 'rehearsed' : 'replaced',
        arm,
        lineage: { n: 1, prev: null },
        sections: [],
      }
      writeFileSync(join(dir, '001-2026-01-02T03-04-05-006Z.json'), JSON.stringify(row))
      const post = { v: 1, compaction: 1, arm, drawn: true, watchTurns: 10, turnsSeen: 3, complete: false, refsKnown: true }
      writeFileSync(join(dir, '001.post.json'), JSON.stringify({ ...post, reRunCommands: Array.from({ length: reRuns }, (_, k) => `cmd ${k}`) }))
    })
    return dataDir
  }

  test('enough sessions: each arm, the difference with its interval, the verdict, as compareArms gives them', async () => {
    const dataDir = abStore([
      ...[0, 1, 0, 1, 0].map((reRuns) => ({ arm: 'handoff' as const, reRuns })),
      ...[3, 4, 3, 4, 3].map((reRuns) => ({ arm: 'stock' as const, reRuns })),
    ])
    const r = await readReport(dataDir, { quality: null })
    const expected = compareArms(await readAbSessions(dataDir))
    assert.deepEqual(r.ab, expected)
    const m = r.ab.metrics.find((x) => x.key === 'reRuns')!
    assert.deepEqual([m.handoff.mean, m.stock.mean, m.diff, m.verdict], [0.4, 3.4, -3, 'handoff-lower'])
    const html = await renderPage(r)
    const row = html.match(/<tr><td>listed commands run again.*?<\/tr>/)![0]
    assert.equal(
      row,
      `<tr><td>listed commands run again<small>lower is better</small></td><td class="num">0.40</td><td class="num">3.40</td><td class="num">-3.00<small>95 % CI ${m.ci![0].toFixed(2)} to ${m.ci![1].toFixed(2)}</small></td><td class="verdict good">handoff lower</td></tr>`,
    )
    assert.doesNotMatch(html, /Too few sessions/)
  })

  test('too few sessions: the means shown, no difference, and the verdict naming each arm short; one session reported alone counts alone', async () => {
    const dataDir = abStore([
      { arm: 'handoff', reRuns: 1 },
      { arm: 'stock', reRuns: 3 },
    ])
    const html = await renderPage(await readReport(dataDir, { quality: null }))
    assert.match(html, /Too few sessions to tell: each arm needs at least 5 sessions with a watched compaction \(handoff has 1, stock has 1\)\./)
    assert.match(
      html,
      /<tr><td>listed commands run again<small>lower is better<\/small><\/td><td class="num">1\.00<\/td><td class="num">3\.00<\/td><td class="num">–<\/td><td class="verdict muted">too few to tell<\/td><\/tr>/,
    )
    const one = await readReport(dataDir, { session: 's1', quality: null })
    assert.deepEqual([one.ab.arms.handoff.sessions, one.ab.arms.stock.sessions], [0, 1])
  })
})

describe('report: the bundle', () => {
  const dist = join(import.meta.dirname, '..', '..', 'plugin', 'dist')
  /** Every file a bundle file loads before it runs: its static imports, followed. */
  function staticClosure(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen
    seen.add(file)
    for (const m of readFileSync(file, 'utf8').matchAll(/^import\s[^'"]*['"](\.{1,2}\/[^'"]+)['"]/gm)) staticClosure(resolve(dirname(file), m[1]!), seen)
    return seen
  }
  const holdsVega = (file: string) => readFileSync(file, 'utf8').includes('toSVG(')

  test(
    'the charting library is in the report command only: no other command, the engine child included, parses it',
    { skip: !existsSync(join(dist, 'compact-handoff.mjs')) && 'plugin/dist is not built' },
    () => {
      const main = join(dist, 'compact-handoff.mjs')
      const entry = readFileSync(main, 'utf8')
      const reports = [...entry.matchAll(/report: \{\s*summary: "[^"]*",\s*load: async \(\) => \(await import\("(\.\/chunks\/[^"]+)"\)\)/g)].map((m) =>
        resolve(dist, m[1]!),
      )
      assert.equal(reports.length, 1, 'the report command loads one chunk')
      assert.ok([...staticClosure(reports[0]!)].some(holdsVega), 'the report chunk holds it')
      assert.equal([...staticClosure(main)].some(holdsVega), false, 'the entry does not load it')
      // Every other command, the engine child included, runs from chunks/commands.cjs and the files it requires.
      // The entry knows each CommonJS file by its content hash (the name of its code cache).
      const keys = /KEYS = (\{[^}]*\})/.exec(entry)
      assert.ok(keys, 'the entry names its CommonJS files')
      for (const [name, key] of Object.entries(JSON.parse(keys[1]!) as Record<string, string>)) {
        const file = join(dist, 'chunks', `${name}.cjs`)
        assert.equal(createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16), key, name)
      }
      for (const f of readdirSync(join(dist, 'chunks')).filter((f) => f.endsWith('.cjs'))) assert.equal(holdsVega(join(dist, 'chunks', f)), false, f)
    },
  )

  test('the median handoff of an even count is the mean of the middle two', () => {
    assert.equal(medianOf([3_536, 4_262]), 3_899)
    assert.equal(medianOf([1, 2, 9]), 2)
    assert.equal(medianOf([]), null)
  })
})
