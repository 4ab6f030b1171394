import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { compactedTranscript, rawTranscript, rawTranscripts, skipWithoutCompacted, skipWithoutShared } from '../test/shared.ts'
import { HandoffError } from './codes.ts'
import { beforeBoundary, type MessageKind, parseJsonl, readEngineMessages, readJsonlTranscript, type Transcript, withoutEngineNotes } from './transcript.ts'

// ---- inline JSONL builders ------------------------------------------------------------------

const jsonl = (...rows: unknown[]): string => rows.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n'
const user = (content: unknown, extra: Record<string, unknown> = {}) => ({
  type: 'user',
  sessionId: 'S',
  cwd: '/w',
  message: { role: 'user', content },
  ...extra,
})
const asst = (id: string, content: unknown[], extra: Record<string, unknown> = {}) => ({
  type: 'assistant',
  sessionId: 'S',
  message: { id, role: 'assistant', model: 'claude-x', content },
  ...extra,
})
const text = (t: string) => ({ type: 'text', text: t })
const toolUse = (id: string, name: string, input: Record<string, unknown> = {}) => ({ type: 'tool_use', id, name, input })
const toolResult = (id: string, content: unknown, isError?: boolean) => ({
  type: 'tool_result',
  tool_use_id: id,
  content,
  ...(isError === undefined ? {} : { is_error: isError }),
})

const kinds = (t: Transcript) => t.messages.map((m) => m.kind)

// ---- real transcripts -----------------------------------------------------------------------

interface Expected {
  messages: number
  sessionId: string
  boundaries: Array<{ line: number; trigger: string; preTokens: number; messageIndex: number }>
  /** Every user row that is not tool-results, by 1-based line, with its kind. */
  userRows: Record<number, MessageKind>
  toolUses: number
  linked: number
  errors: number
}

/*
 * Expected values were computed independently of this parser, with a short Python script over
 * the raw files: one message per user line, plus one per assistant line unless it carries the
 * same message.id as the open assistant message (kept open only across user lines holding nothing
 * but tool_result blocks, closed by any other user line or a compact_boundary); tool uses = unique
 * tool_use ids, linked = those with a tool_result block, errors = those whose result has
 * is_error true; sessionId = first `sessionId` in the file; boundaries = system/compact_boundary
 * lines with the message count at that point. The user-row kinds come from reading every
 * non-tool-result user line by hand (listed with jq/python), and agree with SOURCES.md.
 */
const EXPECTED: Record<string, Expected> = {
  'chiphuyen__sniffly__ba79134d-b6e9-4867-af0c-6941038c9e4b.jsonl': {
    messages: 60,
    sessionId: 'ba79134d-b6e9-4867-af0c-6941038c9e4b',
    boundaries: [],
    // L1: 1.0.17 `/init` (<command-message> first, then <command-name>)
    userRows: { 1: 'command', 38: 'typed', 55: 'typed', 63: 'typed', 67: 'typed', 71: 'typed' },
    toolUses: 30,
    linked: 30,
    errors: 0,
  },
  'chiphuyen__sniffly__d3ad4cdc-5657-435d-98fa-0035d53e383d.jsonl': {
    messages: 125,
    sessionId: 'd3ad4cdc-5657-435d-98fa-0035d53e383d',
    boundaries: [], // L1 is a type:summary title line, not a compaction
    userRows: { 2: 'typed', 19: 'typed', 48: 'typed', 65: 'typed', 112: 'typed' },
    toolUses: 59,
    linked: 58,
    errors: 4,
  },
  'marot__spotter__ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl': {
    messages: 466,
    sessionId: 'ae4a77f8-aedd-4bc1-888f-c94edc91af04',
    boundaries: [{ line: 1481, trigger: 'manual', preTokens: 142_431, messageIndex: 288 }],
    // L102 skill text (isMeta); L1482 continuation summary; L1483 caveat; L1484 /compact; L1485 its stdout
    userRows: { 7: 'typed', 102: 'meta', 1482: 'compact-summary', 1483: 'meta', 1484: 'command', 1485: 'command-output', 1491: 'typed' },
    toolUses: 242,
    linked: 242,
    errors: 12,
  },
  'marot__spotter__agent-acompact-946d2b.jsonl': {
    messages: 2,
    sessionId: 'ae4a77f8-aedd-4bc1-888f-c94edc91af04',
    boundaries: [],
    userRows: { 1: 'meta' }, // the compaction instruction on a sidechain row: not the person's words
    toolUses: 0,
    linked: 0,
    errors: 0,
  },
  'marot__spotter__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl': {
    messages: 358,
    sessionId: 'fa812bfe-b295-4cca-9c2f-fdf01028cb46',
    boundaries: [{ line: 1584, trigger: 'auto', preTokens: 167_117, messageIndex: 288 }],
    userRows: { 7: 'typed', 664: 'meta' /* <task-notification> */, 671: 'typed', 1585: 'compact-summary' },
    toolUses: 197,
    linked: 197,
    errors: 8,
  },
  'marot__spotter__short.jsonl': {
    messages: 5,
    sessionId: '55604662-cf2a-4331-851a-ec234028f8ca',
    boundaries: [],
    userRows: { 4: 'typed', 13: 'interrupt' },
    toolUses: 2,
    linked: 2,
    errors: 2,
  },
  'marot__spotter__subagent.jsonl': {
    messages: 32,
    sessionId: '491e126e-1e71-469c-ade2-fcc8af567c74',
    boundaries: [],
    userRows: { 4: 'command', 5: 'meta', 69: 'interrupt', 71: 'typed' },
    toolUses: 16,
    linked: 16,
    errors: 0,
  },
  'marot__spotter__tool_heavy.jsonl': {
    messages: 17,
    sessionId: 'd6e0bada-1959-4eec-a9d2-0bfade768d8f',
    boundaries: [],
    userRows: { 4: 'typed', 18: 'interrupt', 20: 'meta', 21: 'command', 22: 'command-output', 26: 'typed', 39: 'interrupt' },
    toolUses: 6,
    linked: 6,
    errors: 0,
  },
}

