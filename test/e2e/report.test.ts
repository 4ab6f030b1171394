/**
 * `compact-handoff report` over the store a real engine session wrote (fake model): the field
 * session (test/e2e/field-session.ts: a dozen turns, two compactions, the second asked for by
 * handoff_compact, with window.jsonl and two NNN.post.json as the plugin writes them), a live
 * session whose pipeline crashes (a fallback), and a session the A/B draw puts in the stock arm.
 * The page is opened in a real headless Chromium (Debian's `chromium`, driven by playwright-core):
 * it renders with no console error and fetches nothing, and each chart holds one mark per data
 * point the store holds, counted against the store's own files. A screenshot is taken into the
 * lab; UPDATE_SCREENSHOT=1 also writes it over bench/results/report.png (the README's picture).
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { chromium, type Browser } from 'playwright-core'
import { type FieldSession, runFieldSession } from './field-session.ts'
import { type Lab, repoRoot, skipWithoutEngine } from './harness.ts'

/** Debian's chromium (installed by .ci/run), or the one CHROMIUM_PATH names. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p))
const skip = skipWithoutEngine || (CHROMIUM ? false : 'report browser test skipped: no chromium (apt-get install chromium, or set CHROMIUM_PATH)')
const QUALITY = join(repoRoot, 'bench', 'results', 'quality.json')
const SCREENSHOT = join(repoRoot, 'bench', 'results', 'report.png')

interface Row extends Record<string, any> {
  path: string
}

const cli = (lab: Lab, ...args: string[]) =>
  spawnSync(process.execPath, [join(repoRoot, 'plugin', 'dist', 'compact-handoff.mjs'), ...args], { encoding: 'utf8', cwd: lab.dir })

function report(lab: Lab, out: string, ...args: string[]): string {
  const r = cli(lab, 'report', '--data-dir', lab.dataDir, '--out', out, ...args)
  assert.equal(r.status, 0, r.stderr)
  assert.match(r.stdout, /^wrote .*\.html \(\d+ KB\)/)
  return readFileSync(out, 'utf8')
}

/** The page in Chromium: what it logged and fetched, and a handle to query it. */
async function open(browser: Browser, file: string) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } })
  const problems: string[] = []
  const requests: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  page.on('request', (r) => requests.push(r.url()))
  await page.goto(`file://${file}`, { waitUntil: 'load' })
  return { page, problems, requests }
}

/** The aria-labels of one named layer's marks inside `scope` (Vega writes `<layer>_marks`, one element per datum). */
async function marks(page: Awaited<ReturnType<typeof open>>['page'], scope: string, layer: string): Promise<string[]> {
  return page.$$eval(`${scope} svg .${layer}_marks > *`, (els) => els.map((e) => e.getAttribute('aria-label') ?? ''))
}

const field = (label: string, name: string): string | undefined => new RegExp(`(?:^|; )${name}: ([^;]*)`).exec(label)?.[1]
const n3 = (n: number) => `n=${String(n).padStart(3, '0')}`

