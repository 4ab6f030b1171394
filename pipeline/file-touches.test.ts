import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { fileLines, fileTouches, lastCopy, readText } from './file-touches.ts'
import type { Message, Transcript } from './transcript.ts'

const use = (i: number, name: string, input: Record<string, unknown>, result?: string, isError = false): Message => ({
  index: i,
  role: 'assistant',
  kind: 'assistant',
  text: '',
  toolUses: [{ id: `t${i}`, name, input, ...(result !== undefined ? { result: { toolUseId: `t${i}`, text: result, isError } } : {}) }],
  toolResults: [],
})
const t = (...messages: Message[]): Transcript => ({ source: 'jsonl', messages, boundaries: [], malformed: { count: 0, lines: [] } })
const numbered = (from: number, lines: string[]) => lines.map((l, i) => `${String(from + i).padStart(6)}→${l}`).join('\n')

describe('fileTouches', () => {
  test('a partial Read is kept as the lines it showed, from its first line, and is where the session worked', () => {
    const touch = fileTouches(t(use(0, 'Read', { file_path: '/p/a.go', offset: 40, limit: 3 }, numbered(40, ['x', 'y', 'z'])))).get('/p/a.go')!
    assert.deepEqual(touch.stored, { text: 'x\ny\nz', from: 'read', firstLine: 40, whole: false })
    assert.equal(touch.focus, 40)
    assert.deepEqual(touch.ops, { Read: 1 })
  })

  test('a later part does not replace a whole copy; an Edit moves the focus to its line', () => {
    const whole = numbered(1, ['a', 'b', 'c', 'd'])
    const touch = fileTouches(
      t(
        use(0, 'Read', { file_path: '/p/a.go' }, whole),
        use(1, 'Read', { file_path: '/p/a.go', offset: 3, limit: 1 }, numbered(3, ['c'])),
        use(2, 'Edit', { file_path: '/p/a.go', old_string: 'c', new_string: 'C1\nC2' }, 'ok'),
      ),
    ).get('/p/a.go')!
    assert.deepEqual(touch.stored, { text: 'a\nb\nC1\nC2\nd', from: 'read', firstLine: 1, whole: true })
    assert.equal(touch.focus, 3)
    assert.deepEqual(touch.ops, { Read: 2, Edit: 1 })
  })

  test('an Edit the copy cannot take drops the copy; a failed call changes nothing but is counted', () => {
    const touches = fileTouches(
      t(
        use(0, 'Write', { file_path: '/p/w.ts', content: 'one\ntwo' }, 'ok'),
        use(1, 'Edit', { file_path: '/p/w.ts', old_string: 'absent', new_string: 'x' }, 'err', true),
        use(2, 'Write', { file_path: '/p/v.ts', content: 'v' }, 'ok'),
        use(3, 'Edit', { file_path: '/p/v.ts', old_string: 'absent', new_string: 'x' }, 'ok'),
      ),
    )
    assert.equal(touches.get('/p/w.ts')!.stored?.text, 'one\ntwo')
    assert.deepEqual(touches.get('/p/w.ts')!.ops, { Write: 1, Edit: 1 })
    assert.equal(touches.get('/p/v.ts')!.stored, undefined)
    assert.deepEqual([...touches.keys()], ['/p/w.ts', '/p/v.ts'], 'newest touch last')
  })

  test('a Read from line 1 is whole only when it stopped short of its limit: a limit it filled may hide the rest', () => {
    const head = numbered(1, ['a', 'b', 'c'])
    const full = fileTouches(t(use(0, 'Read', { file_path: '/p/a.go', limit: 3 }, head))).get('/p/a.go')!
    assert.equal(full.stored?.whole, false)
    const short = fileTouches(t(use(0, 'Read', { file_path: '/p/a.go', limit: 30 }, head))).get('/p/a.go')!
    assert.equal(short.stored?.whole, true)
    const bare = fileTouches(t(use(0, 'Read', { file_path: '/p/a.go' }, head))).get('/p/a.go')!
    assert.equal(bare.stored?.whole, true)
  })

  test('a part from line 1 is not kept over a later part as if it were the whole file', () => {
    // Read with a limit it filled, then a part far below: the first part is no whole copy.
    const touch = fileTouches(
      t(
        use(0, 'Read', { file_path: '/p/a.go', offset: 1, limit: 3 }, numbered(1, ['a', 'b', 'c'])),
        use(1, 'Read', { file_path: '/p/a.go', offset: 450, limit: 2 }, numbered(450, ['x', 'y'])),
      ),
    ).get('/p/a.go')!
    assert.deepEqual(touch.stored, { text: 'x\ny', from: 'read', firstLine: 450, whole: false })
  })

  test('parts that overlap or meet are joined into one copy, the newer lines winning', () => {
    const touch = fileTouches(
      t(
        use(0, 'Read', { file_path: '/p/a.go', offset: 120, limit: 3 }, numbered(120, ['a', 'b', 'c'])),
        use(1, 'Read', { file_path: '/p/a.go', offset: 122, limit: 3 }, numbered(122, ['C', 'd', 'e'])),
        use(2, 'Read', { file_path: '/p/a.go', offset: 117, limit: 3 }, numbered(117, ['x', 'y', 'z'])),
      ),
    ).get('/p/a.go')!
    assert.deepEqual(touch.stored, { text: 'x\ny\nz\na\nb\nC\nd\ne', from: 'read', firstLine: 117, whole: false })
  })

  test('the newest Edit is where the session worked, even after a partial Read elsewhere; the next Edit there is placed in that Read', () => {
    const msgs = [
      use(0, 'Read', { file_path: '/p/r.go', offset: 430, limit: 3 }, numbered(430, ['func a() {', '\treturn 1', '}'])),
      use(1, 'Edit', { file_path: '/p/r.go', old_string: '\treturn 1', new_string: '\treturn 2' }, 'ok'),
      use(2, 'Read', { file_path: '/p/r.go', limit: 3 }, numbered(1, ['package cli', '', 'import "os"'])),
    ]
    const after = fileTouches(t(...msgs)).get('/p/r.go')!
    assert.equal(after.focus, 431)
    assert.equal(after.edited, 431)
    // The part that holds the newest Edit stays the copy; the newer Read is what was seen last.
    assert.deepEqual(after.stored, { text: 'func a() {\n\treturn 2\n}', from: 'read', firstLine: 430, whole: false })
    assert.deepEqual(after.read, { text: 'package cli\n\nimport "os"', firstLine: 1, whole: false })
    const edited = fileTouches(t(...msgs, use(3, 'Edit', { file_path: '/p/r.go', old_string: 'import "os"', new_string: 'import (\n\t"os"\n)' }, 'ok'))).get(
      '/p/r.go',
    )!
    assert.deepEqual(edited.stored, { text: 'package cli\n\nimport (\n\t"os"\n)', from: 'read', firstLine: 1, whole: false })
    assert.equal(edited.focus, 3)
  })

  test('a copy from before an Edit it cannot take is still the last copy, said to be from before later edits', () => {
    const touch = fileTouches(
      t(
        use(0, 'Read', { file_path: '/p/h.ex', offset: 90, limit: 2 }, numbered(90, ['def a', 'end'])),
        use(1, 'Edit', { file_path: '/p/h.ex', old_string: 'elsewhere', new_string: 'x' }, 'ok'),
      ),
    ).get('/p/h.ex')!
    assert.equal(touch.stored, undefined)
    assert.deepEqual(lastCopy(touch), { text: 'def a\nend', firstLine: 90, whole: false, from: 'read', current: false })
  })

  test("a part's empty last line is a line it holds, so a part after it still meets it", () => {
    const touch = fileTouches(
      t(
        use(0, 'Read', { file_path: '/p/a.go', offset: 10, limit: 2 }, numbered(10, ['}', ''])),
        use(1, 'Read', { file_path: '/p/a.go', offset: 12, limit: 1 }, numbered(12, ['func b() {'])),
      ),
    ).get('/p/a.go')!
    assert.deepEqual(touch.stored, { text: '}\n\nfunc b() {', from: 'read', firstLine: 10, whole: false })
  })

  test('a final newline ends the last line; it is not a line of its own', () => {
    assert.deepEqual(fileLines('a\nb\n'), ['a', 'b'])
    assert.deepEqual(fileLines('a\nb'), ['a', 'b'])
    assert.deepEqual(fileLines(''), [])
  })

  test('readText strips line numbers and a trailing reminder', () => {
    assert.equal(readText(`${numbered(7, ['  indented', 'b'])}\n\n<system-reminder>\nx\n</system-reminder>\n`), '  indented\nb')
  })

  test('readText keeps a reminder the file itself quotes: only the one that ends the result is the engine note', () => {
    const file = ["const quoted = '<system-reminder>x</system-reminder>'", 'const after = 1']
    assert.equal(readText(`${numbered(1, file)}\n\n<system-reminder>\nmalware note\n</system-reminder>\n`), file.join('\n'))
  })
})
