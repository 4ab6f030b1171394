import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { before, describe, test } from 'node:test'
import { type BashParser, loadBashParser } from './bash-parser.ts'
import { normalizePath } from './files.ts'
import { analyzeShell, isDeletion } from './shell-writes.ts'

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
const paths = (xs: Array<{ path: string; how: string }>) => [...new Set(xs.filter((w) => !isDeletion(w)).map((w) => normalizePath(w.path)))].sort()
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

  test('says how each file was written, in the order the shell writes them', () => {
    const a = analyzeShell("sed -i s/a/b/ x.txt && echo >> y.txt && python3 -c \"open('z','w')\"", parser)
    assert.deepEqual(
      a.writes.map((w) => `${w.path} ${w.how}`),
      ['x.txt sed -i', 'y.txt >>', 'z python'],
    )
    const t = analyzeShell("sed -i s/a/b/ x.txt && echo >> y.txt && python3 -c \"open('z','w')\"", null)
    assert.deepEqual(
      t.writes.map((w) => `${w.path} ${w.how}`),
      ['x.txt sed -i', 'y.txt >>', 'z python'],
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

describe('what a failing status means', () => {
  const neg = (command: string, p: BashParser | null = parser) => analyzeShell(command, p).negative

  test('the command the shell ran last decides: the end of the pipeline, after || or after a && that fails aloud', () => {
    assert.deepEqual(neg('grep -i "undefined" paper.log'), { label: 'no match', quiet: false })
    assert.deepEqual(neg('tail -20 paper.log | grep -i warning'), { label: 'no match', quiet: false })
    assert.deepEqual(neg('cd /tmp/x && git show HEAD | /usr/bin/grep Checkpoint'), { label: 'no match', quiet: false })
    assert.deepEqual(neg('grep a f || rg b src'), { label: 'no match', quiet: false })
    assert.deepEqual(neg('timeout 5 git grep -n foo'), { label: 'no match', quiet: false })
    assert.deepEqual(neg('diff -u a b'), { label: 'differs', quiet: false })
    assert.deepEqual(neg('[[ -f out/ready ]]'), { label: 'false', quiet: false })
    assert.deepEqual(neg('(cd src && test -d gen)'), { label: 'false', quiet: false })
  })

  test('its error messages may not have shown: redirected, or silenced by its own options', () => {
    assert.equal(neg('grep x f 2>/dev/null')?.quiet, true)
    assert.equal(neg('grep x f > out.txt 2>&1')?.quiet, true)
    assert.equal(neg('grep x f 2>&1 > out.txt')?.quiet, false)
    assert.equal(neg('grep -qs x f')?.quiet, true)
    assert.equal(neg('cmp -s a b')?.quiet, true)
    assert.equal(neg('grep x f > out.txt')?.quiet, false)
  })

  test('no reading when the text leaves it open which command failed', () => {
    for (const c of [
      'grep x f | wc -l',
      'pdflatex p.tex > log 2>&1 && grep undefined log',
      'test -f a && grep x a',
      'grep -q a f && grep b f',
      'set -euo pipefail; grep x f | sort',
      'set -o pipefail; grep x f',
      '! grep x f',
      'grep x f &',
      'for f in *.ts; do grep -l x "$f"; done',
      'cat <<EOF | grep x\nabc\nEOF',
      'bash -c "grep x f"',
    ]) {
      assert.equal(neg(c), undefined, c)
    }
    // The tokenizer does not read the structure: what it reads keeps any failure.
    assert.equal(neg('grep x f', null), undefined)
  })

  test('names a git commit in any of its forms', () => {
    assert.equal(analyzeShell('git add -A && git commit -m "x"', parser).commits, true)
    assert.equal(analyzeShell('git -C repo commit --amend --no-edit', parser).commits, true)
    assert.equal(analyzeShell('git log --grep commit', parser).commits, false)
  })
})

describe('where a command writes', () => {
  const dirs = (command: string, p: BashParser | null = parser) => analyzeShell(command, p).writes.map((w) => `${w.path}@${w.dir}`)

  test("each write carries the directory the text's own cd moved to", () => {
    assert.deepEqual(dirs('cd docs/src && cp a.pdf ../b.pdf'), ['../b.pdf@docs/src'])
    assert.deepEqual(dirs('cd /r/docs && mv a b && cd sub && touch c'), ['b@/r/docs', 'c@/r/docs/sub'])
    assert.deepEqual(dirs('echo x > a.txt'), ['a.txt@undefined'])
    assert.deepEqual(dirs('cd a; (cd b && touch x); touch y'), ['x@a/b', 'y@a'])
    assert.deepEqual(dirs('cd x | tee log.txt; touch y'), ['log.txt@undefined', 'y@undefined'])
    assert.deepEqual(dirs('cd x || exit 1; touch r'), ['r@x'])
    assert.deepEqual(dirs('bash -c "cd sub && echo > f"'), ['f@sub'])
  })

  test('a cd to somewhere known only at run time, or only maybe, leaves the directory unknown', () => {
    assert.deepEqual(dirs('cd "$D" && touch x'), ['x@null'])
    assert.deepEqual(dirs('if [ -d z ]; then cd z; fi; touch q'), ['q@null'])
    assert.deepEqual(dirs('make || cd build; touch q'), ['q@null'])
    assert.deepEqual(dirs('cd - && touch x'), ['x@null'])
    // The tokenizer does not follow a cd: whatever comes after one is unknown.
    assert.deepEqual(dirs('cd docs && touch x', null), ['x@null'])
  })

  test('a group’s redirection applies from before the group runs', () => {
    assert.deepEqual(dirs('{ cd x; make; } > log 2>&1'), ['log@undefined'])
  })

  test('where the command leaves the shell, for the next one', () => {
    assert.equal(analyzeShell('cd /r/docs && ls', parser).endDir, '/r/docs')
    assert.equal(analyzeShell('ls', parser).endDir, undefined)
    assert.equal(analyzeShell('(cd /x && ls)', parser).endDir, undefined)
    assert.equal(analyzeShell('cd docs && ls', null).endDir, null)
  })

  test('an mv names the file it moved', () => {
    const a = analyzeShell('mv a.txt b.txt && mv c.txt d.txt dir/', parser)
    assert.deepEqual(
      a.writes.map((w) => `${w.from} -> ${w.path}`),
      ['a.txt -> b.txt', 'c.txt -> dir/c.txt', 'd.txt -> dir/d.txt'],
    )
    assert.equal(analyzeShell('cp a.txt b.txt', parser).writes[0]!.from, undefined)
  })
})

describe('deletions', () => {
  test('rm and unlink name what they delete, in order among the writes; -r takes a folder', () => {
    const a = analyzeShell('echo x > out.txt && rm -f out.txt && rm -rf build/ && unlink lock', parser)
    assert.deepEqual(
      a.writes.map((w) => [w.how, normalizePath(w.path)]),
      [
        ['>', 'out.txt'],
        ['rm', 'out.txt'],
        ['rm -r', 'build'],
        ['rm', 'lock'],
      ],
    )
    assert.deepEqual(a.writes.filter(isDeletion).length, 3)
  })
})