const parseRaw = (name: string): Transcript => parseJsonl(readFileSync(rawTranscript(name), 'utf8'))

describe('parseJsonl on the real transcripts', () => {
  test('the expectations cover every raw transcript', { skip: skipWithoutShared }, () => {
    assert.deepEqual(
      rawTranscripts().map((f) => f.split('/').pop()),
      Object.keys(EXPECTED).sort(),
    )
  })

  for (const [name, want] of Object.entries(EXPECTED)) {
    test(`${name}: counts, session, boundaries, links`, { skip: skipWithoutShared }, () => {
      const t = parseRaw(name)
      assert.equal(t.source, 'jsonl')
      assert.deepEqual(t.malformed, { count: 0, lines: [] })
      assert.equal(t.messages.length, want.messages)
      assert.equal(t.sessionId, want.sessionId)
      assert.ok(t.cwd && t.cwd.startsWith('/'))
      assert.match(t.model ?? '', /^claude-/)
      assert.deepEqual(t.boundaries, want.boundaries)
      t.messages.forEach((m, i) => assert.equal(m.index, i))
      const uses = t.messages.flatMap((m) => m.toolUses)
      assert.equal(uses.length, want.toolUses)
      assert.equal(uses.filter((u) => u.result).length, want.linked)
      assert.equal(uses.filter((u) => u.result?.isError).length, want.errors)
    })

    test(`${name}: user-row kinds`, { skip: skipWithoutShared }, () => {
      const t = parseRaw(name)
      const got: Record<number, MessageKind> = {}
      for (const m of t.messages) {
        if (m.role === 'assistant') assert.equal(m.kind, 'assistant')
        else if (m.kind === 'tool-results') {
          assert.ok(m.toolResults.length > 0)
          assert.equal(m.text, '')
        } else got[m.line!] = m.kind
      }
      assert.deepEqual(got, want.userRows)
    })
  }

  test('ae4a77f8: the typed turns are the words, verbatim', { skip: skipWithoutShared }, () => {
    const t = parseRaw('marot__spotter__ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl')
    const typed = t.messages.filter((m) => m.kind === 'typed').map((m) => m.text)
    assert.deepEqual(typed, [
      'Work on bead spotter-4te. Run bd show spotter-4te to see the issue details and bd ready to find available subtasks. Start with the first ready task.',
      'continue implementation',
    ])
    // The model is the last assistant line's, not the haiku calls in the middle of the file.
    assert.equal(t.model, 'claude-opus-4-6')
  })

  test('beforeBoundary on ae4a77f8: last = 1 = everything before line 1481; 2 is out of range', { skip: skipWithoutShared }, () => {
    const t = parseRaw('marot__spotter__ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl')
    const before = beforeBoundary(t, 'last')
    assert.equal(before.messages.length, 288)
    assert.ok(before.messages.every((m) => m.line! < 1481))
    assert.ok(t.messages[288]!.line! > 1481, 'the first message after the boundary is not kept')
    assert.equal(t.messages[288]!.kind, 'compact-summary')
    assert.deepEqual(before.boundaries, [])
    assert.equal(before.sessionId, t.sessionId)
    assert.deepEqual(beforeBoundary(t, 1).messages, before.messages)
    assert.equal(beforeBoundary(t, 'end').messages.length, 466)
    assert.throws(
      () => beforeBoundary(t, 2),
      (e: unknown) => e instanceof HandoffError && e.code === 'USAGE' && /has 1 compaction boundary\b/.test(e.message),
    )
  })

  test('parse time of the largest file (3.5 MB) stays well under the CLI budget', { skip: skipWithoutShared }, async () => {
    const file = rawTranscript('marot__spotter__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl')
    await readJsonlTranscript(file) // warm-up
    const t0 = performance.now()
    const t = await readJsonlTranscript(file)
    const ms = performance.now() - t0
    assert.equal(t.messages.length, 358)
    assert.ok(ms < 200, `parse took ${ms.toFixed(0)} ms`)
  })
})

