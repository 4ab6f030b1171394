/**
 * Live, through the real engine: a session with a tool call compacts with /compact in the same
 * process (the summary forks the session), then again after --resume (nothing to fork: the
 * completion path), and each time the next request opens with our handoff, says nothing twice,
 * and carries every tool_use with its tool_result.
 */
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { FakeRequest } from './fake-model.mjs'
import { duplicatedTexts, firstUserText, Lab, MARKER_RE, repoRoot, skipWithoutEngine, toolPairing } from './harness.ts'

const PROBED_FILE = join(repoRoot, 'package.json')

describe('live compaction through the engine', { skip: skipWithoutEngine, timeout: 120_000 }, () => {
  let lab: Lab
  let sessionId = ''
  before(async () => {
    lab = await Lab.create({ name: 'live', plugin: { live: true }, probe: { file: PROBED_FILE } })
  })
  after(async () => lab?.close())

  /** What the session's next request looked like, checked the same way after each compaction. */
  function checkNextRequest(req: FakeRequest, n: number) {
    const first = firstUserText(req)
    const marker = MARKER_RE.exec(first)
    assert.ok(marker, `the first user text after the engine's reminders opens with our marker; it opens with: ${first.slice(0, 200)}`)
    assert.equal(marker[1], sessionId)
    assert.equal(Number(marker[2]), n)
    assert.match(first, /HANDOFF SUMMARY #\d+/, 'the summary section wrote the summary')
    assert.match(first, /fork answered: PROBE ANSWER #\d+/, 'the probe section got its fork answered over the bridge')
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
    const texts = req.body.messages.flatMap((m) => (typeof m.content === 'string' ? [m.content] : m.content.filter((b) => b.type === 'text').map((b) => b.text)))
    assert.equal(texts.filter((t) => /^Fake reply #\d+\.$/.test(t)).length, 1)

    const rows = lab.rows()
    assert.equal(rows.length, 1)
    const row = rows[0]!
    assert.equal(row.mode, 'live')
    assert.equal(row.outcome, 'replaced')
    assert.equal(row.reason, null)
    assert.match(row.path, new RegExp(`/sessions/${sessionId}/001-[^/]+\\.json$`))
    assert.equal(row.model.calls.every((c: { answeredBy: string }) => c.answeredBy !== null), true)
    assert.ok(row.model.calls.some((c: { call: string; answeredBy: string }) => c.call === 'fork' && c.answeredBy === 'fork'), 'a fork answered')
    assert.deepEqual(row.reads.map((r: { via: string; ok: boolean }) => [r.via, r.ok]), [['read-tool', true]])
    assert.match(lab.handoffOf(row)!, MARKER_RE)
  })

  test('--resume <id> -p "/compact": nothing to fork, so the completion answers; still ours', async () => {
    const run = await lab.run(['--resume', sessionId, '/compact'])
    assert.equal(run.code, 0, run.stderr)
    const rows = lab.rows()
    assert.equal(rows.length, 2)
    const row = rows[1]!
    assert.equal(row.outcome, 'replaced')
    assert.deepEqual(row.lineage, { n: 2, prev: 1 })
    const forks = row.model.calls.filter((c: { call: string }) => c.call === 'fork')
    assert.ok(forks.length > 0)
    for (const c of forks) assert.deepEqual([c.answeredBy, c.reason], ['complete', 'nothing-to-fork'], 'each fork was retried as a completion')
    assert.equal(row.model.path, 'complete')
    // The completion carried the conversation itself: a request with no tools, with our prompt.
    const cold = lab.requests().filter((r) => r.kind === 'script:probe' && !(r.body.tools?.length))
    assert.ok(cold.length > 0, 'the probe prompt went out as a tool-less completion')
  })

  test('after the resumed compaction, the next request opens with the second handoff; nothing duplicated', async () => {
    const run = await lab.run(['--resume', sessionId, 'AFTER_SECOND_COMPACTION'])
    assert.equal(run.code, 0, run.stderr)
    const req = lab.requestsWith('AFTER_SECOND_COMPACTION').at(-1)!
    checkNextRequest(req, 2)
    assert.match(firstUserText(req), /prev=001 -->/)
    // The compaction was not undone on resume: the turn before it is only quoted inside the handoff.
    const handoff = firstUserText(req)
    const elsewhere = req.body.messages.flatMap((m) => (typeof m.content === 'string' ? [m.content] : m.content.map((b) => (b.type === 'text' ? String(b.text) : JSON.stringify(b))))).filter((t) => t !== handoff && t.includes('AFTER_FIRST_COMPACTION'))
    assert.deepEqual(elsewhere, [])
  })
})
