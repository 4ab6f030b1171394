import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { fileTouches, type Message, type SectionResult, type Transcript } from '../../pipeline/index.ts'
import { runSection, sectionContext } from '../../test/section-context.ts'
import outline, { aroundFocus, declarations } from './index.ts'

const use = (i: number, name: string, input: Record<string, unknown>, result = 'ok'): Message => ({
  index: i,
  role: 'assistant',
  kind: 'assistant',
  text: '',
  toolUses: [{ id: `t${i}`, name, input, result: { toolUseId: `t${i}`, text: result, isError: false } }],
  toolResults: [],
})
const t = (...messages: Message[]): Transcript => ({ source: 'jsonl', messages, boundaries: [], malformed: { count: 0, lines: [] } })

const GO = [
  'package cli',
  '',
  'import "fmt"',
  '',
  'type Store struct {',
  '\tpath string',
  '}',
  '',
  'func (s *Store) Load(id string) error {',
  '\tconst inner = 1',
  '\t\tvar deep = 2',
  '\treturn nil',
  '}',
].join('\n')

const run = (transcript: Transcript, budgetChars: number = 6_000) =>
  runSection(outline, transcript, { options: { maxFiles: 20, filesShare: 0.3, declarationsShare: 0.5, declarations: 8, lineChars: 100 }, budgetChars })