// ---- malformed and bookkeeping lines ---------------------------------------------------------

describe('parseJsonl: malformed and bookkeeping lines', () => {
  test('bad lines are counted by 1-based line and skipped; bookkeeping lines are not malformed', () => {
    const src = jsonl(
      user('first ask', { uuid: 'u1', timestamp: '2026-01-01T00:00:00Z' }), // 1
      '{"type":"user","message":{"role":"user","content":"half', // 2: broken JSON
      { type: 'progress', data: {} }, // 3
      { type: 'file-history-snapshot', snapshot: {} }, // 4
      { type: 'queue-operation', operation: 'enqueue', content: 'x' }, // 5
      { type: 'summary', summary: 'A title', leafUuid: 'u1' }, // 6: a title, not a compaction
      { type: 'system', subtype: 'turn_duration', durationMs: 5 }, // 7
      { type: 'some-future-line', whatever: true }, // 8: unknown type: skipped silently
      { no: 'type' }, // 9: JSON of unknown shape
      [1, 2, 3], // 10: not an object
      { type: 'user', message: 'not an object' }, // 11
      { type: 'assistant', message: { role: 'assistant', content: 42 } }, // 12
      { type: 'user', message: { role: 'assistant', content: 'role disagrees with type' } }, // 13
      '', // 14: blank line
      asst('m1', [text('answer')]), // 15
      '{"type":"user","message":{"role":"user","content":"trunc', // 16: truncated last line
    ).replace(/\n$/, '') // the truncated line is the very last, without a newline
    const t = parseJsonl(src)
    assert.deepEqual(t.malformed, { count: 7, lines: [2, 9, 10, 11, 12, 13, 16] })
    assert.deepEqual(
      t.messages.map((m) => [m.line, m.role, m.text]),
      [
        [1, 'user', 'first ask'],
        [15, 'assistant', 'answer'],
      ],
    )
    assert.deepEqual(t.boundaries, [])
    assert.equal(t.messages[0]!.uuid, 'u1')
    assert.equal(t.messages[0]!.timestamp, '2026-01-01T00:00:00Z')
    assert.equal(t.sessionId, 'S')
    assert.equal(t.cwd, '/w')
  })

  test('an empty file is an empty transcript; CRLF lines parse', () => {
    assert.deepEqual(parseJsonl(''), { source: 'jsonl', messages: [], boundaries: [], malformed: { count: 0, lines: [] } })
    const t = parseJsonl(jsonl(user('a'), asst('m', [text('b')])).replaceAll('\n', '\r\n'))
    assert.equal(t.malformed.count, 0)
    assert.deepEqual(kinds(t), ['typed', 'assistant'])
  })

  test('readJsonlTranscript reads a file, and rejects with the fs error when there is none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'transcript-test-'))
    try {
      const file = join(dir, 't.jsonl')
      writeFileSync(file, jsonl(user('hello'), asst('m', [text('hi')])))
      const t = await readJsonlTranscript(file)
      assert.deepEqual(kinds(t), ['typed', 'assistant'])
      await assert.rejects(readJsonlTranscript(join(dir, 'missing.jsonl')), { code: 'ENOENT' })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

// ---- merging and linking ---------------------------------------------------------------------

describe('parseJsonl: split assistant messages and tool links', () => {
  test('lines sharing message.id merge into one message, also across the results of parallel tool calls', () => {
    const t = parseJsonl(
      jsonl(
        user('do it', { uuid: 'u0' }),
        asst('m1', [{ type: 'thinking', thinking: 'hmm', signature: 'x' }], { uuid: 'a1', timestamp: 'T1' }),
        asst('m1', [text('Let me look.')], { uuid: 'a2' }),
        asst('m1', [toolUse('t1', 'Read', { file_path: '/a' })], { uuid: 'a3' }),
        { type: 'progress' },
        user([toolResult('t1', 'contents of a')]),
        asst('m1', [toolUse('t2', 'Bash', { command: 'false' })], { uuid: 'a4' }),
        user([toolResult('t2', [text('exit 1'), { type: 'image', source: {} }, text('boom')], true)]),
        asst('m2', [text('Done.')]),
        asst('m2', [text('Second block.')]),
        user('thanks'),
        asst('m2', [text('same id after a typed row: a new message')]),
        asst('', [text('no id')]),
        asst('', [text('no id again: not merged')]),
      ),
    )
    assert.equal(t.malformed.count, 0)
    assert.deepEqual(kinds(t), ['typed', 'assistant', 'tool-results', 'tool-results', 'assistant', 'typed', 'assistant', 'assistant', 'assistant'])
    const a = t.messages[1]!
    assert.equal(a.text, 'Let me look.')
    assert.deepEqual(
      a.toolUses.map((u) => [u.id, u.name]),
      [
        ['t1', 'Read'],
        ['t2', 'Bash'],
      ],
    )
    assert.equal(a.line, 2)
    assert.equal(a.uuid, 'a1')
    assert.equal(a.timestamp, 'T1')
    assert.deepEqual(a.toolUses[0]!.input, { file_path: '/a' })
    assert.deepEqual(a.toolUses[0]!.result, { toolUseId: 't1', text: 'contents of a', isError: false })
    // array content: text blocks joined, the image is not text; is_error carried
    assert.deepEqual(a.toolUses[1]!.result, { toolUseId: 't2', text: 'exit 1\nboom', isError: true })
    assert.deepEqual(t.messages[3]!.toolResults, [{ toolUseId: 't2', text: 'exit 1\nboom', isError: true }])
    assert.equal(t.messages[4]!.text, 'Done.\nSecond block.')
    assert.equal(t.messages[6]!.text, 'same id after a typed row: a new message')
    t.messages.forEach((m, i) => assert.equal(m.index, i))
  })

  test('a tool use without a result has none; a result without a use is still on its row', () => {
    const t = parseJsonl(jsonl(asst('m', [toolUse('t1', 'Bash')]), user([toolResult('zz', 'orphan')]), user('[Request interrupted by user for tool use]')))
    assert.equal(t.messages[0]!.toolUses[0]!.result, undefined)
    assert.deepEqual(t.messages[1]!.toolResults, [{ toolUseId: 'zz', text: 'orphan', isError: false }])
    assert.equal(t.messages[2]!.kind, 'interrupt')
  })

  test('the model is the last assistant model, ignoring <synthetic>; sessionId and cwd are the first seen', () => {
    const t = parseJsonl(
      jsonl(
        { type: 'summary', summary: 't' },
        { ...user('a'), sessionId: 'first', cwd: '/one' },
        { type: 'assistant', sessionId: 'second', cwd: '/two', message: { id: 'm1', role: 'assistant', model: 'claude-a', content: [text('x')] } },
        { type: 'assistant', message: { id: 'm2', role: 'assistant', model: 'claude-b', content: [text('y')] } },
        { type: 'assistant', message: { id: 'm3', role: 'assistant', model: '<synthetic>', content: [text('API Error')] } },
      ),
    )
    assert.equal(t.sessionId, 'first')
    assert.equal(t.cwd, '/one')
    assert.equal(t.model, 'claude-b')
  })

  test('each tool call keeps the cwd of the row that made it (a shell cd in an earlier call moves it)', () => {
    const t = parseJsonl(
      jsonl(
        asst('m1', [toolUse('t1', 'Bash', { command: 'cd src' })], { cwd: '/w' }),
        user([toolResult('t1', '')]),
        asst('m2', [toolUse('t2', 'Bash', { command: 'cp a ../b' })], { cwd: '/w/src' }),
        asst('m3', [toolUse('t3', 'Read', { file_path: '/x' })]),
      ),
    )
    const uses = t.messages.flatMap((m) => m.toolUses)
    assert.deepEqual(
      uses.map((u) => u.cwd),
      ['/w', '/w/src', undefined],
    )
    assert.equal(t.cwd, '/w')
  })
})

// ---- boundaries --------------------------------------------------------------------------------

describe('compaction boundaries', () => {
  const boundary = (trigger: string, preTokens: number) => ({
    type: 'system',
    subtype: 'compact_boundary',
    content: 'Conversation compacted',
    parentUuid: null,
    logicalParentUuid: 'x',
    compactMetadata: { trigger, preTokens },
  })
  const src = jsonl(
    user('one'), // L1, m0
    asst('m1', [text('r1')]), // L2, m1
    boundary('manual', 1000), // L3
    user('This session is being continued from a previous conversation that ran out of context.', { isCompactSummary: true }), // L4, m2
    user('two'), // L5, m3
    asst('m1', [text('same id as before the boundary: not merged')]), // L6, m4
    'garbage', // L7
    boundary('auto', 2000), // L8
    user('three'), // L9, m5
  )

  test('every compact_boundary line, with the index of the first message after it', () => {
    const t = parseJsonl(src)
    assert.deepEqual(t.boundaries, [
      { line: 3, trigger: 'manual', preTokens: 1000, messageIndex: 2 },
      { line: 8, trigger: 'auto', preTokens: 2000, messageIndex: 5 },
    ])
    assert.deepEqual(kinds(t), ['typed', 'assistant', 'compact-summary', 'typed', 'assistant', 'typed'])
  })

  test('beforeBoundary: N-th, last, end; malformed lines after the cut are not carried', () => {
    const t = parseJsonl(src)
    const first = beforeBoundary(t, 1)
    assert.deepEqual(
      first.messages.map((m) => m.text),
      ['one', 'r1'],
    )
    assert.deepEqual(first.boundaries, [])
    assert.deepEqual(first.malformed, { count: 0, lines: [] })
    const last = beforeBoundary(t, 'last')
    assert.deepEqual(
      last.messages.map((m) => m.line),
      [1, 2, 4, 5, 6],
    )
    assert.deepEqual(last.boundaries, [t.boundaries[0]])
    assert.deepEqual(last.malformed, { count: 1, lines: [7] })
    assert.deepEqual(beforeBoundary(t, 2), last)
    assert.equal(beforeBoundary(t, 'end').messages.length, 6)
    assert.equal(beforeBoundary(t, 'end').boundaries.length, 2)
    for (const bad of [0, 3, -1, 1.5]) {
      assert.throws(
        () => beforeBoundary(t, bad),
        (e: unknown) => e instanceof HandoffError && e.code === 'USAGE' && /has 2 compaction boundaries/.test(e.message),
        `boundary ${bad}`,
      )
    }
  })

  test('1.0.x: a continuation row that starts a new chain is a compaction; a 2.x one after its boundary is not counted twice', () => {
    const legacy = parseJsonl(
      jsonl(
        user('one', { parentUuid: null }), // L1, m0
        asst('m1', [text('r1')], { parentUuid: 'a' }), // L2, m1
        user('This session is being continued from a previous conversation that ran out of context.', { isCompactSummary: true, parentUuid: null }), // L3, m2
        user('two', { parentUuid: 'c' }), // L4, m3
        user('a pasted continuation with a parent is no compaction', { isCompactSummary: true, parentUuid: 'd' }), // L5, m4
      ),
    )
    assert.deepEqual(legacy.boundaries, [{ line: 3, messageIndex: 2, from: 'summary-row' }])
    assert.deepEqual(
      beforeBoundary(legacy, 'last').messages.map((m) => m.text),
      ['one', 'r1'],
    )
    const modern = parseJsonl(src.replace('"isCompactSummary":true', '"isCompactSummary":true,"parentUuid":null'))
    assert.equal(modern.boundaries.length, 2)
    assert.equal(modern.boundaries[0]!.from, undefined)
  })

  test('1.0.53 real session: its one compaction is found at the summary row', { skip: skipWithoutCompacted }, () => {
    const t = parseJsonl(readFileSync(compactedTranscript('Durban-Designer__vsla__0a725fb5-6378-432a-9e84-9f3f49d4043d.jsonl'), 'utf8'))
    assert.equal(t.boundaries.length, 1)
    assert.equal(t.boundaries[0]!.line, 451) // SOURCES.md: "451(s)"
    assert.equal(t.messages[t.boundaries[0]!.messageIndex]!.kind, 'compact-summary')
  })

  test('no boundary: last is the whole transcript, any number is out of range', () => {
    const t = parseJsonl(jsonl({ type: 'summary', summary: 'title', leafUuid: 'x' }, user('a'), asst('m', [text('b')])))
    assert.deepEqual(t.boundaries, [])
    assert.equal(beforeBoundary(t, 'last').messages.length, 2)
    assert.throws(
      () => beforeBoundary(t, 1),
      (e: unknown) => e instanceof HandoffError && e.code === 'USAGE' && /has no compaction boundaries/.test(e.message),
    )
  })
})

// ---- classification ----------------------------------------------------------------------------

describe('user-row classification', () => {
  const one = (content: unknown, extra: Record<string, unknown> = {}) => parseJsonl(jsonl(user(content, extra))).messages[0]!

  const cases: Array<[string, unknown, Record<string, unknown>, MessageKind]> = [
    ['plain words', 'fix the build', {}, 'typed'],
    ['pasted markup with an unknown tag', '<div>why is this red?</div>', {}, 'typed'],
    ['tool results only', [toolResult('t', 'ok')], {}, 'tool-results'],
    ['isCompactSummary flag', 'Summary of the earlier work', { isCompactSummary: true }, 'compact-summary'],
    [
      'continuation text typed or pasted, without the flag',
      'This session is being continued from a previous conversation that ran out of context. …',
      {},
      'typed',
    ],
    ['a handoff', '<!-- compact-handoff: session=abc n=001 prev=none -->\n# Handoff', {}, 'handoff'],
    ['a handoff in the compaction slot', '<!-- compact-handoff: session=abc n=002 prev=001 -->\n…', { isCompactSummary: true }, 'handoff'],
    ['isMeta', 'Base directory for this skill: /x', { isMeta: true }, 'meta'],
    ['system reminder only', [text('<system-reminder>\nThe date changed.\n</system-reminder>')], {}, 'meta'],
    ['caveat', '<local-command-caveat>Caveat: …</local-command-caveat>', {}, 'meta'],
    ['task notification', '<task-notification>\n<task-id>b1</task-id>\n</task-notification>\nRead the output file', {}, 'meta'],
    ['sidechain prompt', 'Your task is to create a detailed summary', { isSidechain: true }, 'meta'],
    ['slash command (2.1.x order)', '<command-name>/mcp</command-name>\n<command-message>mcp</command-message>\n<command-args></command-args>', {}, 'command'],
    ['slash command (1.0.x order)', [text('<command-message>init is analyzing…</command-message>\n<command-name>init</command-name>')], {}, 'command'],
    ['bash mode input', '<bash-input>ls</bash-input>', {}, 'command'],
    ['command stdout', '<local-command-stdout>Reconnected.</local-command-stdout>', {}, 'command-output'],
    ['command stderr', '<local-command-stderr>oops</local-command-stderr>', {}, 'command-output'],
    ['bash mode output', '<bash-stdout>a\nb</bash-stdout><bash-stderr></bash-stderr>', {}, 'command-output'],
    ['prompt-submit hook', '<user-prompt-submit-hook>Remember the style guide</user-prompt-submit-hook>', {}, 'hook'],
    ['stop hook feedback (isMeta)', 'Stop hook feedback:\ntests are failing', { isMeta: true }, 'hook'],
    ['words that begin like hook output', 'Stop hook feedback:\ntests are failing', {}, 'typed'],
    ['hook blocking error (isMeta)', 'PreToolUse:Bash hook blocking error from command: "x": no', { isMeta: true }, 'hook'],
    ['interrupt', [text('[Request interrupted by user]')], {}, 'interrupt'],
    ['interrupt for tool use', [text('[Request interrupted by user for tool use]')], {}, 'interrupt'],
  ]
  for (const [name, content, extra, kind] of cases) {
    test(`${name} → ${kind}`, () => assert.equal(one(content, extra).kind, kind))
  }

  test("the engine's answer to a prompt a hook stopped is not a turn: a row without a prompt's fields under one with them", () => {
    const rows = (promptFields: Record<string, unknown>) =>
      parseJsonl(
        jsonl(
          user('hi', { uuid: 'p1', parentUuid: null, ...promptFields }),
          user('Operation stopped by hook: Warning: a conflict', { uuid: 'h1', parentUuid: 'p1' }),
          user('we are getting this warning: Operation stopped by hook', { uuid: 'p2', parentUuid: 'h1', ...promptFields }),
          asst('m1', [text('looking')], { uuid: 'a1', parentUuid: 'p2' }),
          // A row without the fields under the assistant's reply: not an answer to a prompt.
          user('fine, go on', { uuid: 'p3', parentUuid: 'a1' }),
        ),
      ).messages.map((m) => m.kind)
    assert.deepEqual(rows({ permissionMode: 'default' }), ['typed', 'hook', 'typed', 'assistant', 'typed'])
    assert.deepEqual(rows({ thinkingMetadata: { level: 'none' } }), ['typed', 'hook', 'typed', 'assistant', 'typed'])
    // 1.0.x writes neither field on any row: every such row is the person's, as before.
    assert.deepEqual(rows({}), ['typed', 'typed', 'typed', 'assistant', 'typed'])
  })

  test('a typed row keeps its text blocks only: images are not text, injected reminder blocks are dropped', () => {
    const m = one([
      text('look at this'),
      { type: 'image', source: { type: 'base64', data: 'AAAA' } },
      text('<system-reminder>x</system-reminder>'),
      text('and this'),
    ])
    assert.equal(m.kind, 'typed')
    assert.equal(m.text, 'look at this\nand this')
    const img = one([{ type: 'image', source: {} }])
    assert.equal(img.kind, 'typed')
    assert.equal(img.text, '')
    // typed words are kept byte for byte
    assert.equal(one('  two  spaces\n\ttab ').text, '  two  spaces\n\ttab ')
  })
})

// ---- engine messages ---------------------------------------------------------------------------

describe('readEngineMessages', () => {
  test('the verified session.compact shape: text turn, Bash tool turn, old {id,name} shape, malformed entries', () => {
    const t = readEngineMessages(
      [
        { role: 'user', text: 'run the tests', toolUses: [], handle: 'h0', uuid: 'ignored' },
        { role: 'assistant', text: 'Running them.', toolUses: [], uuid: 'u1' },
        {
          role: 'assistant',
          text: '',
          toolUses: [
            {
              tool_use_id: 'b1',
              tool: 'Bash',
              input: { command: 'npm test' },
              result: { stdout: '1 failing', stderr: '', interrupted: false },
              text: '1 failing',
              isError: false,
              durationMs: 900,
            },
            { tool_use_id: 'b2', tool: 'Bash', input: { command: 'ls' }, text: 'own text only', isError: true },
            { tool_use_id: 'b3', tool: 'Read', input: { file_path: '/x' } },
          ],
        },
        { role: 'user', text: '', toolUses: [], toolResults: [{ tool_use_id: 'b1', text: 'Error: 1 failing', isError: true, result: {} }] },
        { role: 'assistant', text: '', toolUses: [{ id: 'o1', name: 'Grep', input: { pattern: 'x' } }] },
        { role: 'user', text: '', toolUses: [], toolResults: [{ tool_use_id: 'o1', text: 'a.ts:1', isError: false, result: null }] },
        null,
        'a string',
        { role: 'system', text: 'x' },
        { text: 'no role' },
        { role: 'user', text: '<local-command-stdout>hi</local-command-stdout>', toolUses: [] },
        { role: 'user', text: 'This session is being continued from a previous conversation that ran out of context.', toolUses: [] },
        { role: 'user', text: 'thanks' },
      ],
      { sessionId: 'sess', cwd: '/repo', model: 'claude-opus-4-6' },
    )
    assert.equal(t.source, 'engine')
    assert.equal(t.sessionId, 'sess')
    assert.equal(t.cwd, '/repo')
    assert.equal(t.model, 'claude-opus-4-6')
    assert.deepEqual(t.malformed, { count: 4, lines: [6, 7, 8, 9] })
    assert.deepEqual(t.boundaries, [])
    // The continuation preamble mid-session is words someone pasted: only first in its window is it the engine's summary.
    assert.deepEqual(kinds(t), ['typed', 'assistant', 'assistant', 'tool-results', 'assistant', 'tool-results', 'command-output', 'typed', 'typed'])
    const resumed = readEngineMessages([
      { role: 'user', text: 'This session is being continued from a previous conversation that ran out of context.', toolUses: [] },
      { role: 'user', text: 'go on' },
    ])
    assert.deepEqual(kinds(resumed), ['compact-summary', 'typed'])
    t.messages.forEach((m, i) => assert.equal(m.index, i))
    assert.equal(t.messages[0]!.uuid, 'h0')
    assert.equal(t.messages[1]!.uuid, 'u1')
    assert.equal(t.messages[1]!.text, 'Running them.')

    const [b1, b2, b3] = t.messages[2]!.toolUses
    assert.deepEqual({ id: b1!.id, name: b1!.name, input: b1!.input }, { id: 'b1', name: 'Bash', input: { command: 'npm test' } })
    // linked from the toolResults row (which wins over the use's own text/isError)
    assert.deepEqual(b1!.result, { toolUseId: 'b1', text: 'Error: 1 failing', isError: true })
    // no toolResults row: the use's own text/isError
    assert.deepEqual(b2!.result, { toolUseId: 'b2', text: 'own text only', isError: true })
    assert.equal(b3!.result, undefined)
    assert.deepEqual(t.messages[3]!.toolResults, [{ toolUseId: 'b1', text: 'Error: 1 failing', isError: true }])

    const old = t.messages[4]!.toolUses[0]!
    assert.deepEqual(old, { id: 'o1', name: 'Grep', input: { pattern: 'x' }, result: { toolUseId: 'o1', text: 'a.ts:1', isError: false } })
  })

  test('a Bash use with only a result object falls back to its stdout; never throws on junk', () => {
    const t = readEngineMessages([
      {
        role: 'assistant',
        text: '',
        toolUses: [{ tool_use_id: 'x', tool: 'Bash', input: {}, result: { stdout: 'out', stderr: 'err' } }, 'junk', { tool: 'NoId' }],
      },
    ])
    assert.deepEqual(t.messages[0]!.toolUses, [{ id: 'x', name: 'Bash', input: {}, result: { toolUseId: 'x', text: 'out\nerr', isError: false } }])
    assert.deepEqual(readEngineMessages(undefined as unknown as unknown[]).messages, [])
    assert.deepEqual(readEngineMessages([]).malformed, { count: 0, lines: [] })
  })
})

describe('refused tool calls', () => {
  const REFUSED =
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\n"
  const DENIED =
    'Permission for this tool use was denied. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). The user said:\n'

  test('the words the person typed on refusing a call are its result’s `said`, byte for byte; both readers', () => {
    const words = 'are there some go compilation problems?\n  (and  spacing kept)'
    const t = parseJsonl(
      jsonl(
        asst('m1', [toolUse('t1', 'Bash', { command: 'git commit' }), toolUse('t2', 'Edit', { file_path: '/w/a.go' })]),
        user([toolResult('t1', REFUSED + words, true)]),
        user([toolResult('t2', [text(DENIED + 'not that file')], true)]),
      ),
    )
    assert.equal(t.messages[0]!.toolUses[0]!.result!.said, words)
    assert.equal(t.messages[2]!.toolResults[0]!.said, 'not that file')
    const e = readEngineMessages([
      { role: 'assistant', text: '', toolUses: [{ tool_use_id: 'b1', tool: 'Bash', input: { command: 'ls' } }] },
      { role: 'user', text: '', toolUses: [], toolResults: [{ tool_use_id: 'b1', text: REFUSED + 'wait', isError: true }] },
    ])
    assert.equal(e.messages[1]!.toolResults[0]!.said, 'wait')
  })

  test('not a refusal: without words, without the error flag (a tool that printed the template), or the template not whole at the start', () => {
    const t = parseJsonl(
      jsonl(
        asst('m1', [toolUse('t1', 'Bash'), toolUse('t2', 'Bash'), toolUse('t3', 'Bash')]),
        user([
          toolResult(
            't1',
            "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how to proceed.",
            true,
          ),
          toolResult('t2', REFUSED + 'printed by cat', false),
          toolResult('t3', 'log: ' + REFUSED + 'quoted', true),
        ]),
      ),
    )
    for (const r of t.messages[1]!.toolResults) assert.equal(r.said, undefined)
  })
})

describe('withoutEngineNotes', () => {
  test('drops the notes the engine appends to a result, and only when they end it', () => {
    const cite = 'REMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks.'
    assert.equal(withoutEngineNotes(`Go-git has IsBinary.\n\n\n${cite}`), 'Go-git has IsBinary.')
    assert.equal(
      withoutEngineNotes(
        "Found it.\nagentId: a9c0ddf (for resuming to continue this agent's work if needed)\n<usage>total_tokens: 85491\ntool_uses: 15\nduration_ms: 51090</usage>",
      ),
      'Found it.',
    )
    assert.equal(withoutEngineNotes('7f8e756f Drop index\nShell cwd was reset to /Users/x/cli'), '7f8e756f Drop index')
    assert.equal(withoutEngineNotes('done\n<system-reminder>\nnote\n</system-reminder>\n'), 'done')
    // Quoted, not appended: kept.
    assert.equal(withoutEngineNotes(`${cite}\nmore`), `${cite}\nmore`)
  })
})
