import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { fileStem, stemTime } from '../plugin/hooks/protocol.ts'
import { appendJsonl } from './files.ts'
import { type CompactionRow, indexLine, nextCompaction, resolveDataDir, sessionDir, textSize, writeCompaction } from './write.ts'

const made: string[] = []
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'ch-store-'))
  made.push(d)
  return d
}
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })))

function row(n: number, prev: number | null, extra: Partial<CompactionRow> = {}): CompactionRow {
  return {
    v: 1,
    at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, n)).toISOString(),
    sessionId: 's1',
    mode: 'live',
    trigger: 'manual',
    outcome: 'replaced',
    reason: null,
    lineage: { n, prev },
    ...extra,
  }
}

describe('store/write', () => {
  test('the data dir: the setting, else COMPACT_HANDOFF_DATA_DIR, else ~/.claude/compact-handoff', () => {
    assert.equal(resolveDataDir('/x/y', { COMPACT_HANDOFF_DATA_DIR: '/env' }, '/home/u'), '/x/y')
    assert.equal(resolveDataDir('~/d', {}, '/home/u'), '/home/u/d')
    assert.equal(resolveDataDir('  ', { COMPACT_HANDOFF_DATA_DIR: '/env' }, '/home/u'), '/env')
    assert.equal(resolveDataDir(undefined, {}, '/home/u'), '/home/u/.claude/compact-handoff')
  })

  test('live and rehearsal runs are kept apart', () => {
    assert.equal(sessionDir({ dataDir: '/d', mode: 'live', sessionId: 'abc' }), '/d/sessions/abc')
    assert.equal(sessionDir({ dataDir: '/d', mode: 'rehearsal', sessionId: 'abc' }), '/d/rehearsals/abc')
  })

  test('a session id that could leave its folder is refused', () => {
    for (const id of ['../x', 'a/b', '.', '', '..']) {
      assert.throws(() => sessionDir({ dataDir: '/d', mode: 'live', sessionId: id }), /not safe/, id)
    }
  })

  test('file names carry no colon', () => {
    assert.equal(fileStem(7, new Date('2026-01-02T03:04:05.678Z')), '007-2026-01-02T03-04-05-678Z')
  })

  test('numbering: one more than the rows already there, whoever wrote them', async () => {
    const dataDir = fresh()
    const ref = { dataDir, mode: 'live' as const, sessionId: 's1' }
    assert.deepEqual(await nextCompaction(ref), { n: 1, prev: null, depth: 1, earlier: [] })
    await writeCompaction(ref, { row: row(1, null), handoff: 'H1' })
    // A row the hooks module wrote for a failure (no handoff beside it) counts too.
    writeFileSync(join(sessionDir(ref), '002-2026-01-02T03-04-06-000Z.json'), '{}')
    const next = await nextCompaction(ref)
    assert.equal(next.n, 3)
    assert.equal(next.prev, 2)
    assert.equal(next.depth, 3)
    assert.equal(next.earlier[1]!.at, '2026-01-02T03:04:06.000Z')
    assert.deepEqual(
      next.earlier.map((e) => e.n),
      [1, 2],
    )
    assert.match(next.earlier[0]!.file, /^sessions\/s1\/001-/)
  })

  test('writes the handoff, the row and an index line; files 0600, folders 0700', async () => {
    const dataDir = join(fresh(), 'data')
    const ref = { dataDir, mode: 'rehearsal' as const, sessionId: 's1' }
    const w = await writeCompaction(ref, { row: row(1, null, { mode: 'rehearsal', outcome: 'rehearsed' }), handoff: '<!-- marker -->\nbody' })
    assert.equal(readFileSync(w.handoffFile!, 'utf8'), '<!-- marker -->\nbody')
    const stored = JSON.parse(readFileSync(w.rowFile, 'utf8'))
    assert.equal(stored.outcome, 'rehearsed')
    assert.equal(stored.files.handoff, 'rehearsals/s1/001-2026-01-02T03-04-05-001Z.md')
    const index = readFileSync(join(dataDir, 'index.jsonl'), 'utf8').trim().split('\n')
    assert.equal(index.length, 1)
    assert.equal(JSON.parse(index[0]!).files.row, stored.files.row)
    assert.equal(statSync(w.rowFile).mode & 0o777, 0o600)
    assert.equal(statSync(w.handoffFile!).mode & 0o777, 0o600)
    assert.equal(statSync(join(dataDir, 'index.jsonl')).mode & 0o777, 0o600)
    assert.equal(statSync(dataDir).mode & 0o777, 0o700)
    assert.equal(statSync(join(dataDir, 'rehearsals', 's1')).mode & 0o777, 0o700)
  })

  test('a row without a handoff (a fallback) writes no .md', async () => {
    const dataDir = fresh()
    const ref = { dataDir, mode: 'live' as const, sessionId: 's1' }
    const w = await writeCompaction(ref, { row: row(1, null, { outcome: 'fallback', reason: 'timeout' }), handoff: null })
    assert.equal(w.handoffFile, null)
    assert.deepEqual(readdirSync(sessionDir(ref)).sort(), [w.rowFile.split('/').at(-1), 'runs.jsonl'])
    assert.deepEqual(w.row.files, { handoff: null, summary: null, transcript: null, row: w.row.files.row })
    assert.equal(w.row.index, null, 'nothing to index')
  })

  test('files are written once: the same name again fails and leaves the first intact', async () => {
    const dataDir = fresh()
    const ref = { dataDir, mode: 'live' as const, sessionId: 's1' }
    await writeCompaction(ref, { row: row(1, null), handoff: 'first' })
    await assert.rejects(writeCompaction(ref, { row: row(1, null), handoff: 'second' }), /EEXIST/)
    const md = readdirSync(sessionDir(ref)).find((f) => f.endsWith('.md'))!
    assert.equal(readFileSync(join(sessionDir(ref), md), 'utf8'), 'first')
  })

  test('concurrent writers never lose an index line', async () => {
    const dataDir = fresh()
    const writers = Array.from({ length: 40 }, (_, i) =>
      writeCompaction(
        { dataDir, mode: 'live', sessionId: `s${i}` },
        { row: { ...row(1, null), sessionId: `s${i}`, pad: 'x'.repeat(5_000) }, handoff: `H${i}` },
      ),
    )
    await Promise.all(writers)
    const lines = readFileSync(join(dataDir, 'index.jsonl'), 'utf8').trim().split('\n')
    assert.equal(lines.length, 40)
    assert.deepEqual(new Set(lines.map((l) => JSON.parse(l).sessionId)).size, 40)
  })

  test('a compaction stores its summary and the conversation as it stood, with sizes, and indexes them', async () => {
    const dataDir = fresh()
    const ref = { dataDir, mode: 'live' as const, sessionId: 's1' }
    const w = await writeCompaction(ref, { row: row(1, null), handoff: 'H\n', summary: 'S1\nS2\n', transcript: 't1\nt2\nt3' })
    assert.equal(readFileSync(w.summaryFile!, 'utf8'), 'S1\nS2\n')
    assert.equal(readFileSync(w.transcriptFile!, 'utf8'), 't1\nt2\nt3')
    assert.match(w.row.files.summary!, /^sessions\/s1\/001-.*\.summary\.md$/)
    assert.match(w.row.files.transcript!, /^sessions\/s1\/001-.*\.transcript\.md$/)
    assert.deepEqual(w.row.sizes.transcript, { chars: 8, lines: 3, approxTokens: 2 })
    assert.deepEqual(w.row.sizes.summary, { chars: 6, lines: 2, approxTokens: 2 })
    assert.ok(w.row.index && 'ok' in w.row.index && w.row.index.ok)
    const runs = readFileSync(join(sessionDir(ref), 'runs.jsonl'), 'utf8')
      .trim()
      .split('\n')
    assert.equal(runs.length, 1)
    assert.equal(JSON.parse(runs[0]!).files.transcript, w.row.files.transcript)
    assert.equal(statSync(join(dataDir, 'search')).mode & 0o777, 0o700)
  })

  test("index lines leave out the sections' records and bodies (the row file keeps them)", () => {
    const line = indexLine({
      v: 1,
      sections: [
        { name: 'ledger', status: 'ok', chars: 3, record: { commands: ['x'] } },
        { name: 'turns', status: 'dropped', body: 'b' },
      ],
    })
    assert.deepEqual(line.sections, [
      { name: 'ledger', status: 'ok', chars: 3 },
      { name: 'turns', status: 'dropped' },
    ])
  })

  test('appendJsonl: a line after a torn one starts a line of its own', async () => {
    const file = join(fresh(), 'sub', 'log.jsonl')
    await appendJsonl(file, { a: 1 })
    writeFileSync(file, readFileSync(file, 'utf8') + '{"a":2,"tor', { flag: 'w' })
    await appendJsonl(file, { a: 3 })
    assert.deepEqual(readFileSync(file, 'utf8').split('\n'), ['{"a":1}', '{"a":2,"tor', '{"a":3}', ''])
    assert.equal(statSync(file).mode & 0o777, 0o600)
  })

  test('sizes and stem times', () => {
    assert.deepEqual(textSize(''), { chars: 0, lines: 1, approxTokens: 0 })
    assert.deepEqual(textSize('a\nb\n'), { chars: 4, lines: 2, approxTokens: 1 })
    assert.equal(stemTime('012-2026-03-04T05-06-07-089Z'), '2026-03-04T05:06:07.089Z')
    assert.equal(stemTime('nope'), null)
  })
})
