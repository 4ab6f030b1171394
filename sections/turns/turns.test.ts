import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, test } from 'node:test'
import type { Message, MessageKind, Transcript } from '../../pipeline/index.ts'
import { parseJsonl } from '../../pipeline/transcript.ts'
import { compactedTranscripts, rawTranscripts, skipWithoutShared } from '../../test/shared.ts'
import turns, { collectTurns, fitTurns, isBrief, renderTurn, type Turn, turnsFromHandoff, wordsShown } from './index.ts'

function msg(index: number, kind: MessageKind, text: string): Message {
  return { index, role: kind === 'assistant' ? 'assistant' : 'user', kind, text, toolUses: [], toolResults: [] }
}

function transcriptOf(...rows: Array<[MessageKind, string]>): Transcript {
  return { source: 'jsonl', messages: rows.map(([k, t], i) => msg(i, k, t)), boundaries: [], malformed: { count: 0, lines: [] } }
}

async function runTurns(t: Transcript, budgetChars = 16_000, n = 1) {
  const controller = new AbortController()
  return turns.run({
    name: 'turns',
    input: { trigger: 'cli', sessionId: 's', cwd: '/', transcript: t, lineage: { n, prev: n > 1 ? n - 1 : null, earlier: [] } },
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
    const { body, leftOut, whole } = fitTurns(many, 3_000, 6_000)
    assert.ok(body.length <= 3_000, `body ${body.length} chars`)
    assert.ok(leftOut.length > 0)
    assert.equal(whole.length + leftOut.length, 40)
    assert.match(body, /^<turn n="1">/)
    assert.match(body, /<turn n="40">/)
    assert.match(body, new RegExp(`\\[turns 2–${leftOut.length + 1} left out \\([\\d,]+ chars\\)\\]`))
    assert.doesNotMatch(body, /<turn n="2">/)
  })

  test('a very long turn is clipped in the middle and the clip is said', () => {
    const text = 'A'.repeat(5_000) + 'MIDDLE' + 'Z'.repeat(5_000)
    const r = renderTurn({ n: 1, text, carried: false }, 2_000)
    assert.ok(r.length < 2_200)
    assert.match(r, /^<turn n="1">\nA+/)
    assert.match(r, /\[… [\d,]+ chars of this turn clipped here …\]/)
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
      // Typed rows, and the words typed after a slash command (its <command-args>).
      const typed = t.messages.filter(
        (m) => (m.kind === 'typed' && m.text.trim() !== '') || (m.kind === 'command' && /<command-args>\s*\S[\s\S]*?<\/command-args>/.test(m.text)),
      )
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
      assert.match(r.body, /chars of this turn clipped here/)
      assert.doesNotMatch(r.body, /budgetChars|maxTurnChars/)
    }
  })
})

