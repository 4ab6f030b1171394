/**
 * The field records' decisions with nothing beneath them: the occupancy row of a turn, the
 * watch's figures from a turn's rows, the A/B draw. Run by `claude plugin test plugin`.
 */
import type { SessionMessage } from 'claude-code'
import { describe, expect, test } from 'claude-code/testing'
import { abDraw, armOf, postFile, TOOL_PREFIX } from '../hooks/protocol'
import { historyResults, postDoc, refsOf, turnCalls, turnRows, type Watch, watchFrom } from '../hooks/watch'
import { lastWindowRow, windowRow } from '../hooks/window'

const usage = (input: number, read: number, write: number, output = 10) => ({
  input_tokens: input,
  output_tokens: output,
  cache_read_input_tokens: read,
  cache_creation_input_tokens: write,
})

describe('window.jsonl', () => {
  const at = new Date('2026-01-02T03:04:05.006Z')

  test("tokens are the last request's input as the context reports it, not the turn's sum", () => {
    // Three requests in the turn: the summed usage counts the context three times over.
    const row = windowRow({ at, turn: 4, phase: 1, usage: usage(300, 270_000, 30_000), context: { tokens: 100_100, window: 200_000 } })
    expect(row).toEqual({
      v: 1,
      at: '2026-01-02T03:04:05.006Z',
      turn: 4,
      tokens: 100_100,
      window: 200_000,
      share: 0.5005,
      phase: 1,
      usage: usage(300, 270_000, 30_000),
    })
  })

  test("no context count: the turn's own input, cache read and written, output left out", () => {
    const row = windowRow({ at, turn: 1, phase: 0, usage: usage(10, 900, 90, 500), context: { window: 1000 } })
    expect([row.tokens, row.share]).toEqual([1000, 1])
  })

  test('the first turn after a compaction carries the handoff share; nothing measured is null with a reason', () => {
    expect(windowRow({ at, turn: 5, phase: 2, context: { tokens: 40_000, window: 200_000 }, handoffTokens: 11_000 }).handoffShare).toBe(0.055)
    const none = windowRow({ at, turn: 6, phase: 2 })
    expect([none.tokens, none.window, none.share, none.handoffShare]).toEqual([null, null, null, undefined])
    expect(none.reason).toContain('no usage')
  })

  test('a resumed session goes on from the newest whole line; a torn tail is skipped', () => {
    const tail = 'ase":0}\n{"v":1,"turn":7,"phase":1}\n{"v":1,"turn":8,"phase":2}\n{"v":1,"turn":9,"pha'
    expect(lastWindowRow(tail)).toEqual({ turn: 8, phase: 2 })
    expect(lastWindowRow('')).toEqual(null)
  })
})

const row = (
  role: 'user' | 'assistant',
  text: string,
  toolUses: SessionMessage['toolUses'] = [],
  toolResults?: SessionMessage['toolResults'],
): SessionMessage => ({
  role,
  text,
  toolUses,
  ...(toolResults ? { toolResults } : {}),
})
const use = (id: string, tool: string, input: Record<string, unknown>, text: string, isError?: true) => ({
  tool_use_id: id,
  tool,
  input,
  text,
  ...(isError ? { isError } : {}),
})

