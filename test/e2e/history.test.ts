/**
 * The history tools through the real engine: after a live compaction the model calls
 * handoff_search for a string only the replaced conversation held (a Bash output the handoff does
 * not quote) and the tool_result carries it with its n and line; handoff_lookup reads that line
 * back; the read is logged with its size and handoff_status sums it; a second compaction's handoff
 * names the first with the call that reads it back; /handoff answers without the model.
 */
import assert from 'node:assert/strict'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { FakeRequest } from './fake-model.mjs'
import { blocksOf, firstUserText, Lab, skipWithoutEngine } from './harness.ts'

const TOOL = 'mcp__compact-handoff__'
// printf joins it at run time: the command's own text (which the ledger and the turns section
// quote) never holds the string, only its output in the conversation does.
const RARE = 'ZANZIBAR-RARE-4242'
const COMMAND = `printf 'ZANZIBAR-%s-4242' RARE`

/** The text of the tool_result answering the newest call of `tool` in any request, or null. */
function toolResult(requests: FakeRequest[], tool: string): string | null {
  for (const r of [...requests].reverse()) {
    const msgs = r.body.messages
    for (let i = msgs.length - 1; i > 0; i--) {
      const use = blocksOf(msgs[i - 1]!.content).find((b) => b.type === 'tool_use' && b.name === tool)
      if (!use) continue
      const res = blocksOf(msgs[i]!.content).find((b) => b.type === 'tool_result' && b.tool_use_id === use.id)
      if (res)
        return typeof res.content === 'string'
          ? res.content
          : blocksOf(res.content)
              .map((b) => b.text ?? '')
              .join('\n')
    }
  }
  return null
}