const jsonl = (...rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n')
const userRow = (content: unknown, ts?: string) => ({ type: 'user', sessionId: 's', message: { role: 'user', content }, ...(ts ? { timestamp: ts } : {}) })
const asstRow = (id: string, content: unknown[]) => ({ type: 'assistant', sessionId: 's', message: { id, role: 'assistant', model: 'm', content } })
const REFUSED =
  "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). To tell you how to proceed, the user said:\n"

const bodyOf = (r: Awaited<ReturnType<typeof runTurns>>) => {
  assert.ok(r && typeof r === 'object')
  return r
}

describe('turns over budget: the room is used, and nothing is lost', () => {
  // The shape of a real session: short asks, then the spec the work continued on, longer than the room.
  const spec = `Almost perfect, except we need our operators updated.\n${'Category | Visual style | Rationale\n'.repeat(200)}Run a pass over the whole doc.`
  const short = [
    'verify the paper compiles',
    'page one has stray quotes',
    'section 9.4 is a hallucination',
    'we updated to C17, say so',
    'count the ? marks and fix them',
  ]

  test('a newest turn longer than the room is clipped in its middle, not left out; the turns before it stay whole and the room is used', async () => {
    const r = bodyOf(await runTurns(transcriptOf(...short.map((s): [MessageKind, string] => ['typed', s]), ['typed', spec]), 2_650))
    assert.ok(r.body.length <= 2_650, `${r.body.length}`)
    assert.ok(r.body.length > 2_400, `only ${r.body.length} of 2,650 chars used`)
    for (const [i, s] of short.entries()) assert.ok(r.body.includes(`<turn n="${i + 1}">\n${s}\n</turn>`), s)
    assert.match(r.body, /<turn n="6">\nAlmost perfect, except we need our operators updated\.\n/)
    assert.match(r.body, /\[… [\d,]+ chars of this turn clipped here …\]\n[^]*Run a pass over the whole doc\.\n<\/turn>$/)
  })

  test('the intro says how the turns are shown and names the call that reads them in full; no "All N" beside turns left out, no settings', async () => {
    const r = bodyOf(await runTurns(transcriptOf(...short.map((s): [MessageKind, string] => ['typed', s]), ['typed', spec]), 2_650, 3))
    const intro = r.body.split('\n')[0]!
    assert.equal(intro, 'The 6 turns the user typed, oldest first: 5 whole, 1 clipped in the middle; each in full: handoff_lookup {"n": 3, "section": "turns"}')
    assert.doesNotMatch(r.body, /budgetChars|maxTurnChars/)
    // The record the call reads holds the clipped turn at full length.
    const inFull = (r.record!.inFull as string[]).flatMap((b) => turnsFromHandoff(b))
    assert.deepEqual(
      inFull.map((x) => [x.n, x.text]),
      [[6, spec]],
    )
    assert.deepEqual(r.record!.lookup, { n: 3, section: 'turns' })
  })

  test('brief go-aheads are quoted on one line before any turn with content is left out; a bare "hi" is not the first ask', async () => {
    const ask = `we are getting this warning when starting up:\n${'  Branch: entire/314004c conflict detected\n'.repeat(25)}Can we debug this and figure out a solution?`
    const questions = Array.from({ length: 8 }, (_, i) => `question ${i + 1}: where is the shadow branch looked up, and what happens on a rename?`)
    const t = transcriptOf(
      ['typed', 'hi'],
      ['typed', ask],
      ...questions.map((q): [MessageKind, string] => ['typed', q]),
      ['typed', '1'],
      ['typed', "let's continue please"],
      ['typed', 'please continue'],
      ['typed', 'yeah it does not make sense to commit in a broken state'],
    )
    const r = bodyOf(await runTurns(t, 2_000))
    assert.ok(r.body.length <= 2_000, `${r.body.length}`)
    assert.match(r.body, /^\[turn 1: "hi"\]$/m)
    assert.match(r.body, /^\[turn 11: "1"; turn 12: "let's continue please"; turn 13: "please continue"\]$/m)
    // The ask keeps its start and its end; the newest stays whole.
    assert.match(r.body, /<turn n="2">\nwe are getting this warning when starting up:\n[^]*Can we debug this and figure out a solution\?\n<\/turn>/)
    assert.match(r.body, /<turn n="14">\nyeah it does not make sense to commit in a broken state\n<\/turn>/)
    for (const n of [1, 11, 12, 13]) assert.doesNotMatch(r.body, new RegExp(`<turn n="${n}">`))
  })

  test('a turn sent again word for word is shown once, at its newest copy', () => {
    const report = `the hook warns about a shadow branch conflict ${'x'.repeat(400)} can we fix it?`
    const list: Turn[] = [report, 'did you see it?', report, 'and now?'].map((text, i) => ({ n: i + 1, text, carried: false }))
    const f = fitTurns(list, 900, 6_000)
    assert.ok(f.body.length <= 900)
    assert.match(f.body, /^\[turn 1: sent again as turn 3\]$/m)
    assert.match(f.body, /<turn n="3">\nthe hook warns/)
    assert.doesNotMatch(f.body, /<turn n="1">/)
  })

  test('a turn the user sent again outranks the other middle turns: its words are not lost to the dedupe', () => {
    const report = `we are getting this warning at start ${'y'.repeat(500)} can we debug it?`
    const middle = (k: number) => `a question in the middle, number ${k}, about something else entirely ${'z'.repeat(120)}`
    const texts = ['the first ask: look at the hook warning ' + 'w'.repeat(300), report, middle(1), report, middle(2), middle(3), 'the newest turn']
    const f = fitTurns(
      texts.map((text, i) => ({ n: i + 1, text, carried: false })),
      1_000,
      6_000,
    )
    assert.ok(f.body.length <= 1_000, `${f.body.length}`)
    assert.match(f.body, /^\[turn 2: sent again as turn 4[;\]]/m)
    // Its newest copy is shown (whole or clipped), not left out with the middle turns.
    assert.match(f.body, /<turn n="4">\nwe are getting this warning at start/)
  })

  test('a go-ahead is a bare "yes", "ok", "1", "continue" or greeting; never "no", "stop", or one with an ask in it', () => {
    for (const s of ['yes', 'ok', 'OK!', '1', 'please continue', "let's continue please", 'yeah do it', 'hi', 'thanks']) assert.ok(isBrief(s), s)
    for (const s of ['no', 'stop', 'yes, but in the other file', 'what is remaining?', 'continue with tests', '']) assert.ok(!isBrief(s), s)
  })
})

describe('turns: words typed on refusing a tool call', () => {
  const t = parseJsonl(
    jsonl(
      userRow('commit the fix', '2026-02-02T08:00:00.000Z'),
      asstRow('m1', [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'git commit -m "feat: worktree id"' } }]),
      userRow(
        [{ type: 'tool_result', tool_use_id: 't1', is_error: true, content: `${REFUSED}are there some go compilation problems?` }],
        '2026-02-02T08:13:46.988Z',
      ),
      asstRow('m2', [{ type: 'text', text: 'Checking the build.' }]),
      userRow('yeah it does not make sense to commit in a broken state'),
    ),
  )

  test('they are a turn of their own, in order, verbatim, with the call that was refused', () => {
    const got = collectTurns(t)
    assert.deepEqual(
      got.map((x) => [x.n, x.text, x.refused]),
      [
        [1, 'commit the fix', undefined],
        [2, 'are there some go compilation problems?', 'the Bash call `git commit -m "feat: worktree id"`'],
        [3, 'yeah it does not make sense to commit in a broken state', undefined],
      ],
    )
    assert.equal(got[1]!.at, '2026-02-02T08:13:46.988Z')
  })

  test('the block says they were typed on refusing that call, and the intro counts them', async () => {
    const r = bodyOf(await runTurns(t))
    assert.match(r.body, /^All 3 turns the user typed, oldest first \(1 of them typed on refusing a tool call\):/)
    assert.ok(
      r.body.includes(
        '<turn n="2" at="2026-02-02T08:13:46.988Z">\n[typed on refusing the Bash call `git commit -m "feat: worktree id"`, which did not run]\nare there some go compilation problems?\n</turn>',
      ),
      r.body,
    )
    assert.equal(r.record!.refused, 1)
  })
})

