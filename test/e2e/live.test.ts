/**
 * Live, through the real engine: a session with a tool call compacts with /compact in the same
 * process (the summary forks the session), then again after --resume (nothing to fork: the
 * summary section's own cold path, a completion over the conversation written out), and each
 * time the next request opens with our handoff, says nothing twice, and carries every tool_use
 * with its tool_result.
 */
import assert from 'node:assert/strict'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { type FakeRequest, MARKERS, SUMMARY_TEXT } from './fake-model.mjs'
import { duplicatedTexts, firstUserText, Lab, MARKER_RE, newestUserText, repoRoot, skipWithoutEngine, toolPairing } from './harness.ts'

const PROBED_FILE = join(repoRoot, 'package.json')

describe('live compaction through the engine', { skip: skipWithoutEngine, timeout: 120_000 }, () => {
  let lab: Lab
  let sessionId = ''
  before(async () => {
    lab = await Lab.create({ name: 'live', plugin: { live: true }, probe: { file: PROBED_FILE } })
  })
  after(async () => lab?.close())

  /** What the session's next request looked like, checked the same way after each compaction;
   *  `cold`: there was no session to fork, so the summary is the cold completion's. */
  function checkNextRequest(req: FakeRequest, n: number, cold = false) {
    const first = firstUserText(req)
    const marker = MARKER_RE.exec(first)
    assert.ok(marker, `the first user text after the engine's reminders opens with our marker; it opens with: ${first.slice(0, 200)}`)
    assert.equal(marker[1], sessionId)
    assert.equal(Number(marker[2]), n)
    assert.match(
      first,
      new RegExp(`${cold ? SUMMARY_TEXT.cold : SUMMARY_TEXT.reading} #\\d+`),
      `the summary section wrote the ${cold ? 'cold' : 'forked'} summary`,
    )
    assert.ok(
      !first.includes(SUMMARY_TEXT.analysis) && !/<\/?(analysis|summary|restore-files)>/.test(first),
      "the reply's <analysis>, <summary> and <restore-files> tags are not handed up",
    )
    if (cold) assert.match(first, /fork answered: no \(nothing-to-fork\)/, 'the probe section was told there was nothing to fork, unchanged')
    else assert.match(first, /fork answered: PROBE ANSWER #\d+/, 'the probe section got its fork answered over the bridge')
    assert.doesNotMatch(JSON.stringify(req.body.messages), /FAKE SUMMARY/, "the engine's own summary is not there")
    assert.deepEqual(duplicatedTexts(req), [], 'no text block is sent twice')
    const pairs = toolPairing(req)
    assert.ok(pairs.uses.length > 0, 'the restored Read pair is in the request')
    assert.deepEqual(pairs.unpaired, [], 'every tool_use has its tool_result next')
    assert.deepEqual(pairs.orphanResults, [], 'no tool_result without its tool_use')
    assert.deepEqual(pairs.duplicateUses, [], 'no tool_use twice')
  }

  test('/compact in the same process: the fork path, and the next request opens with the handoff', async () => {
    const s = lab.session()
    await s.send('FAKE_TOOL:Bash {"command":"echo e2e-tool-output","description":"print a line"}')
    await s.send('second turn: keep going')
    const compact = await s.send('/compact')
    assert.equal(compact.result.is_error, false)
    const next = await s.send('AFTER_FIRST_COMPACTION')
    assert.equal(next.result.subtype, 'success')
    assert.equal(await s.close(), 0)
    sessionId = s.sessionId!

    assert.equal(lab.requests().filter((r) => r.kind === 'compaction').length, 0, "core's summarizer never ran")
    const req = lab.requestsWith('AFTER_FIRST_COMPACTION').at(-1)!
    checkNextRequest(req, 1)
    // The engine's last assistant message stays verbatim after the handoff, once.
    const texts = req.body.messages.flatMap((m) =>
      typeof m.content === 'string' ? [m.content] : m.content.filter((b) => b.type === 'text').map((b) => b.text),
    )
    assert.equal(texts.filter((t) => /^Fake reply #\d+\.$/.test(t)).length, 1)

    const rows = lab.rows()
    assert.equal(rows.length, 1)
    const row = rows[0]!
    assert.equal(row.mode, 'live')
    assert.equal(row.outcome, 'replaced')
    assert.equal(row.reason, null)
    assert.match(row.path, new RegExp(`/sessions/${sessionId}/001-[^/]+\\.json$`))
    assert.equal(
      row.model.calls.every((c: { answeredBy: string }) => c.answeredBy !== null),
      true,
    )
    assert.ok(
      row.model.calls.some((c: { call: string; answeredBy: string }) => c.call === 'fork' && c.answeredBy === 'fork'),
      'a fork answered',
    )
    assert.deepEqual(
      row.reads.map((r: { via: string; ok: boolean }) => [r.via, r.ok]),
      [['read-tool', true]],
    )
    assert.match(lab.handoffOf(row)!, MARKER_RE)

    // The compaction's child kept its code cache for the next one (cli/code-cache.ts), under the
    // session's HOME: it exits by itself, code 0, once it has answered and indexed what it stored.
    const cacheDir = join(lab.home, '.cache', 'compact-handoff', 'code-cache')
    const engineCache = () => (existsSync(cacheDir) ? readdirSync(cacheDir) : []).filter((f) => /^commands-[0-9a-f]{16}-.+-engine\.bin$/.test(f))
    for (let waited = 0; engineCache().length === 0 && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100))
    assert.equal(engineCache().length, 1, `the child's code cache: ${existsSync(cacheDir) ? readdirSync(cacheDir).join(', ') : 'no folder'}`)
  })

  test('--resume <id> -p "/compact": nothing to fork, so the summary section completes cold; still ours', async () => {
    const before = lab.requests().length
    const run = await lab.run(['--resume', sessionId, '/compact'])
    assert.equal(run.code, 0, run.stderr)
    const rows = lab.rows()
    assert.equal(rows.length, 2)
    const row = rows[1]!
    assert.equal(row.outcome, 'replaced')
    assert.deepEqual([row.lineage.n, row.lineage.prev], [2, 1])
    // Every fork (the summary's and the probe's) came back nothing-to-fork, and nothing retried it here.
    const forks = row.model.calls.filter((c: { call: string }) => c.call === 'fork')
    assert.equal(forks.length, 2, JSON.stringify(row.model.calls))
    for (const c of forks) assert.deepEqual([c.answeredBy, c.reason], [null, 'nothing-to-fork'])
    assert.equal(row.model.path, 'complete')
    // The summary section's own fallback: one completion, the conversation written into its prompt.
    const summary = row.sections.find((x: { name: string }) => x.name === 'summary')
    assert.equal(summary.status, 'ok', JSON.stringify(summary))
    assert.equal(summary.record.path, 'complete')
    assert.equal(summary.record.warm, false)
    assert.match(summary.record.cold.forkReason, /^nothing-to-fork/)
    assert.equal(typeof summary.record.cost.usd, 'number', `the cold call is priced: ${JSON.stringify(summary.record.cost)}`)
    const cold = lab
      .requests()
      .slice(before)
      .filter((r) => r.kind === 'summary-cold')
    assert.equal(cold.length, 1, 'one cold completion')
    assert.equal(cold[0]!.body.tools?.length ?? 0, 0, 'the cold completion offers no tools')
    const prompt = newestUserText(cold[0]!)
    assert.ok(prompt.startsWith(MARKERS.summaryCold), `the cold prompt opens with its marker: ${prompt.slice(0, 80)}`)
    assert.match(prompt, /<conversation>[\s\S]*AFTER_FIRST_COMPACTION[\s\S]*<\/conversation>/, 'the conversation is written into the prompt')
    assert.ok(prompt.indexOf(MARKERS.summary) > prompt.indexOf('</conversation>'), 'the summary prompt follows the conversation')
    assert.equal(
      lab
        .requests()
        .slice(before)
        .filter((r) => r.kind === 'summary').length,
      0,
      'no forked summary request',
    )
  })

  test('after the resumed compaction, the next request opens with the second handoff; nothing duplicated', async () => {
    const run = await lab.run(['--resume', sessionId, 'AFTER_SECOND_COMPACTION'])
    assert.equal(run.code, 0, run.stderr)
    const req = lab.requestsWith('AFTER_SECOND_COMPACTION').at(-1)!
    checkNextRequest(req, 2, true)
    assert.match(firstUserText(req), /prev=001 -->/)
    // The compaction was not undone on resume: the turn before it is only quoted inside the handoff.
    const handoff = firstUserText(req)
    const elsewhere = req.body.messages
      .flatMap((m) => (typeof m.content === 'string' ? [m.content] : m.content.map((b) => (b.type === 'text' ? String(b.text) : JSON.stringify(b)))))
      .filter((t) => t !== handoff && t.includes('AFTER_FIRST_COMPACTION'))
    assert.deepEqual(elsewhere, [])
  })
})
