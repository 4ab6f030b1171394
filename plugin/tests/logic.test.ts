/**
 * The hooks module's decisions with nothing beneath them: settings, pass-through, the child's
 * lines, the conversation handed up, the fallback row. Run by `claude plugin test plugin`.
 */
import type { SessionMessage } from 'claude-code'
import { describe, expect, test } from 'claude-code/testing'
import {
  fallbackRow,
  fromHandoffMessage,
  nodeMissingNotice,
  nodeVerdict,
  pairTools,
  passThrough,
  readAnswer,
  rebuild,
  replacement,
  resolveSettings,
  rowTrigger,
  stderrTail,
} from '../hooks/logic'
import { readHello } from '../hooks/bridge'
import { fileStem, nextNumber } from '../hooks/protocol'

const bash = (id: string) => ({ tool_use_id: id, tool: 'Bash', input: { command: `echo ${id}` }, text: id })
const result = (id: string) => ({ tool_use_id: id, text: `out ${id}`, isError: false })

describe('settings', () => {
  test('defaults: rehearsal, the data dir under HOME, node from PATH', () => {
    const s = resolveSettings({}, { home: '/home/u' })
    expect(s).toEqual({
      live: false,
      dataDir: '/home/u/.claude/compact-handoff',
      maxChars: 0,
      maxFraction: 0,
      subagents: false,
      childTimeoutMs: 600_000,
      nodePath: 'node',
      rehearsalModel: true,
      restoreFiles: 0,
      restoreFileChars: 0,
      restoreTotalChars: 0,
      commitmentsModel: '',
      commitmentsMaxTokens: 0,
      seamTimeoutMs: 0,
      abStockShare: 0,
      watchTurns: 10,
    })
  })

  test('an explicit live: false beats COMPACT_HANDOFF_LIVE=1; unset, the env decides', () => {
    expect(resolveSettings({ live: false }, { live: '1', home: '/h' }).live).toBe(false)
    expect(resolveSettings({}, { live: '1', home: '/h' }).live).toBe(true)
  })

  test('COMPACT_HANDOFF_SUBAGENTS=1 works like the setting, which beats it when set', () => {
    expect(resolveSettings({}, { subagents: '1', home: '/h' }).subagents).toBe(true)
    expect(resolveSettings({ subagents: true }, { home: '/h' }).subagents).toBe(true)
    expect(resolveSettings({ subagents: false }, { subagents: 'yes', home: '/h' }).subagents).toBe(false)
    expect(resolveSettings({}, { subagents: '0', home: '/h' }).subagents).toBe(false)
  })

  test('the pipeline knobs: whole numbers of at least 0, the share from 0 to 1, at least one watched turn', () => {
    const s = resolveSettings(
      { restoreFiles: 2.7, restoreFileChars: -1, restoreTotalChars: 9000, commitmentsModel: ' claude-haiku-5-5 ', abStockShare: 7, watchTurns: 0 },
      { home: '/h' },
    )
    expect([s.restoreFiles, s.restoreFileChars, s.restoreTotalChars, s.commitmentsModel, s.abStockShare, s.watchTurns]).toEqual([
      2,
      0,
      9000,
      'claude-haiku-5-5',
      1,
      1,
    ])
  })

  test('rehearsalModel: on unless the setting turns it off', () => {
    expect(resolveSettings({ rehearsalModel: false }, { home: '/h' }).rehearsalModel).toBe(false)
    expect(resolveSettings({ rehearsalModel: true }, { home: '/h' }).rehearsalModel).toBe(true)
  })

  test('COMPACT_HANDOFF_LIVE switches live on; the setting does too', () => {
    expect(resolveSettings({}, { live: '1', home: '/h' }).live).toBe(true)
    expect(resolveSettings({}, { live: 'true', home: '/h' }).live).toBe(true)
    expect(resolveSettings({}, { live: '0', home: '/h' }).live).toBe(false)
    expect(resolveSettings({ live: true }, { home: '/h' }).live).toBe(true)
  })

  test('the data dir: the setting, else COMPACT_HANDOFF_DATA_DIR, else the default; ~ expands', () => {
    expect(resolveSettings({ dataDir: '~/x' }, { dataDir: '/env', home: '/h' }).dataDir).toBe('/h/x')
    expect(resolveSettings({ dataDir: '' }, { dataDir: '/env', home: '/h' }).dataDir).toBe('/env')
    expect(resolveSettings({ dataDir: '  ' }, { home: '/h/' }).dataDir).toBe('/h/.claude/compact-handoff')
  })

  test('numbers are held to their ranges', () => {
    const s = resolveSettings({ maxChars: -5, maxFraction: 3, childTimeoutMs: 1 }, { home: '/h' })
    expect([s.maxChars, s.maxFraction, s.childTimeoutMs]).toEqual([0, 1, 100])
  })
})

