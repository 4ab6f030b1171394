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

  test('the newest steps verbatim, the ones before them one line per call: what ran, in order, what failed', async () => {
    const step = (index: number, command: string, text: string, isError = false): Message => ({
      index,
      role: 'assistant',
      kind: 'assistant',
      text: '',
      toolUses: [{ id: `u${index}`, name: 'Bash', input: { command }, result: { toolUseId: `u${index}`, text, isError } }],
      toolResults: [],
    })
    const write: Message = {
      index: 1,
      role: 'assistant',
      kind: 'assistant',
      text: 'Writing the loader.',
      toolUses: [
        {
          id: 'w',
          name: 'Write',
          input: { file_path: '/repo/store/load.go', content: 'package store\n'.repeat(400) },
          result: { toolUseId: 'w', text: 'File created', isError: false },
        },
      ],
      toolResults: [],
    }
    const messages: Message[] = [
      { index: 0, role: 'user', kind: 'typed', text: 'write the loader and make the tests pass', toolUses: [], toolResults: [] },
      write,
      step(2, 'go vet ./store', ''),
      step(3, 'go test ./store', 'Exit code 1\nload_test.go:9: want 3, got 2', true),
      step(4, 'go test ./store -run TestLoad -v', 'ok\tstore\t0.1s'),
    ]
    // A tenth of the room in full: the newest message alone.
    const r = await runSection(
      recent,
      { ...t(messages), cwd: '/repo' },
      { options: { resultChars: 40, inputChars: 1_500, fullShare: 0.1 }, budgetChars: 2_000 },
    )
    assert.ok(r.body.length <= 2_000, `${r.body.length}`)
    assert.match(r.body, /paths relative to \/repo/)
    // Every step is there, oldest first, the 5,600-char Write on one line.
    const order = [
      'write the loader',
      '→ Write store/load.go (400 lines) → ok',
      '→ Bash go vet ./store → ok',
      '→ Bash go test ./store → error: Exit code 1 ⏎ load_test.go:9: want 3, got 2',
    ]
    const at = order.map((s) => r.body.indexOf(s))
    assert.ok(
      at.every((a, i) => a >= 0 && (i === 0 || a > at[i - 1]!)),
      `${at.join(',')}\n${r.body}`,
    )
    assert.doesNotMatch(r.body, /package store/)
    // The newest as it was made.
    assert.match(r.body, /→ Bash \{"command":"go test \.\/store -run TestLoad -v"\}\n {4}← ok: ok store 0\.1s$/)
    assert.equal((r.record as { leftOut: number }).leftOut, 0)
  })

  test("what restore and excerpts would not show, this does not either: a call naming .env, a secret's value", async () => {
    const call = (id: string, command: string, text: string): Message => ({
      index: Number(id),
      role: 'assistant',
      kind: 'assistant',
      text: '',
      toolUses: [{ id, name: 'Bash', input: { command }, result: { toolUseId: id, text, isError: false } }],
      toolResults: [],
    })
    const r = await run(t([call('1', 'cat .env', 'GITHUB_TOKEN=ghp_SUPERSECRET123'), call('2', 'printenv', 'API_KEY=sk_live_999\nHOME=/root')]), 4_000)
    assert.ok(!/ghp_SUPERSECRET123|sk_live_999/.test(r.body), r.body)
    assert.match(r.body, /not shown: it names \.env/)
  })
})