describe('turns an earlier handoff carried', () => {
  test('keep the numbers it gave them; the turns it left out are said, with the call that reads them', async () => {
    const earlier = [
      '<!-- compact-handoff: session=s n=002 prev=001 -->',
      renderTurn({ n: 1, text: 'the original ask', carried: false }, 6000),
      '[turns 2–5 left out (900 chars)]',
      renderTurn({ n: 6, text: 'a later ask', carried: false }, 6000),
    ].join('\n\n')
    const t = transcriptOf(['handoff', earlier], ['typed', 'new ask'])
    assert.deepEqual(
      collectTurns(t).map((x) => [x.n, x.carried]),
      [
        [1, true],
        [6, true],
        [7, false],
      ],
    )
    const r = bodyOf(await runTurns(t, 16_000, 3))
    assert.match(r.body, /^\[turns 2–5 left out by compaction 2: handoff_lookup \{"n": 2, "section": "turns"\}\]$/m)
    assert.match(r.body, /^The 7 turns the user typed, oldest first: 3 whole, 4 left out by an earlier compaction$/m)
  })
})

describe('turns an earlier handoff carried, numbered hostilely', () => {
  test('a number far past the others is a gap said in one line, and the new turns count on from it', async () => {
    const earlier = ['<!-- compact-handoff: session=s n=001 prev=none -->', '<turn n="1">\nask\n</turn>', '<turn n="999999999">\nlater\n</turn>'].join('\n\n')
    const r = bodyOf(await runTurns(transcriptOf(['handoff', earlier], ['typed', 'new']), 2_000, 2))
    assert.match(r.body, /^\[turns 2–999999998 left out by compaction 1: /m)
    assert.match(r.body, /<turn n="1000000000">\nnew\n<\/turn>$/)
  })
})

describe('turns under the default ceiling, on the real transcripts', () => {
  for (const file of rawTranscripts().length ? [...rawTranscripts(), ...compactedTranscripts()] : ['(none)']) {
    test(`every turn is shown whole, quoted, or in the record at full length — ${file.split('/').pop()}`, { skip: skipWithoutShared }, async () => {
      const t = parseJsonl(readFileSync(file, 'utf8'))
      const all = collectTurns(t)
      const r = await runTurns(t, 2_650)
      if (all.length === 0) return assert.equal(r, null)
      assert.ok(r && typeof r === 'object')
      assert.ok(r.body.length <= 2_650, `${r.body.length} chars`)
      const shown = new Map(turnsFromHandoff(r.body).map((x) => [x.n, x.text]))
      const inFull = new Map((r.record!.inFull as string[]).flatMap((b) => turnsFromHandoff(b)).map((x) => [x.n, x.text]))
      for (const turn of all) {
        const words = wordsShown(turn)
        const whole = shown.get(turn.n) === words && words.length <= 6_000
        const quoted = r.body.includes(`turn ${turn.n}: "${turn.text.trim()}"`)
        assert.ok(whole || quoted || inFull.get(turn.n) === words, `turn ${turn.n} is neither shown whole, quoted, nor in the record`)
      }
    })
  }

  test('a budget too small for any turn line keeps the intro alone, never a line cut short', async () => {
    const t = transcriptOf(['typed', 'first, the parser: make it read heredocs'], ['assistant', 'ok'], ['typed', 'then the tests, all of them'])
    for (const budget of [120, 150, 190]) {
      const r = await runTurns(t, budget)
      assert.ok(r && typeof r === 'object')
      assert.ok(r.body.length <= budget, `${r.body.length} > ${budget}`)
      const [intro, ...lines] = r.body.split('\n').filter(Boolean)
      assert.match(intro!, /^The 2 turns the user typed, oldest first: .*handoff_lookup \{"n": 1, "section": "turns"\}$/)
      // Every line under the intro is whole: a left-out line as the layout writes it.
      for (const line of lines) assert.match(line, /^\[turns? [\d–]+ left out \([\d,]+ chars\)\]$/, line)
    }
  })

  test('what the person typed after a slash command is a turn; a command alone is not', async () => {
    const t = transcriptOf(
      ['typed', 'fix the parser'],
      ['command', '<command-name>/mcp</command-name>\n<command-message>mcp</command-message>\n<command-args></command-args>'],
      [
        'command',
        '<command-name>/compact</command-name>\n<command-message>compact</command-message>\n<command-args>and continue with the remaining tasks</command-args>',
      ],
    )
    const r = await runTurns(t)
    assert.ok(r && typeof r === 'object')
    assert.match(r.body, /^Both turns the user typed/)
    assert.match(r.body, /<turn n="2">\n\[typed after \/compact\]\nand continue with the remaining tasks\n<\/turn>/)
    assert.doesNotMatch(r.body, /\/mcp/)
  })
})
