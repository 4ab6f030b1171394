/**
 * The hooks module end to end with nothing real beneath it: the test answers every `$` call
 * (the child is a scripted stream standing in for `$.process.spawn`) and stands in for core
 * beneath `next(e)`. Run by `claude plugin test plugin`.
 */
import type { On, SessionCompactInput, SessionMessage } from 'claude-code'
import { describe, expect, mock, test } from 'claude-code/testing'

const CORE: SessionMessage = { role: 'user', text: 'CORE SUMMARY', toolUses: [] }

const messages: SessionMessage[] = [
  { role: 'user', text: 'run it', toolUses: [], handle: 'h0' },
  { role: 'assistant', text: '', toolUses: [{ tool_use_id: 't1', tool: 'Bash', input: { command: 'ls' }, text: 'a' }], handle: 'h1' },
  { role: 'user', text: '', toolUses: [], toolResults: [{ tool_use_id: 't1', text: 'a', isError: false }], handle: 'h2' },
  { role: 'assistant', text: 'It lists a.', toolUses: [], handle: 'h3' },
]

const event = (over: Partial<SessionCompactInput> = {}): SessionCompactInput => ({ trigger: 'manual', messages, ...over })

type Piece = { stream: 'stdout' | 'stderr'; text: string }
const SOCKET = '/tmp/ch-test/b.sock'
const TOKEN = 't'.repeat(48)
const line = (v: unknown): Piece => ({ stream: 'stdout', text: JSON.stringify(v) + '\n' })
const done = (over: Record<string, unknown> = {}) =>
  line({
    type: 'done',
    handoff: '<!-- compact-handoff: session=sid n=001 prev=none -->\nHANDOFF',
    messages: [],
    keep: [3],
    tokensBefore: 100,
    tokensAfter: 20,
    row: {},
    ...over,
  })

interface World {
  writes: Map<string, string>
  runs: string[][]
  spawned: Array<{ argv: readonly string[]; input?: string }>
  logs: string[]
  killed: { value: boolean }
  coreCalls: { value: number }
}