describe('the watch', () => {
  const earlier = [row('user', 'the handoff'), row('assistant', '', [use('r0', 'Read', { file_path: '/p/old.ts' }, 'x')]), row('user', 'do the thing')]
  const turn = [
    row('assistant', '', [
      use('a', 'Read', { file_path: 'src/a.ts' }, '1\tx'),
      use('b', 'Bash', { command: ' npm test ' }, 'ok'),
      use('c', 'NotebookEdit', { notebook_path: '/p/n.ipynb' }, 'File has not been read yet. Read it first before writing to it.', true),
    ]),
    row('user', '', [], [{ tool_use_id: 'a', text: '1\tx', isError: false }]),
    row('assistant', '', [
      use(
        'd',
        `${TOOL_PREFIX}handoff_search`,
        { query: 'q' },
        'Two matches for "q" in this session, newest compaction first:\nn=2 transcript:17  [#7] q\nn=1 (rehearsal) handoff:3  q\nRead around a match: handoff_lookup {}',
      ),
      use('e', 'Read', { file_path: '/p/b.ts' }, '1\ty'),
    ]),
    row('assistant', 'done'),
  ]

  test("a turn's rows are the ones after its prompt", () => {
    expect(turnRows([...earlier, ...turn])).toEqual(turn)
    expect(turnRows(turn)).toEqual(turn)
  })

  test('calls of the turn: reads resolved against the project, commands trimmed, refusals, history calls with their results', () => {
    expect(turnCalls(3, turn, '/p')).toEqual({
      turn: 3,
      toolCalls: 5,
      reads: ['/p/src/a.ts', '/p/b.ts'],
      commands: ['npm test'],
      refusals: 1,
      history: [{ tool: 'handoff_search', input: { query: 'q' }, results: 2 }],
    })
  })

  test('the figures against the refs; a watch ends after watchTurns or a compaction', () => {
    const w: Watch = {
      n: 2,
      arm: 'handoff',
      drawn: true,
      watchTurns: 3,
      turns: [turnCalls(1, [row('assistant', 'just text')], '/p'), turnCalls(2, turn, '/p')],
      compactedAgain: false,
      refs: null,
    }
    const before = postDoc(w)
    expect([before.refsKnown, before.reReadRestored, before.turnsToFirstToolCall, before.complete, before.notReadRefusals]).toEqual([false, [], 2, false, 1])
    w.refs = { restored: ['/p/src/a.ts'], named: ['/p/b.ts', '/p/src/a.ts'], commands: ['npm test', 'make'] }
    const doc = postDoc(w)
    expect(doc).toMatchObject({
      v: 1,
      compaction: 2,
      arm: 'handoff',
      drawn: true,
      watchTurns: 3,
      turnsSeen: 2,
      complete: false,
      reReadRestored: ['/p/src/a.ts'],
      reReadNamed: ['/p/b.ts'],
      reRunCommands: ['npm test'],
      notReadRefusals: 1,
      historyCalls: [{ tool: 'handoff_search', input: { query: 'q' }, results: 2 }],
      turnsToFirstToolCall: 2,
      compactedAgain: false,
      refsKnown: true,
    })
    w.turns.push(turnCalls(3, [], '/p'))
    expect(postDoc(w).complete).toBe(true)
    expect(postDoc({ ...w, turns: w.turns.slice(0, 1), compactedAgain: true }).complete).toBe(true)
    // Back from its file, the raw turns and all: a resumed session goes on from it.
    expect(watchFrom(JSON.parse(JSON.stringify(doc)))).toEqual({ ...w, turns: w.turns.slice(0, 2), refs: null })
    expect(watchFrom({ v: 1, compaction: 1 })).toBe(null)
    expect(postFile(2)).toBe('002.post.json')
  })

  test('history results: lookup lines, list rows; a refusal holds none', () => {
    expect(historyResults('handoff_lookup', 'n=1 handoff (x): lines 1–2 of 9\n1\tfoo\n2\tbar\nMore: ...', false)).toBe(2)
    expect(historyResults('handoff_list', 'Compactions of this session: 2 (oldest first)\nn=1  2026  live\n    files: x\nn=2  2026  live', false)).toBe(2)
    expect(historyResults('handoff_lookup', 'handoff_lookup: this session has no compaction n=9', false)).toBe(0)
    expect(historyResults('handoff_status', 'compact-handoff 0.1.0', false)).toBe(1)
    expect(historyResults('handoff_search', 'No match for "zz" in this session', false)).toBe(0)
  })

  test('refs from a row: only a row that carries all three lists', () => {
    expect(refsOf({ handoffRefs: { restored: ['/a'], named: [], commands: ['x'] } })).toEqual({ restored: ['/a'], named: [], commands: ['x'] })
    expect(refsOf({ outcome: 'fallback' })).toBe(null)
  })
})

describe('the A/B arm', () => {
  test('the draw is fixed per session id and spread over [0, 1)', () => {
    expect(abDraw('abc')).toBe(abDraw('abc'))
    const draws = Array.from({ length: 2000 }, (_, i) => abDraw(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`))
    expect(draws.every((d) => d >= 0 && d < 1)).toBe(true)
    const below = draws.filter((d) => d < 0.3).length / draws.length
    expect(below > 0.25 && below < 0.35).toBe(true)
  })

  test('stock when live is off or the draw is under the share; share 0 and 1 are all and none', () => {
    expect(armOf('s', { live: false, abStockShare: 0 })).toBe('stock')
    expect(armOf('s', { live: true, abStockShare: 0 })).toBe('handoff')
    expect(armOf('s', { live: true, abStockShare: 1 })).toBe('stock')
    const d = abDraw('s')
    expect(armOf('s', { live: true, abStockShare: d })).toBe('handoff')
    expect(armOf('s', { live: true, abStockShare: d + 1e-9 })).toBe('stock')
  })
})
