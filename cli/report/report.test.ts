/**
 * The report's reading of the store and its A/B figures, on stores written here: what older or
 * damaged files give (skipped and counted, or named, never an error), the bootstrap interval, and
 * the page's escaping of what a store holds. The whole page in a browser: test/e2e/report.test.ts.
 */
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { after, describe, test } from 'node:test'
import { abTable, bootstrapMeanCi, MIN_SESSIONS_PER_ARM } from './ab.ts'
import { type CompactionView, findQuality, postWatch, readReport } from './data.ts'
import { renderPage } from './page.ts'

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
    assert.deepEqual(p.historyCalls, [{ tool: 'handoff_search', input: undefined, results: 2 }])
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

describe('report: the A/B figures', () => {
  const watched = (sessionId: string, arm: 'handoff' | 'stock', reRun: number): CompactionView => ({
    sessionId,
    n: 1,
    at: '',
    mode: 'live',
    trigger: 'manual',
    outcome: 'replaced',
    code: null,
    reason: null,
    chars: 1,
    sections: [],
    calls: 0,
    cost: null,
    arm,
    post: postWatch({ arm, reRunCommands: Array.from({ length: reRun }, (_, i) => `cmd ${i}`), compactedAgain: reRun > 2 }),
    problems: [],
  })

  test('the bootstrap interval: none from one value, a point for constant values, around the mean otherwise, the same every time', () => {
    assert.equal(bootstrapMeanCi([3]), null)
    assert.deepEqual(bootstrapMeanCi([2, 2, 2, 2]), [2, 2])
    const values = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    const [lo, hi] = bootstrapMeanCi(values)!
    assert.ok(lo < 4.5 && 4.5 < hi && lo >= 0 && hi <= 9, `${lo}..${hi}`)
    assert.deepEqual(bootstrapMeanCi(values), [lo, hi])
    const wide = bootstrapMeanCi([0, 9])!
    assert.ok(wide[1] - wide[0] > hi - lo, 'fewer values, a wider interval')
  })

  test('too few sessions is said, naming each arm; with enough, the means per arm', () => {
    const few = abTable([watched('a', 'handoff', 1), watched('b', 'stock', 3)])
    assert.equal(few.verdict.enough, false)
    assert.match(few.verdict.why, /handoff has 1, stock has 1/)
    const many = abTable([
      ...Array.from({ length: MIN_SESSIONS_PER_ARM }, (_, i) => watched(`h${i}`, 'handoff', i % 2)),
      ...Array.from({ length: MIN_SESSIONS_PER_ARM }, (_, i) => watched(`s${i}`, 'stock', 3 + (i % 2))),
    ])
    assert.equal(many.verdict.enough, true)
    const reRun = (arm: 'handoff' | 'stock') => many.arms.find((a) => a.arm === arm)!.figures.find((f) => f.key === 'reRunCommands')!
    assert.equal(reRun('handoff').mean, 0.4)
    assert.equal(reRun('stock').mean, 3.4)
    assert.ok(reRun('handoff').ci![1] < reRun('stock').ci![0], 'intervals apart when the arms differ this much')
    assert.equal(many.arms.find((a) => a.arm === 'stock')!.figures.find((f) => f.key === 'compactedAgain')!.mean, 1)
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
      const loads = [
        ...readFileSync(main, 'utf8').matchAll(/(\w+): \{\s*summary: "[^"]*",\s*load: async \(\) => \(await import\("(\.\/chunks\/[^"]+)"\)\)/g),
      ].map((m) => ({
        command: m[1]!,
        file: resolve(dist, m[2]!),
      }))
      assert.ok(loads.some((l) => l.command === 'engine') && loads.some((l) => l.command === 'report'), JSON.stringify(loads))
      assert.equal([...staticClosure(main)].some(holdsVega), false, 'the entry does not load it')
      for (const l of loads) assert.equal([...staticClosure(l.file)].some(holdsVega), l.command === 'report', l.command)
    },
  )
})
