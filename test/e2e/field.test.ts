/**
 * The field records through the real engine: a dozen-turn session with two compactions (the
 * second asked for by the model's handoff_compact) leaves one window.jsonl row per turn and two
 * NNN.post.json with what the turns after each compaction did; every row says its arm. Then the
 * A/B control: a session the draw puts in the stock arm keeps the engine's own summary while its
 * handoff is rehearsed and stored, with the /plugin settings reaching the pipeline.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { MARKERS } from './fake-model.mjs'
import { type FieldSession, runFieldSession } from './field-session.ts'
import { firstUserText, Lab, MARKER_RE, pluginDir, skipWithoutEngine } from './harness.ts'

const readJsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))

describe('field records through the engine', { skip: skipWithoutEngine, timeout: 240_000 }, () => {
  test('a dozen turns, two compactions: window.jsonl row per turn, two post.json, rows with their arm', async () => {
    let f: FieldSession | null = null
    try {
      f = await runFieldSession()
      const { dir, lab } = f
      const p = (name: string) => join(lab.project, name)

      const window = readJsonl(join(dir, 'window.jsonl'))
      assert.deepEqual(
        window.map((r) => r.turn),
        Array.from({ length: 12 }, (_, i) => i + 1),
        'one row per main turn, in order',
      )
      assert.deepEqual(
        window.map((r) => r.phase),
        [0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2],
      )
      for (const r of window) {
        assert.equal(r.v, 1)
        assert.ok(r.tokens > 0 && r.window > 0, JSON.stringify(r))
        assert.equal(r.share, Math.round((r.tokens / r.window) * 1e6) / 1e6)
        assert.ok(!Number.isNaN(Date.parse(r.at)))
      }
      assert.deepEqual(
        window.flatMap((r) => (r.handoffShare === undefined ? [] : [r.turn])),
        [5, 10],
        'the handoff share on the first turn after each compaction only',
      )
      const rows = await lab.settledRows(2)
      for (const [i, t] of [5, 10].entries()) {
        const handoffRow = window[t - 1]
        assert.equal(handoffRow.handoffShare, Math.round((rows[i]!.tokens.after / handoffRow.window) * 1e6) / 1e6)
      }

      assert.deepEqual(
        rows.map((r) => [r.lineage.n, r.arm, r.mode, r.outcome, r.trigger, r.requestedBy ?? null]),
        [
          [1, 'handoff', 'live', 'replaced', 'manual', null],
          [2, 'handoff', 'live', 'replaced', 'manual', 'handoff_compact'],
        ],
      )
      assert.deepEqual(rows[0]!.ab, { share: 0, draw: rows[0]!.ab.draw })

      const post1 = JSON.parse(readFileSync(join(dir, '001.post.json'), 'utf8'))
      assert.deepEqual(
        { ...post1, historyCalls: post1.historyCalls.map((h: { tool: string; input: unknown }) => [h.tool, h.input]), turns: post1.turns.length },
        {
          v: 1,
          compaction: 1,
          arm: 'handoff',
          drawn: true,
          watchTurns: 10,
          turnsSeen: 5,
          complete: true,
          reReadRestored: [p('app.ts')],
          reReadNamed: [],
          reRunCommands: ["printf 'draft\\n' > notes.md && echo build-ok"],
          notReadRefusals: 1,
          historyCalls: [['handoff_search', { query: 'build-ok' }]],
          turnsToFirstToolCall: 1,
          compactedAgain: true,
          refsKnown: true,
          turns: 5,
        },
      )
      assert.ok(post1.historyCalls[0].results > 0, 'the search found the command in the stored conversation')

      const post2 = JSON.parse(readFileSync(join(dir, '002.post.json'), 'utf8'))
      assert.deepEqual(
        [post2.turnsSeen, post2.complete, post2.compactedAgain, post2.reReadNamed, post2.reReadRestored, post2.turnsToFirstToolCall, post2.notReadRefusals],
        [3, false, false, [p('notes.md')], [p('app.ts')], 1, 0],
        'the open watch: notes.md was named (ledger), app.ts restored',
      )

      // A resumed session (a new process) goes on counting from the files.
      const resumed = await lab.run(['--resume', f.sessionId, `FAKE_TOOL:Read {"file_path":"${p('notes.md')}"}`])
      assert.equal(resumed.code, 0, resumed.stderr)
      const after = readJsonl(join(dir, 'window.jsonl'))
      assert.deepEqual([after.length, after.at(-1).turn, after.at(-1).phase, after.at(-1).handoffShare], [13, 13, 2, undefined])
      const post2after = JSON.parse(readFileSync(join(dir, '002.post.json'), 'utf8'))
      assert.equal(post2after.turnsSeen, 4)
      assert.equal(post2after.turns.at(-1).reads[0], p('notes.md'))

      // The status sums what the store holds.
      const status = spawnSync(
        process.execPath,
        [join(pluginDir, 'dist', 'compact-handoff.mjs'), 'status', '--session', f.sessionId, '--data-dir', f.dataDir],
        {
          encoding: 'utf8',
        },
      )
      assert.equal(status.status, 0, status.stderr)
      assert.match(status.stdout, /Arms: 2 handoff · asked for: 1 handoff_compact/)
      assert.match(status.stdout, /Restored: 2 files over 2 compactions/)
      assert.match(status.stdout, /Fallbacks: none/)
    } finally {
      await f?.close()
    }
  })

  test('abStockShare 1: the engine summary stands, the handoff is stored as a rehearsal, the settings reach the pipeline', async () => {
    const lab = await Lab.create({ name: 'field-ab', plugin: { live: true, abStockShare: 1, commitmentsMaxTokens: 321, restoreFiles: 1 } })
    try {
      const s = lab.session()
      await s.send('FAKE_TOOL:Bash {"command":"echo control-arm","description":"print a line"}')
      await s.send('a second turn')
      // Asked for by the person: /handoff compact runs /compact, which ends with a result of its own.
      const results = () => s.events.filter((e) => e.type === 'result').length
      const asked = await s.send('/handoff compact')
      assert.match(JSON.stringify(asked.result), /Compacting now/)
      const before = results()
      const [row] = await lab.settledRows(1)
      for (const end = Date.now() + 30_000; results() === before && Date.now() < end;) await new Promise((r) => setTimeout(r, 100))
      await s.send('AFTER_STOCK_COMPACTION')
      assert.equal(await s.close(), 0)

      const req = lab.requestsWith('AFTER_STOCK_COMPACTION').at(-1)!
      assert.match(JSON.stringify(req.body.messages), /FAKE SUMMARY #\d+/, "the engine's own summary is what the next request carries")
      assert.doesNotMatch(firstUserText(req), MARKER_RE)
      assert.equal(lab.requests().filter((r) => r.kind === 'compaction').length, 1, "core's summarizer ran")

      assert.equal(row!.arm, 'stock')
      assert.equal(row!.requestedBy, '/handoff compact')
      assert.deepEqual(row!.ab, { share: 1, draw: row!.ab.draw })
      assert.equal(row!.mode, 'rehearsal')
      assert.equal(row!.outcome, 'rehearsed')
      assert.match(row!.path, new RegExp(`/rehearsals/${s.sessionId}/001-`))
      assert.match(lab.handoffOf(row!)!, MARKER_RE, 'the rehearsal is on disk')
      const dir = join(lab.dataDir, 'rehearsals', s.sessionId!)
      assert.equal(readJsonl(join(dir, 'window.jsonl')).length, 3)
      const post = JSON.parse(readFileSync(join(dir, '001.post.json'), 'utf8'))
      assert.deepEqual([post.arm, post.drawn, post.turnsSeen], ['stock', true, 1])
      assert.ok(!existsSync(join(lab.dataDir, 'sessions')), 'nothing stored as live')

      // commitmentsMaxTokens reached the commitments pass; restoreFiles the restore section.
      const commitments = row!.sections.find((x: { name: string }) => x.name === 'commitments')
      assert.equal(commitments.record.maxTokens, 321, JSON.stringify(commitments.record))
      const request = lab.requests().find((r) => r.kind === 'commitments')!
      assert.ok(JSON.stringify(request.body.messages).includes(MARKERS.commitments))
      const restore = row!.sections.find((x: { name: string }) => x.name === 'restore')
      assert.ok((restore.record?.restored?.length ?? 0) <= 1, JSON.stringify(restore.record))
    } finally {
      await lab.close()
    }
  })
})
