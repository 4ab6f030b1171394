/**
 * Automatic compaction, live, through the real engine (`--autocompact` against a fake reporting
 * more tokens than the threshold, so every turn compacts): mid-turn, between a tool call and the
 * next request, the turn in progress survives with its tool result; before a new prompt, the
 * prompt goes out once, after the handoff.
 */
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { duplicatedTexts, firstUserText, Lab, MARKER_RE, newestUserText, skipWithoutEngine, toolPairing } from './harness.ts'

describe('automatic compaction through the engine', { skip: skipWithoutEngine, timeout: 60_000 }, () => {
  let lab: Lab
  before(async () => {
    lab = await Lab.create({ name: 'auto', plugin: { live: true }, inputTokens: 150_000 })
  })
  after(async () => lab?.close())

  test('mid-turn and before a prompt: the handoff first, the turn in flight kept, nothing twice', async () => {
    const s = lab.session(['--autocompact', '100000'])
    await s.send('FAKE_TOOL:Bash {"command":"echo auto-tool-output","description":"print a line"}')
    const second = await s.send('SECOND_PROMPT')
    assert.equal(second.result.subtype, 'success')
    assert.equal(await s.close(), 0)

    const rows = lab.rows()
    assert.ok(rows.length >= 2, `${rows.length} compactions`)
    assert.ok(rows.every((r) => r.trigger === 'auto' && r.outcome === 'replaced'))
    assert.equal(rows[0]!.kept.why, 'turn-in-progress')

    // The request right after the first (mid-turn) compaction answers the tool call it was in.
    const afterFirst = lab.requests().find((r) => r.kind === 'tool-result')!
    assert.ok(afterFirst, 'the model got its tool result after the compaction')
    assert.match(firstUserText(afterFirst), MARKER_RE)
    assert.deepEqual(toolPairing(afterFirst).unpaired, [])
    assert.ok(toolPairing(afterFirst).uses.length > 0)

    // The second prompt goes out after the second handoff, once.
    const req = lab
      .requests()
      .filter((r) => newestUserText(r).includes('SECOND_PROMPT') && r.kind === 'text')
      .at(-1)!
    assert.match(firstUserText(req), /^<!-- compact-handoff: session=\S+ n=002 /)
    const occurrences = req.body.messages
      .flatMap((m) => (typeof m.content === 'string' ? [m.content] : m.content.filter((b) => b.type === 'text').map((b) => String(b.text))))
      .filter((t) => t === 'SECOND_PROMPT')
    assert.equal(occurrences.length, 1, 'the pending prompt is sent once')
    assert.deepEqual(duplicatedTexts(req), [])
  })
})
