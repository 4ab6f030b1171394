import assert from 'node:assert/strict'
import { request } from 'node:http'
import { existsSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { describe, test } from 'node:test'
import { createBridge } from './bridge.ts'
import { type Channel, HOLD_MS, openChannel } from './channel.ts'
import { BRIDGE_PATHS, BRIDGE_TOKEN_HEADER, type ChildLine, type LinesAnswer } from '../plugin/hooks/protocol.ts'

function lab() {
  const sent: ChildLine[] = []
  const bridge = createBridge({ send: (l) => sent.push(l) })
  return { sent, bridge }
}

describe('engine bridge (child side)', () => {
  test('a request goes out as a line; its answer resolves it', async () => {
    const { sent, bridge } = lab()
    const p = bridge.request('model.fork', { prompt: 'hi' })
    assert.deepEqual(sent, [{ type: 'request', id: 1, call: 'model.fork', args: { prompt: 'hi' } }])
    bridge.answer({ id: 1, ok: true, value: { isAnswered: true, text: 'yo' } })
    assert.deepEqual(await p, { isAnswered: true, text: 'yo' })
    assert.equal(bridge.pending, 0)
    bridge.close()
  })

  test('answers may come in any order; one for nobody waiting is dropped', async () => {
    const { bridge } = lab()
    const a = bridge.request('files.read', { path: '/a' })
    const b = bridge.request('files.read', { path: '/b' })
    bridge.answer({ id: 2, ok: true, value: { ok: true, text: 'B' } })
    bridge.answer({ id: 9, ok: true, value: { ok: true, text: 'stray' } })
    bridge.answer({ id: 1, ok: true, value: { ok: true, text: 'A' } })
    assert.deepEqual(await Promise.all([a, b]), [
      { ok: true, text: 'A' },
      { ok: true, text: 'B' },
    ])
    bridge.close()
  })

  test('an error answer rejects, naming the call', async () => {
    const { bridge } = lab()
    const p = bridge.request('model.complete', { prompt: 'x', model: 'haiku' })
    bridge.answer({ id: 1, ok: false, error: 'maxTokens past the limit' })
    await assert.rejects(p, /model\.complete: maxTokens past the limit/)
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

/** One call on the channel's socket, as `$.http.fetch` with socketPath makes it. */
function call(ch: Channel, method: string, path: string, opts: { token?: string; body?: string } = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: ch.socketPath, method, path, headers: { [BRIDGE_TOKEN_HEADER]: opts.token ?? ch.token } }, (res) => {
      let text = ''
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', reject)
    req.end(opts.body)
  })
}
const lines = async (ch: Channel, after: number) => JSON.parse((await call(ch, 'GET', `${BRIDGE_PATHS.lines}?after=${after}`)).text) as LinesAnswer

describe('engine channel: the bridge over the child socket', () => {
  test('lines are fetched in order from where the caller left off', async () => {
    const ch = await openChannel()
    try {
      ch.send({ type: 'cancel', id: 1 })
      ch.send({ type: 'cancel', id: 2 })
      assert.deepEqual(await lines(ch, 0), {
        lines: [
          { type: 'cancel', id: 1 },
          { type: 'cancel', id: 2 },
        ],
        next: 2,
      })
      assert.deepEqual((await lines(ch, 1)).lines, [{ type: 'cancel', id: 2 }])
    } finally {
      await ch.close()
    }
  })

  test('a fetch with nothing new is held until a line comes, or for HOLD_MS', async () => {
    const ch = await openChannel()
    try {
      const started = Date.now()
      const held = lines(ch, 0)
      setTimeout(() => ch.send({ type: 'cancel', id: 7 }), 100)
      assert.deepEqual((await held).lines, [{ type: 'cancel', id: 7 }])
      const waited = Date.now() - started
      assert.ok(waited >= 90 && waited < HOLD_MS, String(waited))
      const empty = Date.now()
      assert.deepEqual(await lines(ch, 1), { lines: [], next: 1 })
      assert.ok(Date.now() - empty >= HOLD_MS - 10)
    } finally {
      await ch.close()
    }
  })

  test('an answer posted reaches the handler, even one posted before it was set', async () => {
    const ch = await openChannel()
    try {
      const got: unknown[] = []
      assert.equal((await call(ch, 'POST', BRIDGE_PATHS.answer, { body: JSON.stringify({ id: 1, ok: true, value: 'early' }) })).status, 204)
      ch.onAnswer((a) => got.push(a))
      await call(ch, 'POST', BRIDGE_PATHS.answer, { body: JSON.stringify({ id: 2, ok: false, error: 'no' }) })
      assert.deepEqual(got, [
        { id: 1, ok: true, value: 'early' },
        { id: 2, ok: false, error: 'no' },
      ])
      assert.equal((await call(ch, 'POST', BRIDGE_PATHS.answer, { body: '{torn' })).status, 400)
    } finally {
      await ch.close()
    }
  })

  test('without the token nothing is read or answered: a section that finds the socket forges nothing', async () => {
    const ch = await openChannel()
    try {
      const got: unknown[] = []
      ch.onAnswer((a) => got.push(a))
      ch.send({ type: 'cancel', id: 1 })
      assert.equal((await call(ch, 'GET', `${BRIDGE_PATHS.lines}?after=0`, { token: 'guess' })).status, 403)
      assert.equal((await call(ch, 'POST', BRIDGE_PATHS.answer, { token: '', body: JSON.stringify({ id: 1, ok: true, value: 'forged' }) })).status, 403)
      assert.deepEqual(got, [])
    } finally {
      await ch.close()
    }
  })

  test('drained waits for the last line to be fetched; close removes the socket and its folder', async () => {
    const ch = await openChannel()
    assert.equal(statSync(dirname(ch.socketPath)).mode & 0o777, 0o700)
    ch.send({ type: 'cancel', id: 1 })
    let drained = false
    const d = ch.drained(5_000).then(() => (drained = true))
    await new Promise((r) => setTimeout(r, 50))
    assert.equal(drained, false)
    await lines(ch, 0)
    await d
    await ch.close()
    assert.equal(existsSync(dirname(ch.socketPath)), false)
  })
})
