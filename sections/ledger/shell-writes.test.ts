import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { before, describe, test } from 'node:test'
import { type BashParser, loadBashParser } from './bash-parser.ts'
import { normalizePath } from './files.ts'
import { analyzeShell } from './shell-writes.ts'

interface Case {
  command: string
  /** Every file the command writes; [] for a command that writes none. */
  writes: string[]
  /** Expected probe classification, where the case pins one. */
  readOnly?: boolean
  /** The real transcript (../shared/bench-data/raw) and line the command was taken from. */
  source?: string
  why?: string
}

const table: Case[] = JSON.parse(readFileSync(new URL('./fixtures/commands.json', import.meta.url), 'utf8'))
const paths = (xs: Array<{ path: string }>) => [...new Set(xs.map((w) => normalizePath(w.path)))].sort()
const label = (c: Case) => `${JSON.stringify(c.command.length > 70 ? `${c.command.slice(0, 70)}…` : c.command)}${c.source ? ` (${c.source})` : ''}`

let parser: BashParser
before(async () => {
  const loaded = await loadBashParser()
  assert.ok(loaded.ok, loaded.ok ? '' : loaded.error)
  parser = loaded.parser
})

describe('the command table', () => {
  test('is large enough and mixes real commands with the tricky cases', () => {
    assert.ok(table.length >= 60, `${table.length} commands`)
    assert.ok(table.filter((c) => c.source).length >= 30, 'at least 30 real commands')
    assert.ok(table.filter((c) => c.writes.length).length >= 30, 'at least 30 that write')
  })

  for (const c of table) {
    test(`parser: ${label(c)}`, () => {
      const a = analyzeShell(c.command, parser)
      assert.deepEqual(paths(a.writes), [...c.writes].map(normalizePath).sort(), c.why)
      if (c.readOnly !== undefined) assert.equal(a.readOnly, c.readOnly, 'read-only probe?')
    })
  }

  // The fallback must never invent a write; it may miss one it cannot read for sure.
  for (const c of table) {
    test(`tokenizer never invents: ${label(c)}`, () => {
      const a = analyzeShell(c.command, null)
      assert.equal(a.via, 'tokenizer')
      const expected = new Set(c.writes.map(normalizePath))
      for (const p of paths(a.writes)) assert.ok(expected.has(p), `invented ${p}`)
    })
  }

  test('the tokenizer alone still finds the plain writes', () => {
    const plain = table.filter((c) => c.writes.length && !/\$\(|\[\[|\(\(/.test(c.command))
    const found = plain.filter((c) => paths(analyzeShell(c.command, null).writes).length === c.writes.length)
    assert.ok(found.length / plain.length >= 0.9, `${found.length} of ${plain.length}`)
  })
})

describe('analyzeShell', () => {
  test('a command the parser cannot read goes to the tokenizer, and says so', () => {
    const a = analyzeShell("python3 - <<'EOF' 2>&1 | tail -5\nopen('r.json','w')\nEOF", parser)
    assert.equal(a.via, 'tokenizer')
    assert.deepEqual(paths(a.writes), ['r.json'])
  })

  test('a clean command is read by the parser', () => {
    assert.equal(analyzeShell('echo hi > a.txt', parser).via, 'parser')
  })

  test('run-time targets are counted as unresolved, not listed', () => {
    const a = analyzeShell('echo x > "$OUT" && sed -i s/a/b/ *.ts && python3 -c "open(name, \'w\')"', parser)
    assert.deepEqual(a.writes, [])
    assert.equal(a.unresolved, 3)
  })

  test('says how each file was written', () => {
    const a = analyzeShell("sed -i s/a/b/ x.txt && echo >> y.txt && python3 -c \"open('z','w')\"", parser)
    assert.deepEqual(
      a.writes.map((w) => `${w.path} ${w.how}`),
      ['y.txt >>', 'x.txt sed -i', 'z python'],
    )
  })

  test('nested shells stop at a depth limit', () => {
    let cmd = 'echo deep > d.txt'
    for (let i = 0; i < 8; i++) cmd = `bash -c ${JSON.stringify(cmd)}`
    assert.doesNotThrow(() => analyzeShell(cmd, parser))
  })

  test('odd input never throws', () => {
    for (const s of ['', '\\', '$(', '"', "'", '<<', 'cat <<EOF', '>', '|| &&', '\u0000\u0001', 'a'.repeat(20_000)]) {
      assert.doesNotThrow(() => analyzeShell(s, parser), s.slice(0, 20))
      assert.doesNotThrow(() => analyzeShell(s, null), s.slice(0, 20))
    }
  })
})
