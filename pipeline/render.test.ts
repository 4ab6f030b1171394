/**
 * The conversation as text: what is shown and how, and the newest part kept when it must cut.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { readPolicy } from './read-policy.ts'
import { renderConversation } from './render.ts'
import type { Message, ToolUse, Transcript } from './transcript.ts'

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

  test("a call's input keeps its strings' spaces: an Edit's old_string is the indentation it must match", () => {
    const old_string = '    .toLowerCase()\n\tSessionID:        "s"'
    const r = renderConversation(
      t([m(0, { role: 'assistant', kind: 'assistant', toolUses: [{ id: 'e', name: 'Edit', input: { file_path: '/p/a.ts', old_string, new_string: 'x' } }] })]),
      { maxChars: 10_000, toolInputChars: 1_000 },
    )
    assert.ok(r.text.includes(JSON.stringify(old_string)), r.text)
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

  describe('compact: older messages one line per call, the newest in full', () => {
    const call = (id: string, name: string, input: Record<string, unknown>, text: string, isError = false): ToolUse => ({
      id,
      name,
      input,
      result: { toolUseId: id, text, isError },
    })
    const step = (index: number, text: string, uses: ToolUse[]) => m(index, { role: 'assistant', kind: 'assistant', text, toolUses: uses })
    const session = [
      m(0, { text: 'make the store tests pass' }),
      step(1, 'Reading the store first. Then I will run the tests and see what fails.', [
        call('r', 'Read', { file_path: '/p/store/store.go', offset: 40, limit: 20 }, '40→func Load() {\n41→}\n<system-reminder>x</system-reminder>'),
      ]),
      step(2, '', [call('t', 'Bash', { command: 'go test ./store' }, 'Exit code 1\n--- FAIL: TestLoad\nstore_test.go:12: got 1, want 2\nFAIL', true)]),
      step(3, 'Fixing the off-by-one.', [
        call('e', 'Edit', { file_path: '/p/store/store.go', old_string: 'n', new_string: '\treturn n + 1, nil\n}' }, 'updated'),
      ]),
      step(4, '', [call('w', 'Write', { file_path: '/p/store/big.go', content: 'x\n'.repeat(5_000) }, 'File created')]),
      step(5, 'Running them again.', [call('t2', 'Bash', { command: 'go test ./store -run TestLoad -count=1 -v' }, 'ok  \tstore\t0.2s')]),
    ]
    const compact = { fullChars: 300, cwd: '/p' }

    test('each older call on one line: tool, key input, its line range or first new line, how it came back', () => {
      const r = renderConversation(t(session), { maxChars: 2_000, compact })
      assert.deepEqual([r.rendered, r.leftOut], [6, 0])
      const lines = r.text.split('\n')
      assert.ok(lines.includes('[#1 assistant] Reading the store first. Then I will run the tests and see what fails.'))
      assert.ok(lines.includes('  → Read store/store.go (lines 40–59) → ok, 2 lines'), r.text)
      // The error in the words the ledger gives it: the exit line, then the first line naming one.
      assert.ok(lines.includes('[#2 assistant] → Bash go test ./store → error: Exit code 1 ⏎ --- FAIL: TestLoad'), r.text)
      assert.ok(lines.includes('  → Edit store/store.go (new: "return n + 1, nil" …) → ok'), r.text)
      assert.ok(lines.includes('[#4 assistant] → Write store/big.go (5,000 lines) → ok'), r.text)
      // The newest in full: its input as made, its result.
      assert.match(
        r.text,
        /\[#5 assistant\] Running them again\.\n {2}→ Bash \{"command":"go test \.\/store -run TestLoad -count=1 -v"\}\n {4}← ok: ok store 0\.2s$/,
      )
      // The steps read as a list, one under the other, the full message apart.
      assert.match(r.text, /→ ok, 2 lines\n\[#2 assistant\]/)
      for (const line of lines) assert.ok(line.length <= 160, line)
    })

    test('the same room reaches further back than writing every message in full', () => {
      const long = Array.from({ length: 30 }, (_, i) =>
        step(i, `Step ${i}: running the next check.`, [call(`c${i}`, 'Bash', { command: `make check-${i} ${'--verbose '.repeat(20)}` }, 'y\n'.repeat(40))]),
      )
      const full = renderConversation(t(long), { maxChars: 2_000, toolInputChars: 1_500 })
      const both = renderConversation(t(long), { maxChars: 2_000, toolInputChars: 1_500, compact: { fullChars: 800 } })
      assert.ok(both.text.length <= 2_000, `${both.text.length}`)
      assert.ok(both.rendered >= full.rendered + 3, `${both.rendered} vs ${full.rendered}`)
      assert.match(both.text, /\[#29 assistant\] Step 29[^\n]*\n {2}→ Bash \{"command":"make check-29/)
      assert.match(both.text, /\[#27 assistant\] Step 27: running the next check\.\n {2}→ Bash make check-27 --verbose[^\n]*→ ok, 40 lines, the last: y\n/)
    })

    test('a window does not open on a claim right after calls that failed: their lines come with it', () => {
      const filler = 'Checked the next module and its tests and found nothing else to change there. '.repeat(2)
      const claim = step(6, 'Fixed: all the tests pass now.', [])
      const messages = [
        m(0, { text: 'fix it' }),
        step(1, filler, [
          call('f', 'Bash', { command: 'npm test' }, 'Exit code 1\nError: expected 2', true),
          ...['a', 'b', 'c', 'd', 'e'].map((f) => call(f, 'Read', { file_path: `/p/${f}.ts` }, '1→x')),
        ]),
        claim,
        m(7, { text: 'then commit' }),
      ]
      // Room for the newest two and message 1's failed call, not for all of message 1's lines.
      const budget = { maxChars: 120 + 200, compact: { fullChars: 300 } }
      const r = renderConversation(t(messages), budget)
      assert.match(
        r.text,
        /\[#1 assistant\] \(only its failed calls shown\)\n {2}→ Bash npm test → error: Exit code 1 ⏎ Error: expected 2\n\n\[#6 assistant\] Fixed/,
      )
      assert.doesNotMatch(r.text, /Read a\.ts/)
      assert.equal(r.leftOut, 1)
      // Without the rule's option the window opens on the claim.
      assert.match(renderConversation(t(messages), { maxChars: 320 }).text, /^\[2 earlier messages[^\n]*\n\n\[#6 assistant\] Fixed/)
    })

    test('a compact message of more calls than the room holds keeps its newest calls and says so', () => {
      const burst = step(
        1,
        'Reading them all.',
        Array.from({ length: 12 }, (_, k) => call(`b${k}`, 'Read', { file_path: `/p/f${k}.ts` }, '1→x')),
      )
      const r = renderConversation(t([burst, m(2, { text: 'now fix f11' })]), { maxChars: 120 + 300, compact: { fullChars: 100 } })
      assert.match(r.text, /^\[#1 assistant\] Reading them all\. \(its first \d+ calls left out\)\n/)
      assert.match(r.text, /→ Read \/p\/f11\.ts → ok: 1→x\n\n\[#2 user\] now fix f11$/)
      assert.doesNotMatch(r.text, /f0\.ts/)
    })

    test('a bare exit 1 is said as it is, not as an error; searches say what they found; the outcome is never clipped off', () => {
      const long = `/p/${'deep/'.repeat(30)}file.go`
      const r = renderConversation(
        t([
          step(1, '', [call('g', 'Bash', { command: 'grep -n TODO store.go' }, 'Exit code 1', true)]),
          step(2, '', [
            call('f', 'Grep', { pattern: 'Load', path: '/p/store', output_mode: 'files_with_matches' }, 'Found 2 files\n/p/store/a.go\n/p/store/b.go'),
          ]),
          step(3, '', [call('o', 'Glob', { pattern: '**/*.go', path: '/p/' }, '/p/a.go\n/p/b.go')]),
          step(4, '', [
            call(
              'e',
              'Edit',
              { file_path: long, old_string: 'a', new_string: 'x'.repeat(200) },
              '<tool_use_error>File has been modified since read, either by the user or by a linter.</tool_use_error>',
              true,
            ),
          ]),
          m(5, { text: 'go on' }),
        ]),
        { maxChars: 4_000, compact: { fullChars: 10, cwd: '/p' } },
      )
      assert.match(r.text, /^\[#1 assistant\] → Bash grep -n TODO store\.go → exit 1, no output$/m)
      assert.match(r.text, /^\[#2 assistant\] → Grep Load in store → ok: Found 2 files$/m)
      assert.match(r.text, /^\[#3 assistant\] → Glob \*\*\/\*\.go in \/p\/ → ok, 2 lines$/m)
      const edit = r.text.split('\n').find((l) => l.startsWith('[#4 '))!
      assert.ok(edit.length <= 160, `${edit.length} chars`)
      // The outcome keeps its own length (OUTCOME_CHARS); the path and the new text gave way.
      assert.match(edit, /→ error: File has been modified since read, either by the user or by a li…$/)
    })

    test('a long typed turn at the edge is shown whole or not at all, never cut into lines', () => {
      const turn = m(1, { text: Array.from({ length: 8 }, (_, k) => `line ${k} of what the user asked`).join('\n') })
      const r = renderConversation(t([turn, m(2, { role: 'assistant', kind: 'assistant', text: 'On it.' })]), {
        maxChars: 120 + 150,
        compact: { fullChars: 20 },
      })
      assert.doesNotMatch(r.text, /calls? left out/)
      assert.ok(!r.text.includes('line 7') || r.text.includes('line 3'), r.text)
    })
  })

  test('under a read policy: a call naming a deny-listed path shows neither what it printed nor what it wrote; other outputs hide secret values', () => {
    const call = (id: string, name: string, input: Record<string, unknown>, text: string): ToolUse => ({
      id,
      name,
      input,
      result: { toolUseId: id, text, isError: false },
    })
    const messages = [
      m(0, { text: 'check the config' }),
      m(1, {
        role: 'assistant',
        kind: 'assistant',
        toolUses: [
          call('a', 'Bash', { command: 'cat .env' }, 'GITHUB_TOKEN=ghp_SUPERSECRET123\nDB_PASS=hunter2'),
          call('b', 'Write', { file_path: '/p/.env.local', content: 'STRIPE_KEY=sk_live_999' }, 'File created'),
          call('c', 'Bash', { command: 'printenv | grep TOKEN' }, 'API_TOKEN=tok_abc123\nHOME=/root'),
          // What a call was given: a token inline in a command, a grep through .env without line numbers.
          call('d', 'Bash', { command: 'curl -H "Authorization: Bearer sk-ant-api03-LEAKED" https://api.example.com' }, '{"ok":true}'),
          call('e', 'Bash', { command: 'grep -r API_KEY .' }, '.env:API_KEY=sk-live-GREPPED\nsrc/app.ts:const k = 1'),
        ],
      }),
    ]
    const policy = readPolicy('/p', {}, '/home/u')
    for (const compact of [undefined, { fullChars: 10, cwd: '/p' }]) {
      const r = renderConversation(t(messages), { maxChars: 4_000, toolResultChars: 400, toolInputChars: 400, policy, ...(compact ? { compact } : {}) })
      for (const secret of ['ghp_SUPERSECRET123', 'hunter2', 'sk_live_999', 'tok_abc123', 'LEAKED', 'GREPPED'])
        assert.ok(!r.text.includes(secret), `${secret} shown:\n${r.text}`)
      assert.match(r.text, /not shown: it names \.env, which matches the deny list/)
    }
    const full = renderConversation(t(messages), { maxChars: 4_000, toolResultChars: 400, toolInputChars: 400, policy })
    assert.match(full.text, /API_TOKEN=\[value not shown\]/)
    // Without a policy (a model call over the session), the calls are as they were.
    assert.ok(renderConversation(t(messages), { maxChars: 4_000, toolResultChars: 400 }).text.includes('ghp_SUPERSECRET123'))
  })
})