/** Everything beneath the plugin: session facts, the file system, node, core's compaction. */
function world(
  on: On,
  child: (w: World) => AsyncGenerator<Piece, { code: number | null; signal: string | null }>,
  opts: { node?: 'missing'; failWrites?: string; hookEnv?: 'deny'; env?: Record<string, string>; socket?: 'refuses' } = {},
): World {
  const w: World = { writes: new Map(), runs: [], spawned: [], logs: [], killed: { value: false }, coreCalls: { value: 0 } }
  mock.env(on, { HOME: '/home/t', COMPACT_HANDOFF_DATA_DIR: '/data', ...opts.env })
  on('session.id', () => ({ value: 'sid' }))
  on('session.cwd', () => ({ value: '/project' }))
  on('session.model', () => ({ value: 'claude-opus-5-5' }))
  on('session.usage', () => ({ value: { startedAt: 0, context: { tokens: 1234, window: 200_000, percent: 1 }, rateLimits: [] } }))
  on('process.hookEnv', () => (opts.hookEnv === 'deny' ? { deny: 'cannot make the data folder' } : { value: { CLAUDE_PLUGIN_DATA: '/plugin-data' } }))
  on('process.run', (_$, e) => {
    w.runs.push([...e.argv])
    if (e.argv[1] === '--version') {
      if (opts.node === 'missing') return { deny: 'ENOENT: Executable not found in $PATH: "node"' }
      return { value: { exitCode: 0, stdout: 'v20.20.2\n', stderr: '', isStdoutTruncated: false, isStderrTruncated: false } }
    }
    return { value: { exitCode: 0, stdout: '', stderr: '', isStdoutTruncated: false, isStderrTruncated: false } }
  })
  on('fs.list', () => ({ deny: 'ENOENT: no such directory' }))
  on('fs.exists', () => ({ value: false }))
  on('fs.write', (_$, e) => {
    if (opts.failWrites && e.path.startsWith(opts.failWrites)) return { deny: 'EACCES: permission denied' }
    w.writes.set(e.path, e.text)
    return { value: undefined }
  })
  on('ui.log', (_$, e) => {
    if (e.to !== 'debug') w.logs.push(e.text)
    return { value: undefined }
  })
  // The child's socket (plugin/hooks/bridge.ts): the scripted child prints its bridge lines, and
  // this stands in for engine/channel.ts, taking every line after the hello off its stdout and
  // serving it to the hooks module's fetches; an answer posted is written where answerOf reads it.
  const sent: unknown[] = []
  let fetched = 0
  let rundir = ''
  on('http.fetch', async (_$, e) => {
    if (opts.socket === 'refuses') return { deny: `ECONNREFUSED: ${e.init?.socketPath}` }
    if (e.init?.socketPath !== SOCKET || e.init.headers?.['x-compact-handoff-token'] !== TOKEN)
      return { value: { status: 403, ok: false, headers: {}, text: '' } }
    const url = new URL(e.url)
    if (url.pathname === '/answer') {
      const answer = JSON.parse(String(e.init.body)) as { id: number }
      w.writes.set(`${rundir}/answers/${answer.id}.json`, String(e.init.body))
      return { value: { status: 204, ok: true, headers: {}, text: '' } }
    }
    const after = Number(url.searchParams.get('after'))
    for (let i = 0; i < 6 && sent.length <= after; i++) await new Promise<void>((r) => setTimeout(r, 5))
    fetched = Math.max(fetched, sent.length)
    return { value: { status: 200, ok: true, headers: {}, text: JSON.stringify({ lines: sent.slice(after), next: sent.length }) } }
  })
  on('process.spawn', async function* (_$, e) {
    w.spawned.push({ argv: e.argv, input: e.input })
    rundir = e.argv.at(-1)!
    let buffered = ''
    let said = false
    try {
      const script = child(w)
      for (;;) {
        const r = await script.next()
        if (r.done) {
          // As the real child does: it exits once its lines are fetched.
          for (let i = 0; i < 40 && fetched < sent.length; i++) await new Promise<void>((res) => setTimeout(res, 5))
          return { value: r.value }
        }
        if (r.value.stream === 'stderr') {
          yield r.value
          continue
        }
        buffered += r.value.text
        for (let nl; (nl = buffered.indexOf('\n')) >= 0; buffered = buffered.slice(nl + 1)) {
          const text = buffered.slice(0, nl)
          let v: { type?: string } | null = null
          try {
            v = JSON.parse(text)
          } catch {
            v = null
          }
          if (!v) {
            yield { stream: 'stdout', text: `${text}\n` }
            continue
          }
          // The hello, with its socket, comes first whether the script wrote one or not.
          if (!said) {
            said = true
            yield line({ type: 'hello', pid: 1, version: 'x', ...(v.type === 'hello' ? v : {}), socket: SOCKET, token: TOKEN })
            if (v.type === 'hello') continue
          }
          sent.push(v)
        }
      }
    } finally {
      w.killed.value = true
    }
  })
  on('session.compact', () => {
    w.coreCalls.value++
    return { messages: [CORE], tokensBefore: 100, tokensAfter: 10 }
  })
  return w
}

const rowsIn = (w: World) => [...w.writes].filter(([p]) => /\/\d{3}-[^/]+\.json$/.test(p)).map(([p, t]) => ({ path: p, row: JSON.parse(t) }))

/** Resolves once `path` has been written (the child waiting for its answer file). */
async function answerOf(w: World, path: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200; i++) {
    const text = w.writes.get(path)
    if (text !== undefined) return JSON.parse(text)
    await new Promise<void>((r) => setTimeout(r, 5))
  }
  throw new Error(`no answer written at ${path}`)
}

const rundirOf = (w: World) => w.spawned[0]!.argv[3]!

