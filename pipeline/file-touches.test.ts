import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { fileTouches, readText } from './file-touches.ts'
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
    assert.deepEqual(touch.stored, { text: 'x\ny\nz', from: 'read', firstLine: 40 })
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
    assert.deepEqual(touch.stored, { text: 'a\nb\nC1\nC2\nd', from: 'read', firstLine: 1 })
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

  test('readText strips line numbers and a trailing reminder', () => {
    assert.equal(readText(`${numbered(7, ['  indented', 'b'])}\n\n<system-reminder>\nx\n</system-reminder>\n`), '  indented\nb')
  })

  test('readText keeps a reminder the file itself quotes: only the one that ends the result is the engine note', () => {
    const file = ["const quoted = '<system-reminder>x</system-reminder>'", 'const after = 1']
    assert.equal(readText(`${numbered(1, file)}\n\n<system-reminder>\nmalware note\n</system-reminder>\n`), file.join('\n'))
  })
})
