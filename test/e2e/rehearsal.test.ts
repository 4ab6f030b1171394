/**
 * Rehearsal (the default), through the real engine: the engine compacts at once and the plugin's
 * pipeline runs beside it (issue 17), stores a pending row, and completes it after the engine's
 * own summary stood; the rehearsal leaves no trace in what the engine sends.
 */
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { MARKERS } from './fake-model.mjs'
import { firstUserText, Lab, MARKER_RE, repoRoot, skipWithoutEngine, toolPairing } from './harness.ts'

describe('rehearsal through the engine', { skip: skipWithoutEngine, timeout: 90_000 }, () => {
  let lab: Lab
  before(async () => {
    // No userConfig at all: the manifest's defaults (live off). The engine's compaction takes
    // 1.5 s, as a real one takes seconds, so the summary's fork is asked for while it runs.
    lab = await Lab.create({
      name: 'rehearsal',
      plugin: {},
      probe: { file: join(repoRoot, 'tsconfig.json') },
      fake: { slow: [{ match: 'Respond with TEXT ONLY', ms: 1500 }] },
    })
  })
  after(async () => lab?.close())

  test("the engine's own summary stands; our handoff and its row are on disk, completed after the compaction", async () => {
    const s = lab.session()
    await s.send('FAKE_TOOL:Bash {"command":"echo rehearsal-tool-output","description":"print a line"}')
    await s.send('second turn: keep going')
    await s.send('/compact')
    const rows = await lab.settledRows(1)
    const next = await s.send('AFTER_REHEARSED_COMPACTION')
    assert.equal(next.result.subtype, 'success')
    assert.equal(await s.close(), 0)

    const req = lab.requestsWith('AFTER_REHEARSED_COMPACTION').at(-1)!
    const body = JSON.stringify(req.body.messages)
    assert.match(body, /FAKE SUMMARY #\d+/, "the engine's summary is what the session carries")
    assert.doesNotMatch(firstUserText(req), MARKER_RE)
    assert.doesNotMatch(body, /compact-handoff: session=/, 'no handoff reached the session')
    assert.deepEqual(toolPairing(req).unpaired, [])
    // A rehearsal reads files itself, not through the engine's Read tool: the engine remembers
    // such a read and its own compaction would re-attach the file (measured), changing what it does.
    assert.doesNotMatch(body, /tsconfig\.json/, 'the file the rehearsal read was not re-attached by the engine')
    const compaction = lab.requests().filter((r) => r.kind === 'compaction')
    assert.equal(compaction.length, 1)

    // The summary's fork went out while the engine was still compacting, so it forked the
    // conversation as it stood (the fake holds the compaction's reply 1.5 s).
    const fork = lab.requests().find((r) => r.kind === 'summary')
    assert.ok(fork, 'the summary section forked the session')
    assert.ok(Date.parse(fork.at) < Date.parse(compaction[0]!.at) + 1500, 'asked for before the engine compacted')
    assert.match(JSON.stringify(fork.body.messages), /second turn: keep going/, 'the fork carries the conversation before the compaction')
    assert.doesNotMatch(JSON.stringify(fork.body.messages), /FAKE SUMMARY/, 'not the compacted one')

    assert.equal(rows.length, 1)
    const row = rows[0]!
    assert.equal(row.mode, 'rehearsal')
    assert.equal(row.outcome, 'rehearsed')
    assert.equal(row.reason, null)
    assert.match(row.pendingPath, new RegExp(`/rehearsals/${s.sessionId}/001-[^/.]+\\.json$`), 'a pending row first')
    assert.match(row.path, new RegExp(`/rehearsals/${s.sessionId}/001-[^/.]+\\.late\\.json$`), 'completed beside it')
    assert.ok(row.files.transcript, 'the conversation, stored with the pending row, is on the completed one')
    assert.ok(row.reads.length > 0)
    assert.ok(
      row.reads.every((r: { via: string }) => r.via === 'disk'),
      'every read went to the disk, none to the Read tool',
    )
    const summary = row.sections.find((x: { name: string }) => x.name === 'summary')
    assert.equal(summary.status, 'ok', JSON.stringify(summary))
    assert.equal(summary.record.path, 'fork')
    // What the rehearsal spent is on its row.
    assert.ok(row.model.calls.filter((c: { answeredBy: string | null }) => c.answeredBy).length >= 2, JSON.stringify(row.model.calls))
    // Priced per section (the probe section's fork is a test's and carries no price).
    for (const name of ['summary', 'commitments']) {
      const sec = row.sections.find((x: { name: string }) => x.name === name)
      assert.equal(typeof sec?.record?.cost?.usd, 'number', `${name}: ${JSON.stringify(sec?.record?.cost)}`)
    }
    assert.equal(typeof (row.cost.usd ?? row.cost.pricedUsd), 'number', JSON.stringify(row.cost))
    const handoff = lab.handoffOf(row)!
    assert.match(handoff, MARKER_RE)
    assert.match(handoff, /HANDOFF SUMMARY/)
  })

  test('rehearsalModel off: no model call from the plugin; the sections that need none are stored', async () => {
    lab.setOptions({ rehearsalModel: false })
    const before = lab.requests().length
    const s = lab.session()
    await s.send('a turn before compacting')
    await s.send('/compact')
    const rows = await lab.settledRows(2)
    assert.equal(await s.close(), 0)
    const ours = lab
      .requests()
      .slice(before)
      .filter((r) => Object.values(MARKERS).some((m) => JSON.stringify(r.body.messages).includes(m)) || /CH_PROBE_FORK/.test(JSON.stringify(r.body.messages)))
    assert.deepEqual(
      ours.map((r) => r.kind),
      [],
      'the plugin made no model call',
    )
    const row = rows.find((r) => r.sessionId === s.sessionId)!
    assert.equal(row.outcome, 'rehearsed')
    assert.deepEqual(row.model.calls, [])
    for (const name of ['summary', 'commitments']) {
      const sec = row.sections.find((x: { name: string }) => x.name === name)
      assert.equal(sec?.status, 'dropped', `${name}: ${JSON.stringify(sec)}`)
      assert.match(sec.message, /rehearsalModel: false/)
    }
    assert.ok(row.sections.some((x: { name: string; status: string }) => x.name === 'turns' && x.status === 'ok'))
    lab.setOptions({})
  })
})
