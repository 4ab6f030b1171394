import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { checkSessionId, insideDataDir, parseJsonl, readJsonl, sessionCompactions, StoreError } from './read.ts'

const made: string[] = []
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })))
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'ch-read-'))
  made.push(d)
  return d
}

describe('store/read', () => {
  test('a torn last line (half a row) is skipped and counted; the rows before it read', () => {
    const r = parseJsonl('{"a":1}\n{"a":2}\n{"a":3,"b":"hal')
    assert.deepEqual(r.rows, [{ a: 1 }, { a: 2 }])
    assert.equal(r.torn, 1)
    assert.deepEqual(r.tornLines, [3])
  })

  test('blank lines are not rows and not torn; a line that is not an object is torn', () => {
    const r = parseJsonl('\n{"a":1}\n\n42\n')
    assert.deepEqual(r.rows, [{ a: 1 }])
    assert.deepEqual(r.tornLines, [4])
  })

  test('a log that does not exist yet reads as empty', async () => {
    assert.deepEqual(await readJsonl(join(fresh(), 'nope.jsonl')), { rows: [], torn: 0, tornLines: [] })
  })

  test('session ids that could leave their folder are refused, one line each', () => {
    for (const bad of ['../x', '..', '.hidden', 'a/b', 'a\\b', '', 'x'.repeat(200), 7]) {
      assert.throws(
        () => checkSessionId(bad),
        (e: unknown) => e instanceof StoreError && !e.message.includes('\n'),
        String(bad),
      )
    }
    assert.equal(checkSessionId('3f2a9c1e-0b1d-4c1f-9a8e-1b2c3d4e5f60'), '3f2a9c1e-0b1d-4c1f-9a8e-1b2c3d4e5f60')
  })

  test('stored paths resolve inside the data dir only', () => {
    assert.equal(insideDataDir('/d', 'sessions/s/001-x.md'), '/d/sessions/s/001-x.md')
    for (const bad of ['../etc/passwd', 'sessions/../../x', '/etc/passwd', '', '.']) {
      assert.throws(() => insideDataDir('/d', bad), StoreError, bad)
    }
  })

  test("a session's compactions, live and rehearsed, oldest first; an unreadable row says so", async () => {
    const d = fresh()
    mkdirSync(join(d, 'sessions', 's1'), { recursive: true })
    mkdirSync(join(d, 'rehearsals', 's1'), { recursive: true })
    writeFileSync(join(d, 'rehearsals', 's1', '001-2026-01-01T00-00-00-000Z.json'), '{"outcome":"rehearsed"}')
    writeFileSync(join(d, 'sessions', 's1', '001-2026-01-02T00-00-00-000Z.json'), '{"outcome":"replaced"}')
    writeFileSync(join(d, 'sessions', 's1', '002-2026-01-03T00-00-00-000Z.json'), '{"outcome":')
    writeFileSync(join(d, 'sessions', 's1', '002-2026-01-03T00-00-00-000Z.feedback.jsonl'), '{}\n')
    writeFileSync(join(d, 'sessions', 's1', 'runs.jsonl'), '')
    const cs = await sessionCompactions(d, 's1')
    assert.deepEqual(
      cs.map((c) => [c.mode, c.n, c.row?.outcome ?? null]),
      [
        ['rehearsal', 1, 'rehearsed'],
        ['live', 1, 'replaced'],
        ['live', 2, null],
      ],
    )
    assert.match(cs[2]!.problem!, /row file unreadable/)
    assert.equal(cs[1]!.at, '2026-01-02T00:00:00.000Z')
  })
})
