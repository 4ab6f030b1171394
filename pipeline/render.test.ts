/**
 * The conversation as text: what is shown and how, and the newest part kept when it must cut.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { renderConversation } from './render.ts'
import type { Message, Transcript } from './transcript.ts'

const m = (index: number, over: Partial<Message>): Message => ({
  index,
  role: 'user',
  kind: 'typed',
  text: '',
  toolUses: [],
  toolResults: [],
  ...over,
})

const t = (messages: Message[]): Transcript => ({ source: 'jsonl', messages, boundaries: [], malformed: { count: 0, lines: [] } })

describe('renderConversation', () => {
  test('typed turns and assistant text in full; a tool call on one line with the start of its result', () => {
    const r = renderConversation(
      t([
        m(0, { text: 'run the tests' }),
        m(1, {
          role: 'assistant',
          kind: 'assistant',
          text: 'Running them now.',
          toolUses: [
            { id: 'u1', name: 'Bash', input: { command: 'npm test' }, result: { toolUseId: 'u1', text: 'FAIL  a.test.ts\n  expected 2', isError: true } },
          ],
        }),
        m(2, { kind: 'tool-results', toolResults: [{ toolUseId: 'u1', text: 'FAIL', isError: true }] }),
        m(3, { kind: 'meta', text: '<system-reminder>x</system-reminder>' }),
        m(4, { kind: 'interrupt', text: '[Request interrupted by user]' }),
      ]),
      { maxChars: 10_000 },
    )
    assert.equal(
      r.text,
      [
        '[#0 user] run the tests',
        '[#1 assistant] Running them now.\n  → Bash {"command":"npm test"}\n    ← error: FAIL a.test.ts expected 2',
        '[#4 interrupt] the user interrupted',
      ].join('\n\n'),
    )
    assert.deepEqual([r.rendered, r.leftOut], [3, 0])
  })

  test('long tool inputs and results are clipped, and the clip is counted', () => {
    const r = renderConversation(
      t([
        m(0, {
          role: 'assistant',
          kind: 'assistant',
          toolUses: [{ id: 'u', name: 'Write', input: { content: 'x'.repeat(1_000) }, result: { toolUseId: 'u', text: 'y'.repeat(1_000), isError: false } }],
        }),
      ]),
      { maxChars: 10_000, toolInputChars: 50, toolResultChars: 20 },
    )
    // Each clip is at most its limit, the mark that says how much was cut included.
    assert.match(r.text, /→ Write \{"content":"x{24}… \[\+978 chars\]/)
    assert.match(r.text, /← ok: y{6}… \[\+994 chars\]/)
  })

  test('over maxChars: the newest messages are kept and the cut is said', () => {
    const many = Array.from({ length: 50 }, (_, i) => m(i, { text: `turn ${i} `.repeat(20) }))
    const r = renderConversation(t(many), { maxChars: 2_000 })
    assert.ok(r.text.length <= 2_000, `${r.text.length} chars`)
    assert.ok(r.leftOut > 0)
    assert.equal(r.rendered + r.leftOut, 50)
    assert.match(r.text, new RegExp(`^\\[${r.leftOut} earlier messages left out here to fit 2,000 chars`))
    assert.match(r.text, /\[#49 user\] turn 49/)
    assert.doesNotMatch(r.text, /\[#0 user\]/)
  })

  test('a newest message longer than maxChars is shown clipped in its middle: how it began and the call it ended on', () => {
    const newest = m(2, {
      role: 'assistant',
      kind: 'assistant',
      text: `Starting the migration. ${'Reasoning about the schema. '.repeat(100)}`,
      toolUses: [{ id: 'u', name: 'Edit', input: { file_path: '/p/migrate.sql' } }],
    })
    const r = renderConversation(t([m(0, { text: 'migrate it' }), m(1, { text: 'and keep the old table' }), newest]), { maxChars: 1_000 })
    assert.ok(r.text.length <= 1_000, `${r.text.length} chars`)
    assert.deepEqual([r.rendered, r.leftOut], [1, 2])
    assert.match(r.text, /^\[2 earlier messages left out here to fit 1,000 chars[^\n]*\n\n\[#2 assistant\] Starting the migration\./)
    assert.match(r.text, /\[… [\d,]+ chars clipped …\]/)
    assert.match(r.text, /→ Edit \{"file_path":"\/p\/migrate\.sql"\}$/)
    // Under the least room worth a clipped message, nothing is shown.
    assert.equal(renderConversation(t([newest]), { maxChars: 400 }).rendered, 0)
  })
})