describe('live', () => {
  test('answers a fork over the bridge, then hands up the handoff and the kept messages', { options: { live: true } }, async ($, on) => {
    const w = world(on, async function* (w) {
      yield line({ type: 'hello', pid: 1, version: 'x' })
      yield line({ type: 'request', id: 1, call: 'model.fork', args: { prompt: 'summarise' } })
      const answer = await answerOf(w, `${rundirOf(w)}/answers/1.json`)
      expect(answer).toEqual({
        id: 1,
        ok: true,
        value: { isAnswered: true, text: 'FORKED', usage: { input_tokens: 1, output_tokens: 2, cache_read_input_tokens: 3, cache_creation_input_tokens: 0 } },
      })
      // A done line split over two pieces.
      const d = done({ usage: { input_tokens: 1, output_tokens: 2, cache_read_input_tokens: 3, cache_creation_input_tokens: 0 } })
      yield { stream: 'stdout', text: d.text.slice(0, 30) }
      yield { stream: 'stdout', text: d.text.slice(30) }
      return { code: 0, signal: null }
    })
    on('model.fork', (_$, e) => {
      expect(e.prompt).toBe('summarise')
      return {
        value: { isAnswered: true, text: 'FORKED', usage: { input_tokens: 1, output_tokens: 2, cache_read_input_tokens: 3, cache_creation_input_tokens: 0 } },
      }
    })
    const r = await $.session.compact(event())
    expect(w.coreCalls.value).toBe(0)
    expect(r.messages?.map((m) => m.text)).toEqual(['<!-- compact-handoff: session=sid n=001 prev=none -->\nHANDOFF', 'It lists a.'])
    expect(r.messages?.every((m) => m.handle === undefined)).toBe(true)
    expect(r.skip === undefined && r.usage).toEqual({ input_tokens: 1, output_tokens: 2, cache_read_input_tokens: 3, cache_creation_input_tokens: 0 })
    // What the child was started with.
    const { argv, input } = w.spawned[0]!
    expect(argv[0]).toBe('node')
    expect(argv[1]).toMatch(/\/dist\/compact-handoff\.mjs$/)
    expect(argv[2]).toBe('engine')
    expect(argv[3]).toMatch(/^\/plugin-data\/runs\//)
    const sent = JSON.parse(input!)
    expect(sent).toMatchObject({ trigger: 'manual', sessionId: 'sid', cwd: '/project', model: 'claude-opus-5-5', contextWindow: 200_000, contextTokens: 1234 })
    expect(sent.settings).toMatchObject({ live: true, dataDir: '/data', nodePath: 'node' })
    expect(sent.messages.length).toBe(4)
    expect(rowsIn(w)).toEqual([])
  })

  test('a Read request runs the Read tool; the answer is its text', { options: { live: true } }, async ($, on) => {
    const w = world(on, async function* (w) {
      yield line({ type: 'request', id: 7, call: 'files.read', args: { path: '/project/a.ts', limit: 5 } })
      const answer = await answerOf(w, `${rundirOf(w)}/answers/7.json`)
      expect(answer).toEqual({ id: 7, ok: true, value: { ok: true, text: '1\tconst a = 1' } })
      yield done()
      return { code: 0, signal: null }
    })
    on('tool.call', (_$, e) => {
      expect(e).toMatchObject({ tool: 'Read', file_path: '/project/a.ts', limit: 5 })
      return { result: { type: 'text', file: { filePath: '/project/a.ts', content: 'const a = 1' } }, text: '1\tconst a = 1' } as never
    })
    const r = await $.session.compact(event())
    expect(r.messages?.[0]?.text).toContain('HANDOFF')
    expect(w.coreCalls.value).toBe(0)
  })

  test('a call the child gave up on is cancelled and not answered', { options: { live: true } }, async ($, on) => {
    let aborted = false
    const w = world(on, async function* () {
      yield line({ type: 'request', id: 1, call: 'model.complete', args: { prompt: 'p', model: 'haiku' } })
      await new Promise<void>((r) => setTimeout(r, 20))
      yield line({ type: 'cancel', id: 1 })
      await new Promise<void>((r) => setTimeout(r, 300))
      yield done()
      return { code: 0, signal: null }
    })
    on('model.complete', async (_$, _e, _next) => {
      // The engine's own call would resolve `aborted`; this one takes long enough for the cancel,
      // fetched from the child's socket, to have come first.
      await new Promise<void>((r) => setTimeout(r, 200))
      aborted = true
      return {
        value: {
          isAnswered: false,
          reason: 'aborted',
          usage: { input_tokens: 0, output_tokens: 0, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
        },
      }
    })
    await $.session.compact(event())
    expect(aborted).toBe(true)
    expect([...w.writes.keys()].some((p) => p.endsWith('/answers/1.json'))).toBe(false)
  })
})

describe('rehearsal (the default)', () => {
  test('the child runs, then the engine compacts as it always does', async ($, on) => {
    const w = world(on, async function* () {
      yield done()
      return { code: 0, signal: null }
    })
    const r = await $.session.compact(event())
    expect(w.spawned.length).toBe(1)
    expect(JSON.parse(w.spawned[0]!.input!).settings.live).toBe(false)
    expect(w.coreCalls.value).toBe(1)
    expect(r.messages).toEqual([CORE])
  })

  const AT = '2026-03-04T05:06:07.089Z'
  const STEM = 'rehearsals/sid/001-2026-03-04T05-06-07-089Z'
  const pending = line({
    type: 'pending',
    row: `${STEM}.json`,
    dataDir: '/data',
    n: 1,
    prev: null,
    at: AT,
    files: { handoff: null, summary: null, transcript: `${STEM}.transcript.md`, row: `${STEM}.json` },
    sizes: {},
  })
  const compacted = async (w: World) => {
    for (let i = 0; i < 200 && w.coreCalls.value === 0; i++) await new Promise<void>((r) => setTimeout(r, 5))
  }

  test('the engine compacts without waiting for the late part; a fork asked for after it is refused as nothing-to-fork', async ($, on) => {
    let forks = 0
    on('model.fork', () => {
      forks++
      return {
        value: { isAnswered: true, text: 'FORKED', usage: { input_tokens: 1, output_tokens: 1, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 } },
      }
    })
    const w = world(on, async function* (w) {
      yield pending
      await compacted(w)
      yield line({ type: 'request', id: 1, call: 'model.fork', args: { prompt: 'summarise' } })
      await answerOf(w, `${rundirOf(w)}/answers/1.json`)
      yield done()
      return { code: 0, signal: null }
    })
    const r = await $.session.compact(event())
    expect(r.messages).toEqual([CORE])
    expect(JSON.parse(w.spawned[0]!.input!).late).toBe(true)
    const answer = await answerOf(w, `${rundirOf(w)}/answers/1.json`)
    expect(answer.ok).toBe(true)
    expect((answer.value as { isAnswered: boolean; reason: string }).isAnswered).toBe(false)
    expect((answer.value as { reason: string }).reason).toMatch(/^nothing-to-fork: the engine had compacted before this fork was asked for/)
    expect(forks).toBe(0)
  })

  test('a late part killed after its pending row: the hook completes the row with why', async ($, on) => {
    const w = world(on, async function* (w) {
      yield pending
      await compacted(w)
      return { code: null, signal: 'SIGKILL' }
    })
    const r = await $.session.compact(event())
    expect(r.messages).toEqual([CORE])
    const late = `/data/${STEM}.late.json`
    const row = await answerOf(w, late)
    expect(row.outcome).toBe('fallback')
    expect(row.mode).toBe('rehearsal')
    expect(row.writtenBy).toBe('hooks')
    expect(row.reason).toMatch(/^late-part: child-crashed: the pipeline was killed by SIGKILL before answering \(after the engine had compacted/)
    expect(row.lineage).toEqual({ n: 1, prev: null })
    expect(row.at).toBe(AT)
    expect(row.files).toEqual({ handoff: null, summary: null, transcript: `${STEM}.transcript.md`, row: `${STEM}.late.json` })
    expect([...w.writes.keys()].filter((p) => /\/\d{3}-[^/.]+\.json$/.test(p))).toEqual([])
  })

  test('COMPACT_HANDOFF_LIVE=1 makes it live', async ($, on) => {
    const w = world(
      on,
      async function* () {
        yield done()
        return { code: 0, signal: null }
      },
      { env: { COMPACT_HANDOFF_LIVE: '1' } },
    )
    const r = await $.session.compact(event())
    expect(w.coreCalls.value).toBe(0)
    expect(r.messages?.[0]?.text).toContain('HANDOFF')
  })
})

describe('fallbacks: the engine compacts, a row says why', () => {
  test('the child crashes', { options: { live: true } }, async ($, on) => {
    const w = world(on, async function* () {
      yield { stream: 'stderr', text: 'TypeError: boom\n    at x (y.js:1)\n' }
      return { code: 70, signal: null }
    })
    const r = await $.session.compact(event())
    expect(r.messages).toEqual([CORE])
    const rows = rowsIn(w)
    expect(rows.length).toBe(1)
    expect(rows[0]!.path).toMatch(/^\/data\/sessions\/sid\/001-.+\.json$/)
    expect(rows[0]!.row).toMatchObject({ outcome: 'fallback', mode: 'live', writtenBy: 'hooks', lineage: { n: 1, prev: null } })
    expect(rows[0]!.row.reason).toMatch(/^child-crashed: the pipeline exited with code 70 before answering \(TypeError: boom/)
    // Appended to the data dir's index and the session's runs.jsonl, from a one-line file written first.
    const append = w.runs.find((a) => a[0] === 'sh' && a.includes('/data/index.jsonl'))!
    expect(append.slice(4)).toEqual([expect.stringMatching(/^\/data\/sessions\/sid\/\.001-.+\.line$/), '/data/index.jsonl', '/data/sessions/sid/runs.jsonl'])
    expect(JSON.parse(w.writes.get(append[4]!)!)).toEqual(rows[0]!.row)
    expect(rows[0]!.row.files).toEqual({ handoff: null, summary: null, transcript: null, row: expect.stringMatching(/^sessions\/sid\/001-.+\.json$/) })
  })

  test('the child hangs past childTimeoutMs: it is stopped', { options: { live: true, childTimeoutMs: 150 } }, async ($, on) => {
    const w = world(on, async function* () {
      yield line({ type: 'hello', pid: 1, version: 'x' })
      // Alive and silent on stdout; a real child is killed at once, this one stops at its next piece.
      for (;;) {
        await new Promise<void>((r) => setTimeout(r, 20))
        yield { stream: 'stderr', text: '.' }
      }
    })
    const r = await $.session.compact(event())
    expect(r.messages).toEqual([CORE])
    expect(w.killed.value).toBe(true)
    expect(rowsIn(w)[0]!.row.reason).toBe('timeout: the pipeline gave no answer within 150 ms (childTimeoutMs)')
  })

  test("the child's socket refuses the hooks module and the child goes on: it is stopped, the row says why", { options: { live: true } }, async ($, on) => {
    const w = world(
      on,
      async function* () {
        yield line({ type: 'hello', pid: 1, version: 'x' })
        for (;;) {
          await new Promise<void>((r) => setTimeout(r, 20))
          yield { stream: 'stderr', text: '.' }
        }
      },
      { socket: 'refuses' },
    )
    const r = await $.session.compact(event())
    expect(r.messages).toEqual([CORE])
    expect(w.killed.value).toBe(true)
    expect(rowsIn(w)[0]!.row.reason).toMatch(
      /^child-stream-failed: the child's socket failed \(.*ECONNREFUSED: \/tmp\/ch-test\/b\.sock.*\) and the child went on$/,
    )
  })

  test('node is missing: no child, the row says so', async ($, on) => {
    const w = world(
      on,
      async function* () {
        return { code: 0, signal: null }
      },
      { node: 'missing' },
    )
    const r = await $.session.compact(event())
    expect(r.messages).toEqual([CORE])
    expect(w.spawned.length).toBe(0)
    const rows = rowsIn(w)
    expect(rows[0]!.path).toMatch(/^\/data\/rehearsals\/sid\//)
    expect(rows[0]!.row.reason).toMatch(/^node-missing: "node" did not start: .*ENOENT/)
    expect(rows[0]!.row.code).toBe('node-missing')
  })

  test('the child failed and wrote its own row: no second row', { options: { live: true } }, async ($, on) => {
    const w = world(on, async function* () {
      yield line({ type: 'failed', code: 'empty-handoff', reason: 'empty-handoff: nothing', rowWritten: true })
      return { code: 1, signal: null }
    })
    const r = await $.session.compact(event())
    expect(r.messages).toEqual([CORE])
    expect(rowsIn(w)).toEqual([])
  })

  test('the data dir refuses the row: it goes to the plugin data folder, naming both reasons', { options: { live: true } }, async ($, on) => {
    const w = world(
      on,
      async function* () {
        yield line({ type: 'failed', code: 'store-unwritable', reason: 'store-unwritable: EACCES', rowWritten: false })
        return { code: 1, signal: null }
      },
      { failWrites: '/data/' },
    )
    await $.session.compact(event())
    const rows = rowsIn(w)
    expect(rows.length).toBe(1)
    expect(rows[0]!.path).toMatch(/^\/plugin-data\/rows\/sessions\/sid\/001-/)
    expect(rows[0]!.row.reason).toMatch(/^store-unwritable: EACCES; the data dir \/data refused the row \(.*EACCES/)
  })

  test('the hook itself throws: its .catch lets the engine compact', { options: { live: true } }, async ($, on) => {
    const w = world(
      on,
      async function* () {
        yield done()
        return { code: 0, signal: null }
      },
      { hookEnv: 'deny' },
    )
    const r = await $.session.compact(event())
    expect(r.messages).toEqual([CORE])
    expect(w.coreCalls.value).toBe(1)
    expect(rowsIn(w)[0]!.row.reason).toMatch(/^hook-throw: .*cannot make the data folder/)
    expect(rowsIn(w)[0]!.row.code).toBe('hook-throw')
  })
})

describe('not ours', () => {
  test('precompute is declined, so every real compaction comes through the hook', async ($, on) => {
    const w = world(on, async function* () {
      return { code: 0, signal: null }
    })
    const r = await $.session.compact(event({ trigger: 'precompute' }))
    expect(r.skip).toContain('compact-handoff')
    expect(w.coreCalls.value).toBe(0)
    expect(w.spawned.length).toBe(0)
  })

  test("a subagent's compaction passes through", { options: { live: true } }, async ($, on) => {
    const w = world(on, async function* () {
      yield done()
      return { code: 0, signal: null }
    })
    const r = await $.session.compact(event({ trigger: 'auto', agentId: 'agent-1' }))
    expect(r.messages).toEqual([CORE])
    expect(w.spawned.length).toBe(0)
  })

  test("with subagents on, a subagent's compaction is ours", { options: { live: true, subagents: true } }, async ($, on) => {
    const w = world(on, async function* () {
      yield done()
      return { code: 0, signal: null }
    })
    const r = await $.session.compact(event({ trigger: 'auto', agentId: 'agent-1' }))
    expect(r.messages?.[0]?.text).toContain('HANDOFF')
    expect(JSON.parse(w.spawned[0]!.input!).agentId).toBe('agent-1')
  })

  test("trigger 'plugin' is handled like manual", { options: { live: true } }, async ($, on) => {
    const w = world(on, async function* () {
      yield done()
      return { code: 0, signal: null }
    })
    const r = await $.session.compact(event({ trigger: 'plugin' }))
    expect(r.messages?.[0]?.text).toContain('HANDOFF')
    expect(w.coreCalls.value).toBe(0)
  })
})

describe('session.start', () => {
  test('node missing: the person is told once, with how to fix it', async ($, on) => {
    const w = world(
      on,
      async function* () {
        return { code: 0, signal: null }
      },
      { node: 'missing' },
    )
    mock.clock(on, { now: 1_700_000_000_000 })
    on('session.start', () => ({ cwd: '/project' }))
    await $.session.start({ cwd: '/project', surface: null, isInteractive: false } as never)
    // Probed when first needed: the first compaction tells, the next does not probe or tell again.
    expect(w.logs).toEqual([])
    await $.session.compact(event())
    expect(w.logs.length).toBe(1)
    expect(w.logs[0]).toContain('Node.js 20 or later')
    await $.session.compact(event())
    expect(w.logs.length).toBe(1)
    expect(w.runs.filter((a) => a[1] === '--version').length).toBe(1)
  })

  test('node present: nothing is said', async ($, on) => {
    const w = world(on, async function* () {
      return { code: 0, signal: null }
    })
    mock.clock(on, { now: 1_700_000_000_000 })
    on('session.start', () => ({ cwd: '/project' }))
    await $.session.start({ cwd: '/project', surface: null, isInteractive: false } as never)
    await $.session.compact(event())
    expect(w.logs).toEqual([])
  })
})
