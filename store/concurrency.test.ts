/**
 * The store's append-only promise under real concurrency: separate Node processes appending
 * through the one writer never lose or interleave each other's rows, and a torn last line costs
 * only itself.
 */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { readJsonl } from './read.ts'
import { runTool } from './tools.ts'
import { appendJsonl } from './files.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const made: string[] = []
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })))
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'ch-conc-'))
  made.push(d)
  return d
}

const PROCS = 20
const ROWS = 200

describe('store: concurrent appends', { timeout: 120_000 }, () => {
  test(`${PROCS} processes appending ${ROWS} rows each leave exactly ${PROCS * ROWS} parseable rows`, async () => {
    const file = join(fresh(), 'index.jsonl')
    // Rows of different sizes (one over a pipe buffer), so a write that split would show.
    const code = (k: number) => `
      import { appendJsonl } from './store/files.ts'
      const pad = 'x'.repeat(${k % 4 === 0 ? 70_000 : 50 + k * 37})
      for (let i = 0; i < ${ROWS}; i++) await appendJsonl(${JSON.stringify(file)}, { proc: ${k}, i, pad })
    `
    const codes = await Promise.all(
      Array.from({ length: PROCS }, (_, k) => {
        const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code(k)], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
        return new Promise<number | null>((r) => p.on('exit', (c) => r(c)))
      }),
    )
    assert.deepEqual(codes, Array(PROCS).fill(0))
    const r = await readJsonl<{ proc: number; i: number }>(file)
    assert.equal(r.torn, 0)
    assert.equal(r.rows.length, PROCS * ROWS)
    const seen = new Set(r.rows.map((x) => `${x.proc}:${x.i}`))
    assert.equal(seen.size, PROCS * ROWS, 'every row once')
    // Each process's rows are in its own order.
    for (let k = 0; k < PROCS; k++)
      assert.deepEqual(
        r.rows.filter((x) => x.proc === k).map((x) => x.i),
        Array.from({ length: ROWS }, (_, i) => i),
      )
  })

  test('a torn last line (a writer killed halfway through a row) is skipped and counted, and the next row is whole', async () => {
    const dataDir = fresh()
    const file = join(dataDir, 'index.jsonl')
    await appendJsonl(file, { v: 1, at: '2026-01-01T00:00:00.000Z', sessionId: 's1', mode: 'live', outcome: 'replaced', lineage: { n: 1, prev: null } })
    const whole = JSON.stringify({ v: 1, at: '2026-01-02T00:00:00.000Z', sessionId: 's2', mode: 'live', outcome: 'replaced', lineage: { n: 1, prev: null } })
    appendFileSync(file, whole.slice(0, Math.floor(whole.length / 2)))
    const read = await readJsonl(file)
    assert.deepEqual([read.rows.length, read.torn], [1, 1])
    // Readers of the store still open it, and say what they skipped.
    const listed = await runTool('handoff_list', { scope: 'all' }, { dataDir, sessionId: null, live: false, pluginVersion: 't', by: 'cli' })
    assert.match(listed.text, /Sessions that compacted on this machine: 1/)
    assert.match(listed.text, /1 torn line in index\.jsonl skipped: line 2/)
    // The next writer starts a line of its own: only the torn row is lost.
    await appendJsonl(file, { v: 1, at: '2026-01-03T00:00:00.000Z', sessionId: 's3', mode: 'live', outcome: 'replaced', lineage: { n: 1, prev: null } })
    const after = await readJsonl<{ sessionId: string }>(file)
    assert.deepEqual(
      after.rows.map((x) => x.sessionId),
      ['s1', 's3'],
    )
    assert.equal(after.torn, 1)
    assert.equal(readFileSync(file, 'utf8').split('\n').length, 4)
  })
})
