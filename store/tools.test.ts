import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { readJsonl } from './read.ts'
import type { StoredCompaction } from './read.ts'
import { runTool, sessionSums, slashCommand, TOOL_NAMES, TOOL_SPECS, type ToolContext } from './tools.ts'
import { type CompactionRow, writeCompaction } from './write.ts'

const made: string[] = []
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })))

const A = 'aaaa1111-2222-3333-4444-555566667777'
const B = 'bbbb1111-2222-3333-4444-555566667777'

function row(sessionId: string, n: number, mode: 'live' | 'rehearsal', extra: Partial<CompactionRow> = {}): CompactionRow {
  return {
    v: 1,
    at: new Date(Date.UTC(2026, 0, 2, 3, n, 0)).toISOString(),
    sessionId,
    mode,
    trigger: 'manual',
    outcome: mode === 'live' ? 'replaced' : 'rehearsed',
    reason: null,
    lineage: { n, prev: n > 1 ? n - 1 : null },
    sections: [
      { name: 'summary', title: 'Summary', status: 'ok', chars: 20, ms: 3 },
      {
        name: 'ledger',
        title: 'Tool ledger',
        status: 'ok',
        chars: 30,
        ms: 2,
        record: {
          lookup: { n, section: 'ledger' },
          commands: [
            { n: 1, command: 'npm test -- --grep "the very long one"' },
            { n: 2, command: 'ls' },
          ],
        },
      },
      {
        name: 'state',
        title: 'State',
        status: 'dropped',
        code: 'SECTION_TIMEOUT',
        message: '[section state] timed out after 2,000 ms (timeoutMs: 2000)',
        chars: null,
        ms: 2000,
      },
    ],
    ...extra,
  }
}

const handoff = (n: number) =>
  `<!-- compact-handoff: session=${A} n=00${n} prev=none -->\nPreamble.\n\n## Summary\n\nsummary body ${n}\n\n## Tool ledger\n\n1 shell command left out: handoff_lookup {"n": ${n}, "section": "ledger"}\n`
const conversation = (n: number) =>
  Array.from({ length: 30 }, (_, i) =>
    i === 11 ? `[#11 user] remember the token PELICAN-${n}-OMEGA please` : `[#${i} assistant] line ${i} of conversation ${n}`,
  ).join('\n') + '\n'

let dataDir = ''
const ctx = (over: Partial<ToolContext> = {}): ToolContext => ({ dataDir, sessionId: A, live: true, pluginVersion: '9.9.9', by: 'tool', ...over })

before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ch-tools-'))
  made.push(dataDir)
  for (const n of [1, 2]) {
    await writeCompaction(
      { dataDir, mode: 'live', sessionId: A },
      { row: row(A, n, 'live'), handoff: handoff(n), summary: `summary body ${n}\n`, transcript: conversation(n) },
    )
  }
  await writeCompaction(
    { dataDir, mode: 'rehearsal', sessionId: B },
    { row: row(B, 1, 'rehearsal'), handoff: 'rehearsed handoff\n', transcript: 'only B said KINGFISHER\n' },
  )
})

