/**
 * Rehearsal (the default), through the real engine: the plugin does the whole job and stores it,
 * the engine's own summary stands, and the rehearsal leaves no trace in what the engine sends.
 */
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { firstUserText, Lab, MARKER_RE, repoRoot, skipWithoutEngine, toolPairing } from './harness.ts'

describe('rehearsal through the engine', { skip: skipWithoutEngine, timeout: 60_000 }, () => {
  let lab: Lab
  before(async () => {
    // No userConfig at all: the manifest's defaults (live off).
    lab = await Lab.create({ name: 'rehearsal', plugin: {}, probe: { file: join(repoRoot, 'tsconfig.json') } })
  })
  after(async () => lab?.close())

  test("the engine's own summary stands; our handoff and its row are on disk", async () => {
    const s = lab.session()
    await s.send('FAKE_TOOL:Bash {"command":"echo rehearsal-tool-output","description":"print a line"}')
    await s.send('second turn: keep going')
    await s.send('/compact')
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
    assert.equal(lab.requests().filter((r) => r.kind === 'compaction').length, 1)

    const rows = lab.rows()
    assert.equal(rows.length, 1)
    const row = rows[0]!
    assert.equal(row.mode, 'rehearsal')
    assert.equal(row.outcome, 'rehearsed')
    assert.equal(row.reason, null)
    assert.match(row.path, new RegExp(`/rehearsals/${s.sessionId}/001-[^/]+\\.json$`))
    assert.ok(row.reads.length > 0)
    assert.ok(row.reads.every((r: { via: string }) => r.via === 'disk'), 'every read went to the disk, none to the Read tool')
    const handoff = lab.handoffOf(row)!
    assert.match(handoff, MARKER_RE)
    assert.match(handoff, /HANDOFF SUMMARY/)
  })
})
