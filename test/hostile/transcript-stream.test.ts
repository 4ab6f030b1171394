/**
 * A transcript is read as a stream with its limits named. Before: a transcript over 512 MB ended in
 * "Invalid string length" (exit 3), and one huge line was held whole.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { MAX_LINE_BYTES, readJsonlTranscript } from '../../pipeline/transcript.ts'
import { assistantRow, cli, text, userRow } from './helpers.ts'

const dir = mkdtempSync(join(tmpdir(), 'ch-hostile-stream-'))
after(() => rmSync(dir, { recursive: true, force: true }))

describe('hostile: the transcript reader', () => {
  test('a 1 GB transcript gets a clear answer naming the limit, never a JS engine error', () => {
    const big = join(dir, 'huge.jsonl')
    execFileSync('truncate', ['-s', '1G', big])
    const r = cli(['build', big])
    assert.equal(r.status, 1, r.stderr)
    assert.match(r.stderr, /is 1,024 MB, over the 512 MB a transcript may be \(the default 512 MB; COMPACT_HANDOFF_MAX_TRANSCRIPT_MB sets it\)/)
    assert.doesNotMatch(r.stderr, /Invalid string length|internal error/)
    assert.equal(r.stderr.trim().split('\n').length, 1)
  })

  test('the limit is a setting', () => {
    const small = join(dir, 'small.jsonl')
    writeFileSync(small, `${JSON.stringify(userRow('hi', { cwd: dir }))}\n`.repeat(30_000))
    const r = cli(['build', small], { env: { COMPACT_HANDOFF_MAX_TRANSCRIPT_MB: '1' } })
    assert.equal(r.status, 1)
    assert.match(r.stderr, /over the 1 MB a transcript may be \(COMPACT_HANDOFF_MAX_TRANSCRIPT_MB=1\)/)
  })

  test('a line past MAX_LINE_BYTES is counted malformed without being held; the lines around it are read', async () => {
    const file = join(dir, 'long-line.jsonl')
    const head = `${JSON.stringify(userRow('before', { cwd: dir }))}\n`
    const long = `{"type":"user","message":{"role":"user","content":"${'x'.repeat(MAX_LINE_BYTES + 1024)}"}}\n`
    const tail = `${JSON.stringify(assistantRow('m1', [text('after')]))}\n`
    writeFileSync(file, head + long + tail)
    const t = await readJsonlTranscript(file)
    assert.deepEqual(t.malformed, { count: 1, lines: [2] })
    assert.deepEqual(
      t.messages.map((m) => [m.line, m.text]),
      [
        [1, 'before'],
        [3, 'after'],
      ],
    )
  })

  test('multi-byte characters split across read chunks come back whole', async () => {
    const words = 'ü€𝄞 '.repeat(40_000)
    const file = join(dir, 'utf8.jsonl')
    writeFileSync(file, `${JSON.stringify(userRow(words, { cwd: dir }))}\n`)
    const t = await readJsonlTranscript(file)
    assert.equal(t.messages[0]!.text, words)
  })
})
