import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { keepPlan } from './keep.ts'
import type { EngineMessage } from '../plugin/hooks/protocol.ts'

const user = (text: string): EngineMessage => ({ role: 'user', text, toolUses: [] })
const said = (text: string, ...ids: string[]): EngineMessage => ({
  role: 'assistant',
  text,
  toolUses: ids.map((id) => ({ tool_use_id: id, tool: 'Bash', input: { command: `echo ${id}` } })),
})
const results = (...ids: string[]): EngineMessage => ({
  role: 'user',
  text: '',
  toolUses: [],
  toolResults: ids.map((id) => ({ tool_use_id: id, text: `out ${id}`, isError: false })),
})
const big = (id: string, n: number): EngineMessage => ({
  role: 'user',
  text: '',
  toolUses: [],
  toolResults: [{ tool_use_id: id, text: 'x'.repeat(n), isError: false }],
})
const handoff = user('<!-- compact-handoff: session=s n=001 prev=none -->\nthe handoff')

describe('keepPlan', () => {
  test('keeps the last assistant message with text, as the engine does', () => {
    const m = [user('a'), said('', 't1'), results('t1'), said('done'), user('b'), said('hello')]
    assert.deepEqual(keepPlan(m), { keep: [5], why: 'last-assistant-text', capped: false, extended: false, orphanResults: [] })
  })

  test('and what follows it: the prompt an automatic compaction is about to send', () => {
    assert.deepEqual(keepPlan([user('a'), said('one'), user('pending prompt')]).keep, [1, 2])
  })

  test('and a turn that went on calling tools after it', () => {
    const m = [user('a'), said('one'), user('b'), said('', 't1'), results('t1')]
    assert.deepEqual(keepPlan(m).keep, [1, 2, 3, 4])
  })

  test('moves back so that a kept tool_result has its tool_use', () => {
    const m = [user('a'), said('', 't1', 't2'), said('checking'), results('t1', 't2'), said('')]
    const plan = keepPlan(m)
    assert.deepEqual(plan.keep, [1, 2, 3, 4])
    assert.equal(plan.extended, true)
  })

  test('follows a chain: moving back can bring in results that need older calls', () => {
    // y is called at 2 and answered at 5 (after the text at 4); x is called at 1 and answered at 3.
    const m = [user('a'), said('', 'x'), said('', 'y'), results('x'), said('mid'), results('y'), said('')]
    assert.deepEqual(keepPlan(m).keep, [1, 2, 3, 4, 5, 6])
  })

  test('a result whose call is nowhere is named, not chased', () => {
    assert.deepEqual(keepPlan([results('gone'), said('still here')]).keep, [1])
    const plan = keepPlan([said('text'), results('gone'), said('')])
    assert.deepEqual([plan.keep, plan.orphanResults], [[0, 1, 2], ['gone']])
  })

  test('no assistant text yet: the turn in progress is kept, so its tool results are not lost', () => {
    // An automatic compaction in the first turn, between a tool call and the next request.
    const plan = keepPlan([user('do it'), said('', 't1'), results('t1')])
    assert.deepEqual([plan.keep, plan.why], [[0, 1, 2], 'turn-in-progress'])
    // After an earlier handoff the turn starts after it: the old handoff is never kept.
    assert.deepEqual(keepPlan([handoff, said('', 't2'), results('t2')]).keep, [1, 2])
    assert.deepEqual(keepPlan([user('only a prompt')]).keep, [0])
    assert.deepEqual(keepPlan([handoff]).why, 'nothing')
    assert.deepEqual(keepPlan([]).keep, [])
  })

  test("the reader's kinds win over the rough guess", () => {
    // A user row the reader knows to be injected (meta) does not start the turn.
    const m = [user('typed prompt'), user('<system-reminder>x</system-reminder>'), said('', 't1'), results('t1')]
    assert.deepEqual(keepPlan(m, { kindOf: (i) => (i === 1 ? 'meta' : undefined) }).keep, [0, 1, 2, 3])
    assert.deepEqual(keepPlan(m).keep, [1, 2, 3])
  })

  test('a long turn still calling tools keeps its newest calls only (maxKeepChars)', () => {
    const m = [user('go'), said('', 'a'), big('a', 500), said('', 'b'), big('b', 500), said('', 'c'), big('c', 100)]
    const plan = keepPlan(m, { maxKeepChars: 700 })
    assert.deepEqual([plan.keep, plan.capped], [[3, 4, 5, 6], true])
    // Over the cap even from the last call: the last call and its result are kept all the same.
    assert.deepEqual(keepPlan(m, { maxKeepChars: 10 }).keep, [5, 6])
    assert.equal(keepPlan(m).capped, false)
  })
})
