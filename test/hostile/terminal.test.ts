/**
 * Escape sequences from a transcript never reach the terminal. Before: a typed turn or a stored
 * output holding OSC 52 (a clipboard write), a screen clear or an 8-bit CSI was printed raw.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { forTerminal } from '../../cli/terminal.ts'
import { type CompactionRow, writeCompaction } from '../../store/write.ts'
import { assistantRow, cli, text, userRow, writeJsonl } from './helpers.ts'

const dir = mkdtempSync(join(tmpdir(), 'ch-hostile-term-'))
after(() => rmSync(dir, { recursive: true, force: true }))
writeFileSync(join(dir, 'empty.yaml'), '')
const env = { COMPACT_HANDOFF_CONFIG: join(dir, 'empty.yaml') }

const HOSTILE = 'copy \u001b]52;c;ZXZpbA==\u0007 clear \u001b[2J title \u001b]0;pwned\u001b\\ csi \u009b31m cr \rover del \u007f'
// eslint-disable-next-line no-control-regex -- the test looks for control characters
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/

describe('hostile: terminal hygiene', () => {
  const file = writeJsonl(join(dir, 's.jsonl'), [userRow(HOSTILE, { cwd: dir }), assistantRow('m1', [text(`echoing ${HOSTILE}`)])])

  test('build prints no control character or escape sequence, and still shows the words', () => {
    const r = cli(['build', file], { env })
    assert.equal(r.status, 0, r.stderr)
    assert.doesNotMatch(r.stdout, CONTROLS)
    assert.doesNotMatch(r.stderr, CONTROLS)
    assert.match(r.stdout, /copy ␛\]52;c;ZXZpbA==␇ clear ␛\[2J/)
  })

  test('--json keeps the text exactly (JSON escapes it)', () => {
    const r = cli(['build', file, '--json'], { env })
    assert.equal(r.status, 0, r.stderr)
    assert.doesNotMatch(r.stdout, CONTROLS)
    const out = JSON.parse(r.stdout) as { sections: Array<{ name: string; body?: string }> }
    assert.ok(out.sections.find((s) => s.name === 'turns')!.body!.includes(HOSTILE))
  })

  test('an error line that quotes hostile input is neutralised too', () => {
    const r = cli(['build', join(dir, `missing\u001b[31m.jsonl`)], { env })
    assert.equal(r.status, 1)
    assert.doesNotMatch(r.stderr, CONTROLS)
  })

  test('history commands print stored text neutralised too', async () => {
    const dataDir = join(dir, 'data')
    const session = 'aaaa0000-1111-2222-3333-444455556666'
    const row = {
      v: 1,
      at: new Date().toISOString(),
      sessionId: session,
      mode: 'live',
      trigger: 'manual',
      outcome: 'replaced',
      reason: null,
      lineage: { n: 1, prev: null },
      sections: [],
    } as unknown as CompactionRow
    await writeCompaction({ dataDir, mode: 'live', sessionId: session }, { row, handoff: `stored ${HOSTILE}\n`, index: false })
    const r = cli(['lookup', '--session', session, '--data-dir', dataDir])
    assert.equal(r.status, 0, r.stderr)
    assert.match(r.stdout, /stored copy ␛\]52/)
    assert.doesNotMatch(r.stdout, CONTROLS)
  })

  test('newline and tab stay; the rest become visible', () => {
    assert.equal(forTerminal('a\tb\nc\u001b[0m\u0007\u009b'), 'a\tb\nc␛[0m␇\\u009b')
  })
})