describe('history tools through the engine', { skip: skipWithoutEngine, timeout: 240_000 }, () => {
  let lab: Lab
  let sessionId = ''
  before(async () => {
    // excerpts would show the command's output (it holds the only names the session used): this
    // test is about what only the replaced conversation holds, so the handoff goes without it.
    const config = join(mkdtempSync(join(tmpdir(), 'ch-history-')), 'pipeline.config.yaml')
    writeFileSync(config, 'sections:\n  - name: excerpts\n    enabled: false\n')
    lab = await Lab.create({ name: 'history', plugin: { live: true }, env: { COMPACT_HANDOFF_CONFIG: config } })
  })
  after(async () => lab?.close())

  test('after a live compaction, handoff_search finds what only the replaced conversation held, with its n and line', async () => {
    const s = lab.session()
    await s.send(`FAKE_TOOL:Bash {"command":${JSON.stringify(COMMAND)},"description":"print the code"}`)
    await s.send('second turn: keep going')
    // Two long turns push the command's exchange out of the handoff's "newest work", so the code
    // it printed is held only by the replaced conversation.
    for (const k of [3, 4]) await s.send(`turn ${k}: ${'padding words '.repeat(700)}`)
    const compact = await s.send('/compact')
    assert.equal(compact.result.is_error, false)
    await s.send('AFTER_COMPACTION')
    const searched = await s.send(`FAKE_TOOL:${TOOL}handoff_search {"query":"${RARE}"}`)
    assert.equal(searched.result.subtype, 'success')
    await s.send(`FAKE_TOOL:${TOOL}handoff_status {}`)
    assert.equal(await s.close(), 0)
    sessionId = s.sessionId!

    // The compaction was ours, and the string is in neither the handoff nor the new window.
    const rows = lab.rows()
    assert.equal(rows.length, 1)
    assert.equal(rows[0]!.outcome, 'replaced')
    assert.equal(lab.handoffOf(rows[0]!)!.includes(RARE), false, 'the handoff does not quote it')
    const after = lab.requestsWith('AFTER_COMPACTION').at(-1)!
    assert.equal(JSON.stringify(after.body.messages).includes(RARE), false, 'the window after the compaction does not hold it')
    const tools: Array<{ name: string }> = after.body.tools ?? []
    assert.ok(
      tools.some((t) => t.name === `${TOOL}handoff_search`),
      `handoff_search is in the request's tools: ${tools.map((t) => t.name).join(', ')}`,
    )

    // The model's call came back with the string, its n, the file and the line.
    const result = toolResult(lab.requests(), `${TOOL}handoff_search`)
    assert.ok(result, 'a tool_result for handoff_search reached the model')
    // The Bash output, and the fake's echo of it ("Tool finished: ..."): both in the replaced conversation.
    assert.match(
      result,
      new RegExp(
        `^2 matches for "${RARE}" in this session, newest compaction first:\nn=1 transcript:\\d+ {2}← ok: ${RARE}\nn=1 transcript:\\d+ {2}\\[#\\d+ assistant\\] Tool finished: ${RARE}\n`,
      ),
    )
    const hit = /^n=1 transcript:(\d+) {2}(.*)$/m.exec(result)
    assert.ok(hit, result)
    assert.ok(hit[2]!.includes(RARE), hit[2])
    const transcript = rows[0]!.files.transcript as string
    const line = readFileSync(join(lab.dataDir, transcript), 'utf8').split('\n')[Number(hit[1]) - 1]!
    assert.ok(line.includes(RARE), `line ${hit[1]} of ${transcript}: ${line}`)
    assert.match(result, /Read around a match: handoff_lookup \{"n": 1, "file": "transcript", "from": \d+, "to": \d+\}/)

    // The read is logged with its size, and status sums it.
    const log = readFileSync(join(lab.dataDir, 'sessions', sessionId, 'lookups.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    assert.deepEqual(
      log.map((r) => [r.tool, r.by, r.hits]),
      [['handoff_search', 'tool', 2]],
    )
    assert.equal(log[0].chars, result.length)
    const status = toolResult(lab.requests(), `${TOOL}handoff_status`)!
    assert.match(status, /^compact-handoff \d+\.\d+\.\d+ · live/)
    assert.match(status, /Compactions in this session: 1 \(1 replaced\)/)
    assert.match(status, new RegExp(`History read back in this session: 1 call \\(handoff_search 1\\): ${log[0].chars.toLocaleString('en-US')} chars`))
  })

  test('handoff_lookup reads the cited line back; a range past the end is one line, not a crash', async () => {
    const s = lab.session(['--resume', sessionId])
    await s.send(`FAKE_TOOL:${TOOL}handoff_search {"query":"${RARE}"}`)
    const result = toolResult(lab.requests(), `${TOOL}handoff_search`)!
    const at = Number(/^n=1 transcript:(\d+)/m.exec(result)![1])
    await s.send(`FAKE_TOOL:${TOOL}handoff_lookup {"n":1,"file":"transcript","from":${at},"to":${at}}`)
    const back = toolResult(lab.requests(), `${TOOL}handoff_lookup`)!
    assert.match(back, new RegExp(`^n=1 transcript .*: lines ${at}–${at} of [\\d,]+\\n${at}\\t.*${RARE}`))
    await s.send(`FAKE_TOOL:${TOOL}handoff_lookup {"n":1,"file":"transcript","from":99999}`)
    const refused = toolResult(lab.requests(), `${TOOL}handoff_lookup`)!
    assert.match(refused, /^handoff_lookup: from 99999 is past the end: n=1 transcript has [\d,]+ lines$/)
    await s.send(`FAKE_TOOL:${TOOL}handoff_lookup {"session":"../../etc"}`)
    assert.match(toolResult(lab.requests(), `${TOOL}handoff_lookup`)!, /^handoff_lookup: "\.\.\/\.\.\/etc" is not a session id/)
    assert.equal(await s.close(), 0)
  })

  test("a second compaction's handoff names the first with the call that reads it back", async () => {
    const run = await lab.run(['--resume', sessionId, '/compact'])
    assert.equal(run.code, 0, run.stderr)
    const rows = lab.rows()
    assert.equal(rows.length, 2)
    assert.deepEqual([rows[1]!.lineage, rows[1]!.depth], [{ n: 2, prev: 1 }, 2])
    const handoff = lab.handoffOf(rows[1]!)!
    assert.match(handoff, /## Earlier compactions\n\n- n=001 \(\d{4}-\d\d-\d\d \d\d:\d\d\): handoff_lookup \{"n": 1\}\n/)
    const next = await lab.run(['--resume', sessionId, 'AFTER_SECOND'])
    assert.equal(next.code, 0, next.stderr)
    const first = firstUserText(lab.requestsWith('AFTER_SECOND').at(-1)!)
    assert.match(first, /n=002 prev=001/)
    assert.equal((first.match(/<!-- compact-handoff:/g) ?? []).length, 1, 'only the newest handoff travels in the window')
    // Both compactions' conversations are searchable; the index holds all six texts.
    assert.ok(existsSync(join(lab.dataDir, 'search', 'index.sqlite')))
  })

  test('/handoff shows the status and runs a search, without a model call', async () => {
    const before = lab.requests().length
    const run = await lab.run(['--resume', sessionId, `/handoff ${RARE}`])
    assert.equal(run.code, 0, run.stderr)
    const out = run.events.map((e) => JSON.stringify(e)).join('\n')
    assert.match(out, /Compactions in this session: 2/)
    assert.match(out, new RegExp(`match(es)? for \\\\"${RARE}\\\\" in this session`))
    assert.equal(lab.requests().length, before, 'the model was not asked')
  })
})