describe('outline', () => {
  test("declarations at the top level, and functions one level in; a body's locals and the package line are not", () => {
    const touch = fileTouches(t(use(0, 'Write', { file_path: '/p/store.go', content: GO }))).get('/p/store.go')!
    assert.deepEqual(
      declarations(touch, 100).map((d) => `${d.line}: ${d.text}`),
      ['5: type Store struct {', '9: func (s *Store) Load(id string) error {'],
    )
    const ts = ['export const LIMIT = 3', 'class Box {', '  async open() {', '    const x = 1', '  }', '  function helper() {}', '}', 'let top = 2'].join('\n')
    const tsTouch = fileTouches(t(use(0, 'Write', { file_path: '/p/box.ts', content: ts }))).get('/p/box.ts')!
    assert.deepEqual(
      declarations(tsTouch, 100).map((d) => d.line),
      [1, 2, 6, 8],
    )
    const ex = ['defmodule App.Hooks do', '  def create(conn, params) do', '    x = 1', '  end', '  defp parse(v), do: v', 'end'].join('\n')
    const exTouch = fileTouches(t(use(0, 'Write', { file_path: '/p/h.ex', content: ex }))).get('/p/h.ex')!
    assert.deepEqual(
      declarations(exTouch, 100).map((d) => d.line),
      [1, 2, 5],
    )
  })

  test('the declarations nearest where the work was, the one holding that line first', () => {
    const decls = [10, 20, 30, 40, 50, 60].map((line) => ({ line, text: `func f${line}() {` }))
    assert.deepEqual(aroundFocus(decls, 45, 3), { shown: decls.slice(2, 5), holder: 1 })
    assert.deepEqual(aroundFocus(decls, 65, 2), { shown: decls.slice(4, 6), holder: 1 })
    assert.deepEqual(aroundFocus(decls, 5, 2), { shown: decls.slice(0, 2), holder: -1 })
    assert.deepEqual(aroundFocus(decls, 25, 6), { shown: decls, holder: 1 })
  })

  test('newest file first, relative to the project, what was done to it, the lines seen of a partial read', async () => {
    const r = await run(
      t(
        use(0, 'Write', { file_path: '/p/store.go', content: GO }),
        use(1, 'Edit', { file_path: '/p/store.go', old_string: 'return nil', new_string: 'return fmt.Errorf("no %s", id)' }),
        use(2, 'Read', { file_path: '/p/big.ts', offset: 100, limit: 2 }, '   100→export function load() {\n   101→  return 1'),
      ),
    )
    assert.match(r.body, /^Files this session worked on, newest first, relative to \/p:/)
    const [, big, ...rest] = r.body.split('\n- ')
    assert.match(big!, /^big\.ts — read; lines 100–101 seen; last worked at line 100\n {4}100: export function load\(\) \{ {3}← there$/)
    assert.match(
      rest.join('\n'),
      /^store\.go — written, edited; 13 lines as written; last worked at line 12\n {4}5: type Store struct \{\n {4}9: func \(s \*Store\) Load\(id string\) error \{ {3}← there/,
    )
  })

  test('a part read from line 1 with a limit it filled is a part; a final newline is not a line', async () => {
    const r = await run(
      t(
        use(0, 'Read', { file_path: '/p/rewind.go', limit: 2 }, '     1→package cli\n     2→'),
        use(1, 'Write', { file_path: '/p/.ignore', content: 'lib/x.ex:58:13\n' }),
      ),
    )
    assert.match(r.body, /\.ignore — written; 1 line as written;/)
    assert.match(r.body, /rewind\.go — read; lines 1–2 seen;/)
  })

  test('a copy from before later edits is said to be one, and its declarations are listed as excerpts shows it', async () => {
    const r = await run(
      t(
        use(0, 'Read', { file_path: '/p/h.ex', offset: 90, limit: 2 }, '    90→  def trace(conn) do\n    91→  end'),
        use(1, 'Edit', { file_path: '/p/h.ex', old_string: 'not in the lines read', new_string: 'x' }),
      ),
    )
    assert.match(r.body, /h\.ex — edited, read; lines 90–91 as last read, before later edits; last worked at line 90\n {4}90: def trace\(conn\) do/)
  })

  test('every file on its own line before older files get declarations; files past the room are counted', async () => {
    const many = Array.from({ length: 30 }, (_, i) => use(i, 'Write', { file_path: `/p/f${i}.go`, content: GO }))
    const r = await run(t(...many), 1_500)
    assert.ok(r.body.length <= 1_500, `${r.body.length}`)
    // The newest files carry their declarations; older ones, listed after, only their line.
    assert.match(r.body, /- f29\.go — [^\n]*\n {4}5: type Store struct \{/)
    const listed = r.body.split('\n').filter((l) => l.startsWith('- ')).length
    assert.ok(listed > 3, `${listed} files listed`)
    // Only the newest files (those in filesShare of the room) carry declarations: past the first
    // file with none, no file has any.
    const entries = r.body.split('\n- ').slice(1)
    const bare = entries.findIndex((e) => !e.includes('\n    '))
    assert.ok(bare > 0, 'the newest file has declarations, an older one has none')
    assert.ok(
      entries.slice(bare).every((e) => !/\n {4}\d/.test(e)),
      'no older file has declarations',
    )
    // With no share for file lines first, the newest file still comes with its declarations.
    const none = await runSection(outline, t(...many), {
      options: { maxFiles: 20, filesShare: 0, declarationsShare: 0.5, declarations: 8, lineChars: 100 },
      budgetChars: 1_500,
    })
    assert.match(none.body, /- f29\.go — [^\n]*\n {4}5: type Store struct \{/)
    assert.ok(none.body.split('\n- ').length - 1 > 3, 'older files still listed, one line each')
    assert.match(r.body, new RegExp(`\\(${30 - listed} more files touched earlier, not listed\\)$`))
    await assert.rejects(run(t()), /touched no file/)
  })

  test('declarations take at most their share of the room: a long file does not crowd out the older files', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `func f${i}() {}`).join('\n')
    const files = [
      ...Array.from({ length: 12 }, (_, i) => use(i, 'Write', { file_path: `/p/old${i}.go`, content: 'package p' })),
      use(12, 'Write', { file_path: '/p/b.go', content: long }),
      use(13, 'Write', { file_path: '/p/a.go', content: long }),
    ]
    const opts = (share: number) => ({
      options: { maxFiles: 30, filesShare: 0.3, declarationsShare: share, declarations: 40, lineChars: 100 },
      budgetChars: 2_000,
    })
    const capped = await runSection(outline, t(...files), opts(0.3))
    const uncapped = await runSection(outline, t(...files), opts(1))
    const listed = (body: string) => body.split('\n').filter((l) => l.startsWith('- ')).length
    const declRows = capped.body.split('\n').filter((l) => /^ {4}\d/.test(l))
    assert.ok(declRows.reduce((a, r) => a + r.length + 1, 0) <= 0.3 * 2_000, 'within the share')
    assert.ok(listed(capped.body) > listed(uncapped.body), `${listed(capped.body)} files listed, ${listed(uncapped.body)} uncapped`)
  })

  test('a file with more declarations than it may list says how many it left out', async () => {
    const long = Array.from({ length: 40 }, (_, i) => `func f${i}() {}`).join('\n')
    const r = await runSection(outline, t(use(0, 'Write', { file_path: '/p/long.go', content: long })), {
      options: { maxFiles: 20, filesShare: 0.3, declarationsShare: 0.5, declarations: 4, lineChars: 100 },
      budgetChars: 4_000,
    })
    assert.match(r.body, /\(36 more declarations in it, not listed\)/)
  })

  test('a file on the deny list is named, never shown; a secret-looking constant keeps its name, not its value', async () => {
    const r = await run(
      t(
        use(0, 'Read', { file_path: '/p/.env' }, '     1→GITHUB_TOKEN=ghp_SUPERSECRET123\n     2→DB_PASS=hunter2'),
        use(1, 'Write', { file_path: '/p/settings.py', content: 'API_KEY = "sk_live_999"\nDEBUG = True\n' }),
      ),
    )
    assert.ok(!/ghp_SUPERSECRET123|hunter2|sk_live_999/.test(r.body), r.body)
    assert.match(r.body, /^- \.env — read; on the deny list \(\.env\): nothing of it is shown$/m)
    assert.match(r.body, /^ {4}1: API_KEY = \[value not shown\]/m)
  })
})

describe('a file the session deleted', () => {
  test("on the session's machine it is said to be gone, with none of its declarations", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ch-outline-'))
    try {
      writeFileSync(join(dir, 'kept.go'), GO)
      const transcript = {
        ...t(use(0, 'Write', { file_path: join(dir, 'old.go'), content: GO }), use(1, 'Write', { file_path: join(dir, 'kept.go'), content: GO })),
        cwd: dir,
      }
      const ctx = sectionContext(outline, transcript)
      const r = (await outline.run({ ...ctx, input: { ...ctx.input, trigger: 'manual', cwd: dir } })) as SectionResult
      assert.match(r.body, /^- old\.go — written; no longer on disk$/m)
      assert.match(r.body, /^- kept\.go — written; 13 lines as written; last worked at line 1$/m)
      // Only the file still there lists its declarations.
      assert.equal(r.body.match(/func \(s \*Store\) Load/g)?.length, 1)
      // From the CLI over a transcript from elsewhere, the disk says nothing about the session's files.
      const elsewhere = await runSection(outline, { ...transcript, cwd: '/nowhere' })
      assert.doesNotMatch(elsewhere.body, /no longer on disk/)
      // Nor can it when the transcript names no cwd: the CLI's own folder exists wherever it runs.
      const { cwd: _, ...noCwd } = transcript
      const here = sectionContext(outline, noCwd)
      const unnamed = (await outline.run({ ...here, input: { ...here.input, cwd: process.cwd() } })) as SectionResult
      assert.doesNotMatch(unnamed.body, /no longer on disk/)
      // A cwd that exists here too (a /app or /workspace on both machines), where none of the
      // session's files is: another machine's disk, not a session that deleted everything.
      const other = mkdtempSync(join(tmpdir(), 'ch-outline-other-'))
      const foreign = await runSection(outline, {
        ...t(use(0, 'Write', { file_path: join(other, 'a.go'), content: GO }), use(1, 'Read', { file_path: join(other, 'b.go') }, GO)),
        cwd: other,
      })
      assert.doesNotMatch(foreign.body, /no longer on disk/)
      assert.match(foreign.body, /^- a\.go — written; 13 lines as written/m)
      rmSync(other, { recursive: true, force: true })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
