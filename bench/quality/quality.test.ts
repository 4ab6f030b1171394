/**
 * The quality bench's measure, on small transcripts written here: what counts as needed, what
 * counts as received, and the arms built from a transcript. The bench itself runs on the real
 * sessions in ../shared (npm run bench -- quality).
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Message, Transcript } from '../../pipeline/index.ts'
import { handoffWindow, maskingWindow, stockRestore, stockWindow } from './arms.ts'
import { chartSpec, chartSvg } from './chart.ts'
import { holdsPath, identifierTokens, isIdentifierLike, lastTwoSegments, neededAfter, recallOf } from './needed.ts'

let i = 0
const typed = (text: string): Message => ({ index: i++, role: 'user', kind: 'typed', text, toolUses: [], toolResults: [] })
const call = (name: string, input: Record<string, unknown>, result = 'ok', extra: Partial<Message> = {}): Message => ({
  index: i++,
  role: 'assistant',
  kind: 'assistant',
  text: '',
  toolUses: [{ id: `t${i}`, name, input, result: { toolUseId: `t${i}`, text: result, isError: false } }],
  toolResults: [],
  ...extra,
})
const summaryRow = (): Message => ({
  index: i++,
  role: 'user',
  kind: 'compact-summary',
  text: 'This session is being continued…',
  toolUses: [],
  toolResults: [],
})
const t = (...messages: Message[]): Transcript => ({
  source: 'jsonl',
  messages: messages.map((m, k) => ({ ...m, index: k })),
  boundaries: [],
  malformed: { count: 0, lines: [] },
})

describe('identifier-like tokens', () => {
  test('eight characters or more, with a digit, _, ., /, -, : or a capital inside', () => {
    for (const yes of ['loadState', 'load_state', 'store.go.bak', 'cmd/main', 'v1.2.3-rc1', 'http://x', 'abcdefg1']) assert.ok(isIdentifierLike(yes), yes)
    for (const no of ['Document', 'something', 'short_1', 'lowercase']) assert.ok(!isIdentifierLike(no), no)
  })

  test('sentence punctuation is not part of a token; a path keeps its leading slash', () => {
    assert.deepEqual([...identifierTokens('See /repo/cmd/main.go. Then call loadState(), or `TestLoad_1`:')], ['/repo/cmd/main.go', 'loadState', 'TestLoad_1'])
  })

  test('a path by its last two segments', () => {
    assert.equal(lastTwoSegments('/a/b/cmd/main.go'), 'cmd/main.go')
    assert.equal(lastTwoSegments('main.go'), null)
  })

  test('a path counts whole or by a whole tail, never as part of a longer name', () => {
    assert.ok(holdsPath('see /repo/cmd/main.go: line 3', 'cmd/main.go'))
    assert.ok(holdsPath('`cmd/main.go`', 'cmd/main.go'))
    assert.ok(holdsPath('then fix cmd/main.go.', 'cmd/main.go'))
    assert.ok(holdsPath('fix cmd/main.go. Then', 'cmd/main.go'))
    assert.ok(!holdsPath('subcmd/main.go and cmd/main.go.bak', 'cmd/main.go'))
    assert.ok(!holdsPath('cmd/main.go/x', 'cmd/main.go'))
  })
})

describe('what the work after a compaction needed', () => {
  const session = () =>
    t(
      typed('rename loadState in /repo/store/state.go'),
      call('Read', { file_path: '/repo/store/state.go' }, '1→func loadState(pathName string) error'),
      call('Bash', { command: 'go test ./store/...' }, 'FAIL TestLoadState_Empty'),
      summaryRow(), // 3
      typed('also cover TestLoadState_Empty please'),
      call('Edit', { file_path: '/repo/store/state.go', old_string: 'loadState(pathName', new_string: 'readState(pathName' }),
      call('Bash', { command: 'go test ./store/... -run TestLoadState_Empty' }),
      call('Read', { file_path: '/repo/store/other_new.go' }, '', { sidechain: true }),
      call('Read', { file_path: '/repo/never/seen.go' }),
    )

  test('tokens used after that occur before, less what the user retyped; files touched before', () => {
    const n = neededAfter(session(), 3)
    assert.deepEqual(n.tokens.sort(), ['/repo/store/state.go', 'loadState', 'pathName'])
    assert.deepEqual(n.files, ['/repo/store/state.go'])
    assert.equal(n.callsRead, 3, 'the subagent row is not the session’s own call')
  })

  test('the call limit, and the next compaction, end the window', () => {
    assert.equal(neededAfter(session(), 3, { calls: 1 }).callsRead, 1)
    assert.equal(neededAfter(session(), 3, { until: 6 }).callsRead, 1)
  })

  test('recall: found tokens and files over what was needed; a path counts by its tail', () => {
    const n = neededAfter(session(), 3)
    const r = recallOf('edit store/state.go: loadState, then the tests', n)
    assert.equal(r.needed, 3)
    assert.equal(r.found, 2)
    assert.deepEqual(r.missed, ['pathName'])
    assert.equal(r.files, 1)
    assert.equal(recallOf('', { tokens: [], files: [], callsRead: 0 }).recall, null)
  })
})

describe('the arms', () => {
  const before = t(
    call('Write', { file_path: '/r/a.ts', content: 'const alpha = 1\n' }),
    call('Read', { file_path: '/r/b.ts', offset: 10, limit: 2 }, '10→part of b'),
    call('Edit', { file_path: '/r/a.ts', old_string: 'alpha', new_string: 'alphaRenamed' }),
    call('Read', { file_path: '/r/CLAUDE.md' }, 'engine attaches this itself'),
  )

  test('stock restore: newest touch first, the text last seen with Edits applied, capped, CLAUDE.md left to the engine', () => {
    assert.deepEqual(stockRestore(before, { count: 5, chars: 100 }), [
      { path: '/r/a.ts', text: 'const alphaRenamed = 1\n' },
      { path: '/r/b.ts', text: 'part of b' },
    ])
    assert.deepEqual(stockRestore(before, { count: 1, chars: 5 }), [{ path: '/r/a.ts', text: 'const' }])
    assert.match(stockWindow('SUMMARY', stockRestore(before, { count: 1, chars: 100 })), /^SUMMARY\n\nRead \/r\/a\.ts\nconst alphaRenamed/)
  })

  test('ours: the handoff and every handed-up call and result', () => {
    const w = handoffWindow({
      handoff: 'H',
      messages: [
        { role: 'assistant', text: '', toolUses: [{ id: 'x', name: 'Read', input: { file_path: '/r/a.ts' } }] },
        { role: 'user', text: '', toolResults: [{ toolUseId: 'x', text: '1\tconst alphaRenamed', isError: false }] },
      ],
    })
    assert.equal(w, 'H\n\nRead {"file_path":"/r/a.ts"}\n\n1\tconst alphaRenamed')
  })

  test('masking: the newest conversation within the size, results cut short', () => {
    const w = maskingWindow(t(typed('old '.repeat(300)), call('Bash', { command: 'make check' }, 'y'.repeat(1_000))), 600, 50)
    assert.ok(w.length <= 600)
    assert.ok(w.includes('make check'))
    assert.ok(!w.includes('y'.repeat(60)))
    assert.ok(!w.includes('old old'))
  })

  test('the chart is a Vega-Lite spec drawn to SVG with a mark per point', async () => {
    const points = [
      { arm: 'ours', ceiling: 10_000, chars: 9_000, recall: 0.3 },
      { arm: 'ours', ceiling: 20_000, chars: 18_000, recall: 0.45 },
      { arm: 'stock', chars: 30_000, recall: 0.5 },
    ]
    assert.equal((chartSpec(points).data as { values: unknown[] }).values.length, 3)
    const svg = await chartSvg(points)
    assert.match(svg, /^<svg/)
    assert.match(svg, /recall versus size/)
    assert.equal((svg.match(/role="graphics-symbol"/g) ?? []).length >= 3, true)
  })
})