describe('which compactions are ours', () => {
  test('precompute is declined, a subagent passes through unless subagents is on', () => {
    expect(passThrough({ trigger: 'precompute' }, { subagents: true })).toBe('precompute')
    expect(passThrough({ trigger: 'auto', agentId: 'a1' }, { subagents: false })).toBe('subagent')
    expect(passThrough({ trigger: 'auto', agentId: 'a1' }, { subagents: true })).toBe(null)
    expect(passThrough({ trigger: 'plugin' }, { subagents: false })).toBe(null)
    expect(passThrough({ trigger: 'manual' }, { subagents: false })).toBe(null)
  })
})

describe('the trigger a row records', () => {
  const prompt: SessionMessage = { role: 'user', text: 'go on', toolUses: [] }
  const answer: SessionMessage = { role: 'assistant', text: 'done', toolUses: [] }
  const call: SessionMessage = { role: 'assistant', text: '', toolUses: [bash('t1')] }
  const results: SessionMessage = { role: 'user', text: '', toolUses: [], toolResults: [result('t1')] }

  test("auto between turns, the answer last, is the engine's own idle compaction", () => {
    expect(rowTrigger({ trigger: 'auto', messages: [prompt, answer] })).toBe('idle')
  })

  test('auto inside a turn (a pending prompt, or tool results, last) stays auto', () => {
    expect(rowTrigger({ trigger: 'auto', messages: [prompt, answer, prompt] })).toBe('auto')
    expect(rowTrigger({ trigger: 'auto', messages: [prompt, call, results] })).toBe('auto')
  })

  test('every other trigger is recorded as the engine gave it', () => {
    for (const trigger of ['manual', 'plugin', 'precompute'] as const) expect(rowTrigger({ trigger, messages: [prompt, answer] })).toBe(trigger)
  })
})

describe("the child's stdout: its hello only", () => {
  const hello = { type: 'hello', pid: 1, version: 'x', socket: '/tmp/ch-a/b.sock', token: 'f'.repeat(48) }
  test('pieces are not lines: the hello is read once its line is whole', () => {
    const text = `${JSON.stringify(hello)}\n{"type":"done"}\n`
    expect(readHello(text.slice(0, 20))).toEqual({ hello: null })
    expect(readHello(text).hello).toEqual(hello)
  })

  test('a first line that is not a hello (or names no socket or token) is refused, never waited on', () => {
    expect(readHello('warning: something\n').refused).toContain('its first line is not a hello')
    expect(readHello(`${JSON.stringify({ ...hello, socket: 'relative.sock' })}\n`).hello).toBe(null)
    expect(readHello(`${JSON.stringify({ ...hello, token: 'short' })}\n`).hello).toBe(null)
  })
})