describe('store/tools', () => {
  test('every tool has a description and an object schema that refuses unknown arguments', () => {
    for (const name of TOOL_NAMES) {
      const spec = TOOL_SPECS[name]
      assert.ok(spec.description.length > 40, name)
      assert.equal(spec.inputSchema.type, 'object')
      assert.equal(spec.inputSchema.additionalProperties, false)
    }
  })

  test("status: version, live or rehearsal, this session's compactions, the index", async () => {
    const s = await runTool('handoff_status', {}, ctx())
    assert.match(s.text, /^compact-handoff 9\.9\.9 · live/)
    assert.match(s.text, /Compactions in this session: 2 \(2 replaced\)/)
    assert.match(s.text, /n=2 {2}2026-01-02 03:02 {2}live {2}manual {2}replaced {2}handoff [\d,]+ chars {2}2 of 3 sections kept/)
    assert.match(s.text, /Search index: 8 texts/)
    assert.match(s.text, /Read back: handoff_lookup \{"n": 2\}/)
    const r = await runTool('handoff_status', {}, ctx({ live: false, sessionId: B }))
    assert.match(r.text, /rehearsal: handoffs are stored/)
    assert.match(r.text, /Compactions in this session: 1 \(1 rehearsed\)/)
  })

  test('search cites n, file and line, and lookup reads exactly that line back', async () => {
    const s = await runTool('handoff_search', { query: 'PELICAN-1-OMEGA' }, ctx())
    assert.ok(!s.error, s.text)
    assert.match(s.text, /^1 match for "PELICAN-1-OMEGA" in this session/)
    const m = /n=(\d+) (\w+):(\d+) {2}(.*)/.exec(s.text.split('\n')[1]!)!
    assert.deepEqual([m[1], m[2], m[3]], ['1', 'transcript', '12'])
    assert.match(s.text, /Read around a match: handoff_lookup \{"n": 1, "file": "transcript", "from": 7, "to": 17\}/)
    const l = await runTool('handoff_lookup', { n: 1, file: 'transcript', from: 12, to: 12 }, ctx())
    assert.equal(l.text.split('\n')[1], '12\t[#11 user] remember the token PELICAN-1-OMEGA please')
  })

  test('search: this session by default, every session with scope "all"; another session\'s rehearsal cited as such', async () => {
    const mine = await runTool('handoff_search', { query: 'KINGFISHER' }, ctx())
    assert.match(mine.text, /^No match for "KINGFISHER" in this session/)
    const all = await runTool('handoff_search', { query: 'KINGFISHER', scope: 'all' }, ctx())
    assert.match(all.text, new RegExp(`session ${B} n=1 \\(rehearsal\\) transcript:1 {2}only B said KINGFISHER`))
    assert.match(all.text, new RegExp(`handoff_lookup \\{"n": 1, "file": "transcript", "from": 1, "to": 6, "session": "${B}", "mode": "rehearsal"\\}`))
    const back = await runTool('handoff_lookup', { n: 1, file: 'transcript', session: B, mode: 'rehearsal' }, ctx())
    assert.match(back.text, /1\tonly B said KINGFISHER/)
  })

  test('lookup: the newest handoff by default, line numbers, a continuation when it is long', async () => {
    const l = await runTool('handoff_lookup', {}, ctx())
    assert.match(l.text, /^n=2 handoff \(sessions\/.*002-.*\.md\), 2026-01-02 03:02: lines 1–10 of 10/)
    assert.match(l.text, /\n1\t<!-- compact-handoff: session=/)
    const page = await runTool('handoff_lookup', { n: 1, file: 'transcript', to: 5 }, ctx())
    assert.equal(page.text.split('\n').length, 6, 'a header and five lines; the range asked for, no continuation')
  })

  test('lookup of a section: its text from the handoff and its record at full length', async () => {
    const l = await runTool('handoff_lookup', { n: 1, section: 'ledger' }, ctx())
    assert.ok(!l.error, l.text)
    assert.match(l.text, /Section ledger of compaction n=1 \(kept, 30 chars\)/)
    assert.match(l.text, /1 shell command left out/)
    assert.match(l.text, /commands \(2\):\n\d+\t {2}\{"n":1,"command":"npm test -- --grep \\"the very long one\\""\}/)
    const dropped = await runTool('handoff_lookup', { n: 1, section: 'state' }, ctx())
    assert.match(dropped.text, /dropped: SECTION_TIMEOUT/)
  })

  test('bad arguments are one line each, never a throw, never a read outside the data dir', async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['handoff_lookup', { session: '../../etc' }, /is not a session id/],
      ['handoff_lookup', { session: 'no-such-session' }, /session no-such-session has no stored compactions/],
      ['handoff_lookup', { n: 7 }, /this session has no compaction n=7 \(it has live n=1–2\)/],
      ['handoff_lookup', { n: 1, file: 'transcript', from: 500 }, /from 500 is past the end: n=1 transcript has 30 lines/],
      ['handoff_lookup', { n: 1, from: 3, to: 2 }, /to 2 is before from 3/],
      ['handoff_lookup', { n: 1, file: '../../x' }, /"file" must be one of/],
      ['handoff_lookup', { n: 'one' }, /"n" must be a whole number \(got "one"\)/],
      ['handoff_lookup', { n: 1, section: 'nope' }, /no section "nope" \(it has summary, ledger, state\)/],
      ['handoff_lookup', { file: 'row', section: 'ledger' }, /"file" or "section", not both/],
      ['handoff_search', {}, /"query" is required/],
      ['handoff_search', { query: '---' }, /no letters or digits/],
      ['handoff_search', { query: 'x', session: 'a/b' }, /is not a session id/],
      ['handoff_search', { query: 'x', session: 'unknown-one' }, /session unknown-one has no stored compactions/],
      ['handoff_list', { bogus: 1 }, /unknown argument "bogus"/],
      ['handoff_feedback', { note: '   ' }, /"note" must not be empty/],
      ['handoff_nope', {}, /no tool "handoff_nope"/],
    ]
    for (const [tool, args, re] of cases) {
      const r = await runTool(tool, args, ctx())
      assert.equal(r.error, true, `${tool} ${JSON.stringify(args)}: ${r.text}`)
      assert.match(r.text, re)
      assert.equal(r.text.includes('\n'), false, r.text)
    }
  })

  test('every read is logged with its size, in the session and box-wide, and status sums them', async () => {
    const c = ctx({ sessionId: A })
    const before = (await readJsonl(join(dataDir, 'sessions', A, 'lookups.jsonl'))).rows.length
    const r = await runTool('handoff_lookup', { n: 2, file: 'summary' }, c)
    const log = (await readJsonl<Record<string, any>>(join(dataDir, 'sessions', A, 'lookups.jsonl'))).rows
    assert.equal(log.length, before + 1)
    const last = log.at(-1)!
    assert.deepEqual(
      [last.tool, last.chars, last.lines, last.approxTokens, last.by],
      ['handoff_lookup', r.text.length, r.text.split('\n').length, Math.ceil(r.text.length / 4), 'tool'],
    )
    assert.deepEqual(last.args, { n: 2, file: 'summary' })
    assert.ok((await readJsonl(join(dataDir, 'lookups.jsonl'))).rows.length >= log.length)
    const total = log.reduce((n, x) => n + x.chars, 0)
    const s = await runTool('handoff_status', {}, c)
    assert.match(s.text, new RegExp(`History read back in this session: ${log.length} calls \\(.*handoff_lookup.*\\): ${total.toLocaleString('en-US')} chars`))
  })

  test("feedback is stored beside the compaction's row, and the row lookup shows it", async () => {
    const f = await runTool('handoff_feedback', { note: 'the ledger missed a file', n: 1 }, ctx())
    assert.match(f.text, /^Noted with compaction n=1 \(sessions\/.*001-.*\.feedback\.jsonl\)/)
    const rowView = await runTool('handoff_lookup', { n: 1, file: 'row' }, ctx())
    assert.match(rowView.text, /Feedback on this compaction:\n\d+\t\S+ {2}the ledger missed a file/)
  })

  test('list: this session\'s compactions with files and sections; every session with scope "all"', async () => {
    const l = await runTool('handoff_list', {}, ctx())
    assert.match(l.text, /^Compactions of this session: 2/)
    assert.match(l.text, /files: handoff 10 lines, summary 1 lines, transcript 30 lines/)
    assert.match(l.text, /sections: summary, ledger, state dropped \(SECTION_TIMEOUT\)/)
    const all = await runTool('handoff_list', { scope: 'all' }, ctx())
    assert.match(all.text, /Sessions that compacted on this machine: 2/)
    assert.ok(all.text.indexOf(A) < all.text.indexOf(B), 'newest first (A compacted last)')
  })

  test('/handoff: the status, then a search of this session', async () => {
    const s = await slashCommand(ctx(), 'PELICAN-2')
    assert.match(s.text, /^compact-handoff 9\.9\.9/)
    assert.match(s.text, /match for "PELICAN-2" in this session/)
    const bare = await slashCommand(ctx(), '  ')
    assert.match(bare.text, /\/handoff <words> searches/)
  })

  test('a session that never compacted: status says so, and the data dir needs not exist', async () => {
    const empty = join(dataDir, 'nothing-here')
    const s = await runTool('handoff_status', {}, ctx({ dataDir: empty, sessionId: 'fresh-session' }))
    assert.match(s.text, /Compactions in this session: none yet/)
    assert.match(s.text, /Search index: none yet/)
    assert.equal(existsSync(join(empty, 'search', 'index.sqlite')), false)
    const q = await runTool('handoff_search', { query: 'anything' }, ctx({ dataDir: empty, sessionId: 'fresh-session' }))
    assert.match(q.text, /No match/)
    assert.equal(readFileSync(join(empty, 'lookups.jsonl'), 'utf8').split('\n').length, 2)
  })
})

