import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { fileTouches, type Message, type Transcript } from '../../pipeline/index.ts'
import { runSection } from '../../test/section-context.ts'
import outline, { declarations } from './index.ts'

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

const run = (transcript: Transcript, budgetChars: number = 6_000) => runSection(outline, transcript, { options: { maxFiles: 20, lineChars: 100 }, budgetChars })

describe('outline', () => {
  test('declarations with their line numbers, at the top level and one level in; deeper lines are not', () => {
    const touch = fileTouches(t(use(0, 'Write', { file_path: '/p/store.go', content: GO }))).get('/p/store.go')!
    assert.deepEqual(declarations(touch, 100), [
      '1: package cli',
      '5: type Store struct {',
      '9: func (s *Store) Load(id string) error {',
      '10: const inner = 1',
    ])
  })

  test('newest file first, what was done to it, the lines seen of a partial read', async () => {
    const r = await run(
      t(
        use(0, 'Write', { file_path: '/p/store.go', content: GO }),
        use(1, 'Edit', { file_path: '/p/store.go', old_string: 'return nil', new_string: 'return fmt.Errorf("no %s", id)' }),
        use(2, 'Read', { file_path: '/p/big.ts', offset: 100, limit: 2 }, '   100→export function load() {\n   101→  return 1'),
      ),
    )
    const [, big, ...rest] = r.body.split('\n- ')
    assert.match(big!, /^\/p\/big\.ts \(read; lines 100–101 seen; last worked at line 100\)\n {4}100: export function load\(\) \{/)
    assert.match(rest.join('\n'), /^\/p\/store\.go \(written, edited; 13 lines as written; last worked at line 12\)/)
  })

  test('a part read from line 1 with a limit it filled is a part; a final newline is not a line', async () => {
    const r = await run(
      t(
        use(0, 'Read', { file_path: '/p/rewind.go', limit: 2 }, '     1→package cli\n     2→'),
        use(1, 'Write', { file_path: '/p/.ignore', content: 'lib/x.ex:58:13\n' }),
      ),
    )
    assert.match(r.body, /\/p\/\.ignore \(written; 1 line as written;/)
    assert.match(r.body, /\/p\/rewind\.go \(read; lines 1–2 seen;/)
  })

  test('a copy from before later edits is said to be one, and its declarations are listed as excerpts shows it', async () => {
    const r = await run(
      t(
        use(0, 'Read', { file_path: '/p/h.ex', offset: 90, limit: 2 }, '    90→  def trace(conn) do\n    91→  end'),
        use(1, 'Edit', { file_path: '/p/h.ex', old_string: 'not in the lines read', new_string: 'x' }),
      ),
    )
    assert.match(r.body, /\/p\/h\.ex \(edited, read; lines 90–91 as last read, before later edits; last worked at line 90\)\n {4}90: def trace\(conn\) do/)
  })

  test('fits its budget, saying what it left out; no file touched is a drop', async () => {
    const many = Array.from({ length: 30 }, (_, i) => use(i, 'Write', { file_path: `/p/f${i}.go`, content: GO }))
    const r = await run(t(...many), 1_200)
    assert.ok(r.body.length <= 1_200, `${r.body.length}`)
    assert.match(r.body, /more files? touched earlier, not listed\)$/)
    await assert.rejects(run(t()), /touched no file/)
  })
})