describe('node', () => {
  test('20 or later', () => {
    expect(nodeVerdict('v20.20.2\n')).toEqual({ ok: true, version: 'v20.20.2' })
    expect(nodeVerdict('v22.1.0')).toEqual({ ok: true, version: 'v22.1.0' })
    expect(nodeVerdict('v18.19.0').ok).toBe(false)
    expect(nodeVerdict('bash: node').ok).toBe(false)
  })

  test('the notice says what is wrong and how to fix it', () => {
    const text = nodeMissingNotice('"node" did not start: ENOENT', 'node')
    expect(text).toContain('Node.js 20 or later')
    expect(text).toContain('nodePath')
    expect(text).toContain('Configure options')
    expect(text).toContain('ENOENT')
  })
})

describe('the Read tool answer', () => {
  test('text, a deny, an error', () => {
    expect(readAnswer({ result: { type: 'text' }, text: '1\tx' })).toEqual({ ok: true, text: '1\tx' })
    expect(readAnswer({ deny: 'outside the project' })).toEqual({ ok: false, reason: 'denied: outside the project' })
    expect(readAnswer({ result: 'File does not exist.', text: 'File does not exist.', isError: true } as never)).toEqual({
      ok: false,
      reason: 'File does not exist.',
    })
  })
})

describe('the conversation handed up', () => {
  const messages: SessionMessage[] = [
    { role: 'user', text: 'go', toolUses: [], handle: 'h0' },
    { role: 'assistant', text: 'running', toolUses: [bash('t1')], handle: 'h1' },
    { role: 'user', text: '', toolUses: [], toolResults: [result('t1')], handle: 'h2' },
    { role: 'assistant', text: 'done', toolUses: [], handle: 'h3' },
  ]

  test('kept messages are rebuilt without their handle (no duplicate on --resume)', () => {
    const r = rebuild(messages[2]!)
    expect(r).toEqual({ role: 'user', text: '', toolUses: [], toolResults: [result('t1')] })
    expect('handle' in r).toBe(false)
  })

  test('the handoff first, then what the sections hand up, then the kept messages', () => {
    const out = replacement(messages, {
      handoff: 'HANDOFF',
      messages: [
        { role: 'assistant', text: '', toolUses: [{ id: 'r1', name: 'Read', input: { file_path: '/a' } }] },
        { role: 'user', text: '', toolResults: [{ toolUseId: 'r1', text: '1\ta', isError: false }] },
      ],
      keep: [1, 2, 3],
    })
    expect(out.map((m) => [m.role, m.text])).toEqual([
      ['user', 'HANDOFF'],
      ['assistant', ''],
      ['user', ''],
      ['assistant', 'running'],
      ['user', ''],
      ['assistant', 'done'],
    ])
    expect(out.every((m) => m.handle === undefined)).toBe(true)
    expect(out[1]!.toolUses[0]).toEqual({ tool_use_id: 'r1', tool: 'Read', input: { file_path: '/a' } })
    expect(out[2]!.toolResults).toEqual([{ tool_use_id: 'r1', text: '1\ta', isError: false }])
  })

  test('a result without its call, or a call without its result, is left out', () => {
    const out = pairTools([
      { role: 'user', text: 'H', toolUses: [] },
      { role: 'user', text: '', toolUses: [], toolResults: [result('lost')] },
      { role: 'assistant', text: 'calls', toolUses: [bash('t1'), bash('never')] },
      { role: 'user', text: '', toolUses: [], toolResults: [result('t1')] },
    ])
    expect(out.length).toBe(3)
    expect(out[1]!.toolUses.map((u) => u.tool_use_id)).toEqual(['t1'])
    expect(out[2]!.toolResults?.map((r) => r.tool_use_id)).toEqual(['t1'])
  })

  test('a result before its call does not answer it; an id goes up once', () => {
    const out = pairTools([
      { role: 'user', text: 'H', toolUses: [] },
      { role: 'user', text: '', toolUses: [], toolResults: [result('early')] },
      { role: 'assistant', text: 'late call', toolUses: [bash('early'), bash('dup')] },
      { role: 'user', text: '', toolUses: [], toolResults: [result('dup')] },
      { role: 'assistant', text: 'again', toolUses: [bash('dup')] },
      { role: 'user', text: '', toolUses: [], toolResults: [result('dup')] },
    ])
    expect(out.map((m) => m.text)).toEqual(['H', 'late call', '', 'again'])
    expect(out[1]!.toolUses.map((u) => u.tool_use_id)).toEqual(['dup'])
    expect(out[3]!.toolUses).toEqual([])
    expect(out.flatMap((m) => m.toolResults ?? []).map((r) => r.tool_use_id)).toEqual(['dup'])
  })

  test('kept indices go up in order and once each', () => {
    const out = replacement(messages, { handoff: 'H', messages: [], keep: [1, 0, 1] })
    expect(out.slice(1).map((m) => m.text)).toEqual([messages[0]!.text, messages[1]!.text].filter((t) => t !== ''))
  })

  test('indices out of range are ignored', () => {
    expect(replacement(messages, { handoff: 'H', messages: [], keep: [3, 9, -1] }).length).toBe(2)
  })

  test('a section message in the engine shape', () => {
    expect(fromHandoffMessage({ role: 'user', text: 'x' })).toEqual({ role: 'user', text: 'x', toolUses: [] })
  })
})