describe('status sums', () => {
  const stored = (row: Record<string, unknown>): StoredCompaction => ({ sessionId: A, mode: 'live', n: 1, stem: 's', at: '', dir: '', rowFile: '', row })
  const calls = (k: number) => ({ calls: Array.from({ length: k }, () => ({ answeredBy: 'fork' })) })
  const restore = (files: number) => ({ name: 'restore', status: 'ok', record: { restored: Array.from({ length: files }, (_, i) => ({ path: `/p/${i}` })) } })

  test('restores, model cost priced and unpriced apart, agents, fallbacks by code, arms, requests, cold forks', async () => {
    const sums = sessionSums([
      stored({
        outcome: 'replaced',
        arm: 'handoff',
        sections: [restore(2)],
        model: calls(2),
        cost: { usd: 0.5 },
        runningAgents: 1,
        requestedBy: 'handoff_compact',
      }),
      stored({ outcome: 'replaced', arm: 'handoff', sections: [restore(1)], model: calls(1), cost: { usd: null, pricedUsd: 0.25 }, fork: { cold: true } }),
      stored({ outcome: 'rehearsed', arm: 'stock', agentId: 'ag1', sections: [{ ...restore(3), status: 'dropped' }], model: calls(0), cost: { usd: 0 } }),
      stored({ outcome: 'fallback', code: 'timeout', arm: 'handoff', agentId: 'ag1', model: calls(0) }),
      stored({ outcome: 'fallback', code: 'node-missing' }),
      { ...stored({}), row: null },
    ])
    assert.deepEqual(sums, {
      compactions: 6,
      restores: { files: 3, compactions: 2 },
      model: { calls: 3, usd: 0.75, pricedCompactions: 1, unpricedCompactions: 1 },
      agents: { compactions: 2, agents: 1, runningAtCompaction: 1 },
      fallbacks: { timeout: 1, 'node-missing': 1 },
      arms: { handoff: 3, stock: 1, unknown: 1 },
      requested: { handoff_compact: 1 },
      coldForks: 1,
    })
  })

  test('handoff_status shows them, and carries them in its data', async () => {
    const s = await runTool('handoff_status', {}, ctx())
    assert.match(s.text, /Restored: 0 files over 0 compactions/)
    assert.match(s.text, /Arms: 2 unknown/)
    assert.match(s.text, /Fallbacks: none/)
    assert.match(s.text, /Agents: 0 subagent compactions \(0 agents\); 0 running when the conversation compacted/)
    assert.equal((s.data as { sums: { compactions: number } }).sums.compactions, 2)
  })
})
