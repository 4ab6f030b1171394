import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import type { Message, MessageKind, Transcript } from '../../pipeline/index.ts'
import { parseJsonl } from '../../pipeline/transcript.ts'
import { rawTranscripts, skipWithoutShared } from '../../test/shared.ts'
import turns, { collectTurns, fitTurns, renderTurn, turnsFromHandoff } from './index.ts'

function msg(index: number, kind: MessageKind, text: string): Message {
  return { index, role: kind === 'assistant' ? 'assistant' : 'user', kind, text, toolUses: [], toolResults: [] }
}

function transcriptOf(...rows: Array<[MessageKind, string]>): Transcript {
  return { source: 'jsonl', messages: rows.map(([k, t], i) => msg(i, k, t)), boundaries: [], malformed: { count: 0, lines: [] } }
}

async function runTurns(t: Transcript, budgetChars = 16_000) {
  const controller = new AbortController()
  return turns.run({
    name: 'turns',
    input: { trigger: 'cli', sessionId: 's', cwd: '/', transcript: t, lineage: { n: 1, prev: null, earlier: [] } },
    options: { maxTurnChars: 6_000 },
    budgetChars,
    timeoutMs: 1000,
    signal: controller.signal,
    capabilities: { host: 'cli', model: null, files: null, now: Date.now },
    report: { note() {}, notes: [] },
    needed: {},
  })
}

describe('turns', () => {
  test('only typed turns, verbatim and in order', () => {
    const t = transcriptOf(
      ['typed', 'fix the  build\n  (exactly this spacing)'],
      ['assistant', 'on it'],
      ['tool-results', 'ls output'],
      ['meta', '<system-reminder>x</system-reminder>'],
      ['command', '<command-name>/compact</command-name>'],
      ['command-output', '<local-command-stdout>done</local-command-stdout>'],
      ['hook', 'hook said hi'],
      ['interrupt', '[Request interrupted by user]'],
      ['typed', 'second ask'],
    )
    const got = collectTurns(t)
    assert.deepEqual(
      got.map((x) => x.text),
      ['fix the  build\n  (exactly this spacing)', 'second ask'],
    )
    assert.deepEqual(
      got.map((x) => x.n),
      [1, 2],
    )
  })

  test('turns an earlier handoff carried come back as written, numbered before the new ones', () => {
    const earlier = [
      '<!-- compact-handoff: session=s n=001 prev=none -->',
      renderTurn({ n: 1, text: 'old ask\nwith <b>markup</b>', carried: false }, 6000),
      renderTurn({ n: 2, text: 'older follow-up', carried: false }, 6000),
    ].join('\n\n')
    assert.deepEqual(
      turnsFromHandoff(earlier).map((x) => x.text),
      ['old ask\nwith <b>markup</b>', 'older follow-up'],
    )
    const t = transcriptOf(['typed', 'before the handoff: not counted twice'], ['handoff', earlier], ['typed', 'new ask'])
    const got = collectTurns(t)
    assert.deepEqual(
      got.map((x) => [x.n, x.text, x.carried]),
      [
        [1, 'old ask\nwith <b>markup</b>', true],
        [2, 'older follow-up', true],
        [3, 'new ask', false],
      ],
    )
  })

  test('over budget: the first turn and the newest stay, and the gap is said', () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ n: i + 1, text: `turn number ${i + 1} `.repeat(10), carried: false }))
    const { body, left, kept } = fitTurns(many, 3_000, 6_000)
    assert.ok(body.length <= 3_000, `body ${body.length} chars`)
    assert.ok(left > 0)
    assert.equal(kept + left, 40)
    assert.match(body, /^<turn n="1">/)
    assert.match(body, /<turn n="40">/)
    assert.match(body, new RegExp(`\\[${left} turns left out here \\(turns 2–${left + 1}\\)`))
    assert.doesNotMatch(body, /<turn n="2">/)
  })

  test('a very long turn is clipped in the middle and the clip is said', () => {
    const text = 'A'.repeat(5_000) + 'MIDDLE' + 'Z'.repeat(5_000)
    const r = renderTurn({ n: 1, text, carried: false }, 2_000)
    assert.ok(r.length < 2_200)
    assert.match(r, /^<turn n="1">\nA+/)
    assert.match(r, /chars of this turn clipped \(maxTurnChars\)/)
    assert.match(r, /Z+\n<\/turn>$/)
  })

  test('the section fits its budget and returns nothing when nobody typed anything', async () => {
    const big = transcriptOf(...Array.from({ length: 200 }, (_, i): [MessageKind, string] => ['typed', `ask ${i} `.repeat(30)]))
    const r = await runTurns(big, 4_000)
    assert.ok(r && typeof r === 'object' && r.body.length <= 4_000)
    assert.equal(await runTurns(transcriptOf(['assistant', 'alone'])), null)
  })

  for (const file of rawTranscripts().length ? rawTranscripts() : ['(none)']) {
    test(`real transcript: every typed turn verbatim — ${file.split('/').pop()}`, { skip: skipWithoutShared }, async () => {
      const t = parseJsonl(readFileSync(file, 'utf8'))
      const got = collectTurns(t)
      const typed = t.messages.filter((m) => m.kind === 'typed' && m.text.trim() !== '')
      assert.equal(got.length, typed.length)
      for (const turn of got) {
        assert.doesNotMatch(turn.text, /^<(system-reminder|command-name|local-command-stdout|local-command-caveat)>/)
        assert.doesNotMatch(turn.text, /tool_use_id/)
      }
      const r = await runTurns(t)
      if (got.length === 0) return assert.equal(r, null)
      assert.ok(r && typeof r === 'object')
      assert.ok(r.body.length <= 16_000, `${r.body.length} chars`)
      // The first turn survives any trimming, verbatim (or clipped with a note when huge).
      assert.ok(r.body.includes(got[0]!.text.slice(0, 200)))
    })
  }
})

describe('turns under a shared budget', () => {
  test('a first turn longer than the budget is cut in the middle to fit, never dropping the section', () => {
    const long = { n: 1, text: `the ask ${'x'.repeat(6_000)} the end`, carried: false }
    for (const turns of [[long], [long, { n: 2, text: 'and one more', carried: false }]]) {
      const r = fitTurns(turns, 1_500, 6_000)
      assert.ok(r.body.length <= 1_500, `${r.body.length}`)
      assert.ok(r.body.includes('the ask') && r.body.includes('the end'))
      assert.match(r.body, /chars of this turn clipped \(budgetChars\)/)
    }
  })
})