describe('the fallback row', () => {
  test('numbering from the files already in the folder', () => {
    expect(nextNumber([])).toEqual({ n: 1, prev: null })
    const stem = (n: string) => `${n}-2026-01-02T03-04-05-006Z`
    expect(
      nextNumber([`${stem('001')}.json`, `${stem('001')}.md`, `${stem('001')}.feedback.jsonl`, `${stem('002')}.json`, `.${stem('003')}.line`, 'runs.jsonl']),
    ).toEqual({ n: 3, prev: 2 })
    // A number a running compaction has claimed is taken.
    expect(nextNumber([`${stem('001')}.json`, '002.claim'])).toEqual({ n: 3, prev: 1 })
  })

  test("the store's row shape, outcome fallback, the reason", () => {
    const at = new Date('2026-01-02T03:04:05.006Z')
    const row = fallbackRow({
      at,
      sessionId: 's',
      live: false,
      trigger: 'manual',
      code: 'node-missing',
      reason: 'node-missing: x',
      n: 2,
      prev: 1,
      pluginVersion: '0.1.0',
      messages: 4,
      hookMs: 7,
    })
    expect(row).toMatchObject({
      v: 1,
      mode: 'rehearsal',
      arm: 'stock',
      outcome: 'fallback',
      code: 'node-missing',
      reason: 'node-missing: x',
      lineage: { n: 2, prev: 1 },
      writtenBy: 'hooks',
    })
    expect(fileStem(2, at)).toBe('002-2026-01-02T03-04-05-006Z')
  })
})

describe("a crashed child's stderr, as the reason says it", () => {
  test("an uncaught error: the line naming it and where it was thrown, not Node's closing lines", () => {
    const stderr = [
      'file:///p/dist/chunks/store.mjs:88',
      '    throw err;',
      '    ^',
      '',
      "Error: ENOENT: no such file or directory, link '/d/.001.json.draft' -> '/d/001.json'",
      '    at linkSync (node:fs:1802:3)',
      '    at storeRow (file:///p/dist/chunks/store.mjs:88:5) {',
      '  errno: -2,',
      "  code: 'ENOENT',",
      '}',
      '',
      'Node.js v20.20.2',
    ].join('\n')
    expect(stderrTail(stderr)).toBe("Error: ENOENT: no such file or directory, link '/d/.001.json.draft' -> '/d/001.json' | at linkSync (node:fs:1802:3)")
    expect(stderrTail('RangeError [ERR_OUT_OF_RANGE]: The value of "offset" is out of range.\n')).toBe(
      'RangeError [ERR_OUT_OF_RANGE]: The value of "offset" is out of range.',
    )
  })

  test('anything else: its last two lines', () => {
    expect(stderrTail('warming up\nsomething went wrong\nexiting\n')).toBe('something went wrong | exiting')
  })
})