describe('compact-handoff report in a real browser', { skip, timeout: 300_000 }, () => {
  let session: FieldSession
  let lab: Lab
  let browser: Browser
  let main = ''
  let crashed = ''
  let stock = ''

  before(async () => {
    // The field session: live, the handoff arm; the fake reports each request's size as its input
    // tokens, so the occupancy the plugin logs grows with the conversation as it would for real.
    session = await runFieldSession({ name: 'report', fake: { measureInput: true } })
    lab = session.lab
    main = session.sessionId
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })

    // A live session whose pipeline crashes: the engine's own compaction stands, the row says why.
    const b = lab.session([], { COMPACT_HANDOFF_FAULT: 'crash' })
    await b.send('a turn before compacting')
    await b.send('/compact')
    await b.send('a turn after')
    assert.equal(await b.close(), 0)
    crashed = b.sessionId!
    await lab.settledRows(3)

    // A session the A/B draw puts in the stock arm: the engine's summary stands, ours is rehearsed.
    lab.setOptions({ live: true, abStockShare: 1 })
    const c = lab.session()
    await c.send('FAKE_TOOL:Bash {"command":"echo control-arm","description":"print a line"}')
    await c.send('/compact')
    await lab.settledRows(4)
    await c.send('a turn after the stock compaction')
    assert.equal(await c.close(), 0)
    stock = c.sessionId!
  })
  after(async () => {
    await browser?.close()
    await session?.close()
  })

  const rows = (): Row[] => lab.rows()
  const folderOf = (sessionId: string) => dirname(rows().find((r) => r.sessionId === sessionId)!.path)
  const readJsonl = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
  /** Every NNN.post.json the plugin wrote. */
  const postFiles = () =>
    [main, crashed, stock].flatMap((id) =>
      readdirSync(folderOf(id))
        .filter((f) => /^\d{3}\.post\.json$/.test(f))
        .map((f) => join(folderOf(id), f)),
    )

  test('a store from before occupancy and the watch were recorded: the page says "not recorded", with no error', async () => {
    // The same store as an older plugin left it: no window.jsonl, no NNN.post.json.
    const older = join(lab.dir, 'older-data')
    cpSync(lab.dataDir, older, { recursive: true })
    for (const id of [main, crashed, stock]) {
      const dir = join(older, folderOf(id).slice(lab.dataDir.length))
      for (const f of readdirSync(dir).filter((x) => x === 'window.jsonl' || x.endsWith('.post.json'))) rmSync(join(dir, f))
    }
    const file = join(lab.dir, 'before.html')
    const r = cli(lab, 'report', '--data-dir', older, '--out', file, '--quality', QUALITY)
    assert.equal(r.status, 0, r.stderr)
    const { page, problems, requests } = await open(browser, file)
    assert.deepEqual(problems, [])
    assert.deepEqual(requests, [`file://${file}`], 'nothing but the page itself is loaded')
    const missing = await page.$$eval('.missing', (els) => els.map((e) => e.textContent ?? ''))
    assert.ok(
      missing.some((t) => /^Occupancy for every session: not recorded/.test(t)),
      missing.join('\n'),
    )
    assert.ok(missing.some((t) => /post-compaction watch: not recorded/.test(t)))
    assert.ok(missing.some((t) => /^Arms: not recorded/.test(t)))
    // What the store does hold is drawn all the same.
    assert.ok((await marks(page, '#sections', 'section_bar')).length > 0)
    await page.close()
  })

  test('every chart holds the points the store holds; no console error; nothing fetched; a screenshot', async () => {
    const all = rows()
    assert.equal(all.filter((r) => r.sessionId === main).length, 2, 'two compactions of the main session')
    const fell = all.filter((r) => r.outcome === 'fallback')
    assert.equal(fell.length, 1, JSON.stringify(all.map((r) => [r.outcome, r.reason])))
    const windows = new Map([main, crashed, stock].map((id) => [id, readJsonl(join(folderOf(id), 'window.jsonl'))]))
    const windowRows = windows.get(main)!
    assert.equal(windowRows.length, 12, 'a dozen turns')
    assert.ok(
      windowRows.every((r) => r.tokens > 1_000),
      'the occupancy the plugin logged is the measured request size',
    )
    const posts = postFiles()
    assert.equal(posts.length, 4, 'two watches of the main session, one of each other session')

    const file = join(lab.dir, 'report.html')
    const html = report(lab, file, '--quality', QUALITY)
    // No script, stylesheet, font or image from anywhere: a url() only to the page's own clip paths.
    const outside = html.match(/<script|<link|<img|@import|url\((?!#)|https?:\/\/(?!www\.w3\.org\/)/gi)
    assert.equal(outside, null, `the page refers outside itself: ${outside?.join(', ')}`)
    const ids = [...html.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1])
    assert.deepEqual(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      [],
      "every id on the page once (the charts' clip paths included)",
    )
    const { page, problems, requests: fetched } = await open(browser, file)
    assert.deepEqual(problems, [])
    assert.deepEqual(fetched, [`file://${file}`], 'nothing but the page itself is loaded')

    // Occupancy: one chart per session, one point per window.jsonl row, at its turn and share; a
    // rule per compaction; the handoff's share on the first turn after each.
    assert.equal(await page.$$eval('svg .occupancy_turn_marks', (e) => e.length), windows.size, 'a chart per session with window.jsonl')
    for (const [id, w] of windows) assert.equal((await marks(page, `[id="chart-occupancy-${id}"]`, 'occupancy_turn')).length, w.length, id)
    const scope = `[id="chart-occupancy-${main}"]`
    const points = await marks(page, scope, 'occupancy_turn')
    assert.equal(points.length, windowRows.length)
    assert.deepEqual(
      points.map((l) => Number(field(l, 'turn'))),
      windowRows.map((r) => r.turn),
    )
    assert.deepEqual(
      points.map((l) => field(l, 'share')),
      windowRows.map((r) => `${(r.share * 100).toFixed(1)}%`),
    )
    assert.deepEqual(
      (await marks(page, scope, 'compaction_rule')).map((l) => field(l, 'compaction')),
      ['n=001', 'n=002'],
    )
    assert.deepEqual(
      (await marks(page, scope, 'handoff_share')).map((l) => Number(field(l, 'turn'))),
      windowRows.filter((r) => r.handoffShare !== undefined).map((r) => r.turn),
    )
    assert.equal(windowRows.filter((r) => r.handoffShare !== undefined).length, 2)

    // Make-up: one bar segment per kept section of every stored handoff, with its chars.
    const kept = all.flatMap((r) =>
      (r.sections as Array<{ name: string; status: string; chars: number | null }>)
        .filter((s) => s.status === 'ok' && (s.chars ?? 0) > 0)
        .map((s) => `${r.sessionId.slice(0, 8)} ${n3(r.lineage.n)}|${s.name}|${s.chars}`),
    )
    assert.ok(kept.length >= 8, `${kept.length} kept sections`)
    const bars = (await marks(page, '#sections', 'section_bar')).map(
      (l) => `${field(l, 'compaction')}|${field(l, 'section')}|${field(l, 'chars')!.replaceAll(',', '')}`,
    )
    assert.deepEqual(bars.sort(), kept.sort())
    // Every section left out is listed with its code and message.
    const droppedText = await page.$eval('#sections details.why', (e) => e.textContent ?? '')
    for (const r of all)
      for (const s of r.sections.filter((x: { status: string }) => x.status !== 'ok')) assert.ok(droppedText.includes(s.message), `${s.name}: ${s.message}`)

    // Cost: one bar per compaction that recorded a price (the rehearsals' model calls).
    const priced = all.filter(
      (r) => typeof (r.cost?.usd ?? r.cost?.pricedUsd) === 'number' && r.model?.calls?.some((c: { answeredBy: unknown }) => c.answeredBy),
    )
    assert.ok(priced.length >= 2)
    const costBars = await marks(page, '#cost', 'cost_bar')
    assert.equal(costBars.length, all.filter((r) => typeof (r.cost?.pricedUsd ?? r.cost?.usd) === 'number').length)
    for (const r of priced)
      assert.ok(
        costBars.some((l) => field(l, 'compaction')!.endsWith(n3(r.lineage.n)) && field(l, 'usd') === `$${(r.cost.usd ?? r.cost.pricedUsd).toFixed(6)}`),
      )

    // Fallbacks: one bar per code, counting the rows; the reason in the table.
    const fallbackBars = await marks(page, '#fallbacks', 'fallback_bar')
    assert.deepEqual(
      fallbackBars.map((l) => [field(l, 'code'), Number(field(l, 'count'))]),
      [[fell[0]!.code, 1]],
    )
    assert.equal(fell[0]!.code, 'child-crashed')
    assert.ok((await page.$eval('#fallbacks table', (e) => e.textContent ?? '')).includes(fell[0]!.reason))

    // The compaction handoff_compact asked for says so.
    const asked = all.find((r) => r.requestedBy === 'handoff_compact')!
    assert.equal(asked.sessionId, main)
    const askedRow = await page.$$eval('#sections table.matrix tbody tr', (trs) => trs.map((tr) => tr.textContent ?? ''))
    assert.ok(
      askedRow.some((t) => t.includes(n3(asked.lineage.n)) && t.includes(main.slice(0, 8)) && t.includes('asked for by handoff_compact')),
      askedRow.join('\n'),
    )

    // The watch: one table row per post.json, with its figures.
    const watchRows = await page.$$eval('#watch tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.firstChild?.textContent ?? '')),
    )
    assert.equal(watchRows.length, posts.length)
    const post1 = JSON.parse(readFileSync(join(folderOf(main), '001.post.json'), 'utf8'))
    const row1 = watchRows.find((cells) => cells[0] === `${main.slice(0, 8)} ${n3(1)}`)!
    assert.deepEqual(row1.slice(1), [
      `${post1.turnsSeen}/${post1.watchTurns}`,
      String(post1.reReadRestored.length),
      String(post1.reReadNamed.length),
      String(post1.reRunCommands.length),
      String(post1.notReadRefusals),
      String(post1.historyCalls.length),
      String(post1.turnsToFirstToolCall),
      post1.compactedAgain ? 'yes' : 'no',
    ])

    // A/B: the page's table is `report --ab`'s comparison (store/ab.ts), cell for cell, and it says there are too few sessions.
    const ab = JSON.parse(cli(lab, 'report', '--ab', '--json', '--data-dir', lab.dataDir).stdout)
    assert.deepEqual([ab.arms.handoff.sessions, ab.arms.stock.sessions, ab.enough], [2, 1, false])
    const abText = await page.$eval('#ab', (e) => e.textContent ?? '')
    assert.match(abText, /Too few sessions to tell: each arm needs at least 5 sessions with a watched compaction \(handoff has 2, stock has 1\)/)
    assert.match(abText, /handoff2 session\(s\), 3 compaction\(s\)stock1 session\(s\), 1 compaction\(s\)/)
    const abRows = await page.$$eval('#ab tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.firstChild?.textContent ?? '')))
    const shown = (v: number | null, key: string) => (v === null ? '–' : key === 'compactedAgain' ? `${(v * 100).toFixed(v < 0.1 ? 1 : 0)} %` : v.toFixed(2))
    assert.deepEqual(
      abRows,
      ab.metrics.map((m: { key: string; label: string; handoff: { mean: number | null }; stock: { mean: number | null } }) => [
        m.label,
        shown(m.handoff.mean, m.key),
        shown(m.stock.mean, m.key),
        '–',
        'too few to tell',
      ]),
    )

    // Quality: one point per result the bench file holds.
    const q = JSON.parse(readFileSync(QUALITY, 'utf8'))
    const curveArms = q.curve.map((c: { arm: string }) => c.arm)
    const expected =
      q.curve.reduce((n: number, c: { points: unknown[] }) => n + c.points.length, 0) + Object.keys(q.means).filter((a) => !curveArms.includes(a)).length
    const qualityMarks = await page.$$eval('#quality svg [aria-roledescription="point"]', (e) => e.length)
    assert.equal(qualityMarks, expected)

    // Into the lab, so a run leaves the clone as it was; UPDATE_SCREENSHOT=1 replaces the README's picture.
    const shot = join(lab.dir, 'report.png')
    await page.screenshot({ path: shot, fullPage: true })
    assert.ok(statSync(shot).size > 50_000, 'a full-page screenshot')
    if (process.env.UPDATE_SCREENSHOT === '1') copyFileSync(shot, SCREENSHOT)
    await page.close()
  })

  test('one session: only its compactions, and an unknown session is one line and exit 1', async () => {
    const file = join(lab.dir, 'one.html')
    // A results file that cannot be read (a missing one is a usage error) leaves the page saying so.
    writeFileSync(join(lab.dir, 'unreadable.json'), 'not JSON')
    report(lab, file, '--session', crashed, '--quality', join(lab.dir, 'unreadable.json'))
    const { page, problems } = await open(browser, file)
    assert.deepEqual(problems, [])
    assert.equal((await marks(page, '#fallbacks', 'fallback_bar')).length, 1)
    assert.equal((await marks(page, '#sections', 'section_bar')).length, 0)
    const window = readJsonl(join(folderOf(crashed), 'window.jsonl'))
    assert.equal(await page.$$eval('svg .occupancy_turn_marks', (e) => e.length), 1, "this session's chart only")
    assert.equal((await marks(page, `[id="chart-occupancy-${crashed}"]`, 'occupancy_turn')).length, window.length)
    assert.equal(await page.$$eval('#watch tbody tr', (e) => e.length), 1)
    const missing = await page.$$eval('.missing', (els) => els.map((e) => e.textContent ?? ''))
    assert.ok(
      missing.some((t) => /^Quality results: not recorded\..*unreadable\.json could not be read/.test(t)),
      missing.join('\n'),
    )
    await page.close()

    const r = spawnSync(process.execPath, [join(repoRoot, 'plugin', 'dist', 'compact-handoff.mjs'), 'report', '--data-dir', lab.dataDir, '--session', 'nope'], {
      encoding: 'utf8',
      cwd: lab.dir,
    })
    assert.equal(r.status, 1)
    assert.match(r.stderr, /^compact-handoff report: no session "nope" in the store .* \[STORE_REFUSED\]\n$/)
  })
})
