import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { setTimeout as sleep } from 'node:timers/promises'
import { createBridge } from './bridge.ts'
import type { ChildLine } from '../plugin/hooks/protocol.ts'

const made: string[] = []
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })))

function lab() {
  const rundir = mkdtempSync(join(tmpdir(), 'ch-bridge-'))
  made.push(rundir)
  const sent: ChildLine[] = []
  const bridge = createBridge({ rundir, send: (l) => sent.push(l), pollMs: 20 })
  const answer = (id: number, body: unknown) => writeFileSync(join(rundir, 'answers', `${id}.json`), JSON.stringify(body))
  return { rundir, sent, bridge, answer }
}

describe('engine bridge (child side)', () => {
  test('a request goes out as a line; its answer file resolves it', async () => {
    const { sent, bridge, answer } = lab()
    const p = bridge.request('model.fork', { prompt: 'hi' })
    assert.deepEqual(sent, [{ type: 'request', id: 1, call: 'model.fork', args: { prompt: 'hi' } }])
    answer(1, { id: 1, ok: true, value: { isAnswered: true, text: 'yo' } })
    assert.deepEqual(await p, { isAnswered: true, text: 'yo' })
    assert.equal(bridge.pending, 0)
    bridge.close()
  })

  test('answers may come in any order', async () => {
    const { bridge, answer } = lab()
    const a = bridge.request('files.read', { path: '/a' })
    const b = bridge.request('files.read', { path: '/b' })
    answer(2, { id: 2, ok: true, value: { ok: true, text: 'B' } })
    answer(1, { id: 1, ok: true, value: { ok: true, text: 'A' } })
    assert.deepEqual(await Promise.all([a, b]), [
      { ok: true, text: 'A' },
      { ok: true, text: 'B' },
    ])
    bridge.close()
  })

  test('an error answer rejects, naming the call', async () => {
    const { bridge, answer } = lab()
    const p = bridge.request('model.complete', { prompt: 'x', model: 'haiku' })
    answer(1, { id: 1, ok: false, error: 'maxTokens past the limit' })
    await assert.rejects(p, /model\.complete: maxTokens past the limit/)
    bridge.close()
  })

  test('a torn answer (still being written) is read again once whole', async () => {
    const { rundir, bridge } = lab()
    const p = bridge.request('model.fork', { prompt: 'x' })
    const file = join(rundir, 'answers', '1.json')
    const whole = JSON.stringify({ id: 1, ok: true, value: { isAnswered: true, text: 'whole' } })
    writeFileSync(file, whole.slice(0, 20))
    await sleep(60)
    assert.equal(bridge.pending, 1)
    writeFileSync(file, whole)
    assert.deepEqual(await p, { isAnswered: true, text: 'whole' })
    bridge.close()
  })

  test('an abort stops the wait and tells the hooks module to cancel', async () => {
    const { sent, bridge } = lab()
    const stop = new AbortController()
    const p = bridge.request('model.complete', { prompt: 'x', model: 'haiku' }, stop.signal)
    stop.abort(new Error('section timed out'))
    await assert.rejects(p, /section timed out/)
    assert.deepEqual(sent.at(-1), { type: 'cancel', id: 1 })
    assert.equal(bridge.pending, 0)
    bridge.close()
  })

  test('closing rejects what still waits', async () => {
    const { bridge } = lab()
    const p = bridge.request('model.fork', { prompt: 'x' })
    bridge.close()
    await assert.rejects(p, /closed before an answer/)
    await assert.rejects(bridge.request('model.fork', { prompt: 'y' }), /closed/)
  })
})
