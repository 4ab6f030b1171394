import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Message, Transcript } from '../../pipeline/index.ts'
import { runSection } from '../../test/section-context.ts'
import recent from './index.ts'

const msgs: Message[] = [
  { index: 0, role: 'user', kind: 'typed', text: 'fix the flaky test in store_test.go', toolUses: [], toolResults: [] },
  {
    index: 1,
    role: 'assistant',
    kind: 'assistant',
    text: 'Running it alone first.',
    toolUses: [
      {
        id: 'a',
        name: 'Bash',
        input: { command: 'go test ./store -run TestLoad_Concurrent -count=20' },
        result: { toolUseId: 'a', text: 'FAIL '.repeat(200), isError: true },
      },
    ],
    toolResults: [],
  },
]
const t = (messages: Message[]): Transcript => ({ source: 'jsonl', messages, boundaries: [], malformed: { count: 0, lines: [] } })

const run = (transcript: Transcript, budgetChars: number) => runSection(recent, transcript, { options: { resultChars: 40, inputChars: 1_500 }, budgetChars })

describe('recent', () => {
  test('the call verbatim, its result cut to resultChars, the words typed', async () => {
    const r = await run(t(msgs), 4_000)
    assert.ok(r.body.includes('go test ./store -run TestLoad_Concurrent -count=20'))
    assert.ok(r.body.includes('fix the flaky test in store_test.go'))
    assert.match(r.body, /← error: (FAIL ){5}F… \[\+[\d,]+ chars\]$/)
  })

  test('newest kept within the budget; nothing that fits is a drop', async () => {
    const long = Array.from({ length: 40 }, (_, i): Message => ({
      index: i,
      role: 'user',
      kind: 'typed',
      text: `turn ${i} ${'x'.repeat(100)}`,
      toolUses: [],
      toolResults: [],
    }))
    const r = await run(t(long), 1_000)
    assert.ok(r.body.length <= 1_000, `${r.body.length}`)
    assert.ok(r.body.includes('turn 39 '))
    assert.ok(!r.body.includes('turn 0 '))
    assert.match(r.body, /earlier messages left out/)
    await assert.rejects(run(t([]), 1_000), /no message fits/)
  })

  test('only the work since the newest compaction: an earlier handoff is not carried again', async () => {
    const handoff: Message = {
      index: 0,
      role: 'user',
      kind: 'handoff',
      text: '<!-- compact-handoff: session=s n=001 prev=none -->\nearlier',
      toolUses: [],
      toolResults: [],
    }
    const older: Message = { index: 0, role: 'user', kind: 'typed', text: 'before the first compaction', toolUses: [], toolResults: [] }
    const r = await run(t([older, handoff, ...msgs]), 4_000)
    assert.ok(!r.body.includes('compact-handoff:'))
    assert.ok(!r.body.includes('before the first compaction'))
    assert.ok(r.body.includes('fix the flaky test'))
    assert.equal((r.record as { fromMessage: number }).fromMessage, 2)
  })
})
