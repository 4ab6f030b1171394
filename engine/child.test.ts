import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { HandoffResult } from '../pipeline/types.ts'
import { type buildHandoff, configProblemsAhead } from '../pipeline/build.ts'
import { readEngineMessages } from '../pipeline/transcript.ts'
import type { Bridge } from './bridge.ts'
import { rowCost, runEngine, runningAgentsOf } from './child.ts'
import { hooksSide } from '../test/hooks-side.ts'
import { builtinsOff } from '../test/builtins-off.ts'
import type { ChildLine, DoneLine, EngineInput, EngineMessage, FailedLine } from '../plugin/hooks/protocol.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const made: string[] = []
const tmp = (p: string) => {
  const d = mkdtempSync(join(tmpdir(), p))
  made.push(d)
  return d
}
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })))

const messages: EngineMessage[] = [
  { role: 'user', text: 'run the check', toolUses: [], handle: 'h0' },
  { role: 'assistant', text: '', toolUses: [{ tool_use_id: 't1', tool: 'Bash', input: { command: 'echo ok' } }], handle: 'h1' },
  { role: 'user', text: '', toolUses: [], toolResults: [{ tool_use_id: 't1', text: 'ok', isError: false }], handle: 'h2' },
  { role: 'assistant', text: 'It printed ok.', toolUses: [], handle: 'h3' },
]

function input(over: Partial<EngineInput> = {}, settings: Partial<EngineInput['settings']> = {}): EngineInput {
  return {
    trigger: 'manual',
    sessionId: 'sess-1',
    cwd: tmpdir(),
    model: 'claude-opus-5-5',
    contextWindow: 200_000,
    messages,
    settings: {
      live: true,
      dataDir: tmp('ch-engine-data-'),
      maxChars: 0,
      maxFraction: 0,
      subagents: false,
      childTimeoutMs: 5_000,
      nodePath: 'node',
      ...settings,
    },
    pluginRoot: '/plugin',
    pluginVersion: '9.9.9',
    ...over,
  }
}

/** A pipeline stand-in: one kept section whose body is what `make` returns. */
function stubBuild(make: (opts: Parameters<typeof buildHandoff>[0]) => Promise<string> | string): typeof buildHandoff {
  return async (opts) => {
    const body = await make(opts)
    const handoff = body
      ? `<!-- compact-handoff: session=${opts.input.sessionId} n=${String(opts.input.lineage!.n).padStart(3, '0')} prev=none -->\n${body}`
      : ''
    const result: HandoffResult = {
      handoff,
      marker: '',
      lineage: opts.input.lineage!,
      messages: [],
      sections: [{ status: 'ok', name: 'stub', title: 'Stub', body, chars: body.length, ms: 1, notes: [], messages: [] }],
      totalChars: handoff.length,
      summaryLine: '1 of 1 sections kept',
      seam: [],
      notes: [],
      ms: 2,
    } as unknown as HandoffResult
    return { result, configProblems: [] }
  }
}

const stubRead = (() => ({ source: 'engine', messages: [], boundaries: [], malformed: { count: 0, lines: [] } })) as never

/** `hook` sees each line, and answers a request with `answer`, as the hooks module would. */
async function run(raw: unknown, build: typeof buildHandoff, fault?: 'empty', hook?: (line: ChildLine, answer: Bridge['answer']) => void) {
  const rundir = join(tmp('ch-engine-run-'), 'run')
  const lines: ChildLine[] = []
  let bridge: Bridge | null = null
  const ok = await runEngine(raw, {
    rundir,
    connect: (b) => (bridge = b),
    send: (l) => {
      lines.push(l)
      hook?.(l, (a) => bridge!.answer(a))
    },
    build,
    readMessages: stubRead,
    fault,
    env: {},
  })
  return { ok, lines, last: lines.at(-1)!, rundir }
}

const rowOf = (dataDir: string, rel: string) => JSON.parse(readFileSync(join(dataDir, rel), 'utf8'))

describe('engine child: runEngine', () => {
  test('live: stores the handoff and its row, answers done with what to keep', async () => {
    const inp = input()
    const { ok, last, rundir } = await run(
      inp,
      stubBuild(() => 'BODY'),
    )
    assert.equal(ok, true)
    const done = last as DoneLine
    assert.equal(done.type, 'done')
    assert.match(done.handoff, /^<!-- compact-handoff: session=sess-1 n=001 prev=none -->\nBODY$/)
    assert.deepEqual(done.keep, [3])
    const row = rowOf(inp.settings.dataDir, (done.row.files as { row: string }).row)
    assert.equal(row.mode, 'live')
    assert.equal(row.outcome, 'replaced')
    assert.equal(row.reason, null)
    assert.deepEqual(row.lineage, { n: 1, prev: null })
    assert.equal(row.pluginVersion, '9.9.9')
    assert.equal(readFileSync(join(inp.settings.dataDir, row.files.handoff), 'utf8'), done.handoff)
    assert.equal(existsSync(rundir), false, 'the run folder is removed before the answer')
  })

  test('rehearsal: the same work, stored under rehearsals/, outcome rehearsed', async () => {
    const inp = input({}, { live: false })
    const { last } = await run(
      inp,
      stubBuild(() => 'BODY'),
    )
    const done = last as DoneLine
    assert.match((done.row.files as { row: string }).row, /^rehearsals\/sess-1\/001-/)
    assert.equal(done.row.outcome, 'rehearsed')
  })

  test('the second compaction of a session is n=2, prev=1', async () => {
    const inp = input()
    await run(
      inp,
      stubBuild(() => 'one'),
    )
    const { last } = await run(
      inp,
      stubBuild(() => 'two'),
    )
    assert.deepEqual((last as DoneLine).row.lineage, { n: 2, prev: 1 })
    assert.match((last as DoneLine).handoff, /n=002/)
  })

  test('an empty handoff is a fallback, with the row saying so', async () => {
    const inp = input()
    const { ok, last } = await run(
      inp,
      stubBuild(() => 'BODY'),
      'empty',
    )
    assert.equal(ok, false)
    const failed = last as FailedLine
    assert.equal(failed.type, 'failed')
    assert.match(failed.reason, /^empty-handoff: /)
    assert.equal(failed.rowWritten, true)
    const index = readFileSync(join(inp.settings.dataDir, 'index.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    assert.equal(index.length, 1)
    assert.equal(index[0].outcome, 'fallback')
    assert.match(index[0].reason, /^empty-handoff/)
    assert.equal(index[0].files.handoff, null)
  })

  test('a pipeline that throws is a fallback that names the error', async () => {
    const inp = input()
    const { last } = await run(
      inp,
      stubBuild(() => {
        throw new Error('config exploded')
      }),
    )
    assert.deepEqual(last, { type: 'failed', code: 'pipeline-threw', reason: 'pipeline-threw: config exploded', rowWritten: true })
  })

  test('an unusable data dir fails without a row (the hooks module writes it elsewhere)', async () => {
    const file = join(tmp('ch-engine-'), 'a-file')
    writeFileSync(file, 'x')
    const inp = input({}, { dataDir: join(file, 'data') })
    const { last } = await run(
      inp,
      stubBuild(() => 'BODY'),
    )
    assert.equal((last as FailedLine).rowWritten, false)
    assert.match((last as FailedLine).reason, /^store-unreadable: ENOTDIR/)
  })

  test(
    'a read-only data dir: the handoff is not handed up when it cannot be stored',
    { skip: process.getuid?.() === 0 ? 'root ignores file modes' : false },
    async () => {
      const dataDir = tmp('ch-engine-ro-')
      chmodSync(dataDir, 0o500)
      const { last } = await run(
        input({}, { dataDir }),
        stubBuild(() => 'BODY'),
      )
      assert.match((last as FailedLine).reason, /^store-unwritable: /)
    },
  )

  test('input that is not an engine event is refused', async () => {
    const { last } = await run(
      { hello: 1 },
      stubBuild(() => 'x'),
    )
    assert.equal(last.type, 'failed')
    assert.match((last as FailedLine).reason, /^bad-input: missing or malformed sessionId, cwd, messages, settings\.dataDir, trigger$/)
  })

  test('nothing-to-fork passes through to the section unchanged: no completion here, the row says why', async () => {
    const inp = input()
    const seen: string[] = []
    const hook = (line: ChildLine, answer: Bridge['answer']) => {
      if (line.type !== 'request') return
      seen.push(line.call)
      // Anything but a fork is answered too, so a retry here would succeed and be seen.
      const value =
        line.call === 'model.fork'
          ? { isAnswered: false, reason: 'nothing-to-fork' }
          : { isAnswered: true, text: 'COLD', usage: { input_tokens: 5, output_tokens: 7, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 } }
      setTimeout(() => answer({ id: line.id, ok: true, value }), 5)
    }
    let answer: unknown
    const { last } = await run(
      inp,
      stubBuild(async ({ capabilities }) => {
        answer = await capabilities.model!.fork({ prompt: 'summarise' }, new AbortController().signal)
        return 'the section fell back on its own'
      }),
      undefined,
      hook,
    )
    assert.deepEqual(seen, ['model.fork'], "one fork request, and no completion made on the section's behalf")
    assert.deepEqual(answer, { isAnswered: false, reason: 'nothing-to-fork' }, "the section gets the engine's answer as it came")
    const done = last as DoneLine
    assert.equal(done.type, 'done')
    assert.equal(done.usage, undefined, 'no call reported usage')
    const model = done.row.model as { path: string | null; calls: Array<{ call: string; answeredBy: string | null; reason: string | null; usage: unknown }> }
    assert.equal(model.path, null, 'no engine call answered')
    assert.deepEqual(
      model.calls.map((c) => [c.call, c.answeredBy, c.reason, c.usage]),
      [['fork', null, 'nothing-to-fork', null]],
    )
  })

  test("a section's record (model facts included) is on its row in the store, whole, and the row sums the costs", async () => {
    const inp = input()
    const build: typeof buildHandoff = async (opts) => {
      const { result, configProblems } = await stubBuild(() => 'body')(opts)
      const cost = { usd: 0.00012, basis: 'measured' }
      const usage = { inputTokens: 5, outputTokens: 7, cacheReadTokens: 0, cacheWriteTokens: 0 }
      result.sections = [
        {
          ...result.sections[0]!,
          name: 'summary',
          record: {
            path: 'complete',
            warm: false,
            model: 'claude-opus-5-5',
            usage,
            cost,
            replyChars: 4,
            cold: { forkReason: 'nothing-to-fork' },
            restoreFiles: [],
          },
        },
        {
          status: 'dropped',
          name: 'commitments',
          title: 'C',
          code: 'SECTION_MODEL_FAILED',
          message: 'api-error',
          ms: 3,
          notes: [],
          record: {
            path: 'complete',
            warm: false,
            model: 'claude-opus-5-5',
            usage: null,
            cost: { usd: null, reason: 'no answer', basis: 'unpriced' },
            replyChars: null,
          },
        },
        { ...result.sections[0]!, name: 'turns', record: { turns: 1 } },
      ] as HandoffResult['sections']
      return { result, configProblems }
    }
    const { last } = await run(inp, build)
    const done = last as DoneLine
    assert.equal(done.type, 'done', JSON.stringify(done))
    const stored = rowOf(inp.settings.dataDir, (done.row as { files: { row: string } }).files.row)
    const [summary, commitments, turns] = stored.sections
    assert.deepEqual(summary.record, {
      path: 'complete',
      warm: false,
      model: 'claude-opus-5-5',
      usage: { inputTokens: 5, outputTokens: 7, cacheReadTokens: 0, cacheWriteTokens: 0 },
      cost: { usd: 0.00012, basis: 'measured' },
      replyChars: 4,
      cold: { forkReason: 'nothing-to-fork' },
      restoreFiles: [],
    })
    assert.deepEqual(
      [commitments.code, commitments.message, commitments.record.cost],
      ['SECTION_MODEL_FAILED', 'api-error', { usd: null, reason: 'no answer', basis: 'unpriced' }],
    )
    assert.deepEqual(turns.record, { turns: 1 })
    // One section's call could not be priced: the total is null with the reason, the priced part beside it.
    assert.deepEqual(stored.cost, { usd: null, reason: 'commitments: no answer', pricedUsd: 0.00012, basis: "sum of the sections' recorded costs" })
  })
})

describe('engine child: agents still running', () => {
  test('an Agent call the engine handed over without a result is an agent still running; none found, none claimed', () => {
    const t = readEngineMessages([
      { role: 'user', text: 'look into both', toolUses: [] },
      {
        role: 'assistant',
        text: '',
        toolUses: [
          { tool_use_id: 'toolu_a', tool: 'Agent', input: { description: 'survey the docs', prompt: 'read every page' } },
          { tool_use_id: 'toolu_b', tool: 'Agent', input: { description: 'run the e2e suite' } },
          { tool_use_id: 'toolu_c', tool: 'Bash', input: { command: 'sleep 100' } },
        ],
      },
      { role: 'user', text: '', toolUses: [], toolResults: [{ tool_use_id: 'toolu_b', text: 'suite passed', isError: false }] },
    ])
    assert.deepEqual(runningAgentsOf(t), { runningAgents: [{ id: 'toolu_a', description: 'survey the docs' }] })
    assert.deepEqual(runningAgentsOf(readEngineMessages([{ role: 'user', text: 'hi', toolUses: [] }])), {})
  })
})

describe("engine child: the row's cost", () => {
  test('a billed call no section accounts for makes the cost null with the reason, never 0', () => {
    const result = {
      sections: [{ name: 'turns', title: 'T', status: 'ok', body: 'b', chars: 1, messages: [], ms: 1, notes: [], record: { turns: 1 } }],
    } as unknown as HandoffResult
    assert.deepEqual(rowCost(result, []), { usd: 0, basis: 'no model call was answered' })
    const r = rowCost(result, [{ answeredBy: 'fork' }])
    assert.equal(r.usd, null)
    assert.match(r.reason!, /1 model call\(s\) answered, 0 on a section's record/)
    assert.deepEqual(rowCost(result, [{ answeredBy: null }]), { usd: 0, basis: 'no model call was answered' })
  })

  test("matched by the section that made each call: another section's cost does not cover it", () => {
    const result = {
      sections: [
        { name: 'summary', title: 'S', status: 'ok', body: 'b', chars: 1, messages: [], ms: 1, notes: [], record: { cost: { usd: 0.5 } } },
        { name: 'commitments', title: 'C', status: 'dropped', code: 'SECTION_OVER_BUDGET', message: 'm', ms: 1, notes: [] },
      ],
    } as unknown as HandoffResult
    assert.equal(rowCost(result, [{ answeredBy: 'fork', section: 'summary' }]).usd, 0.5)
    const r = rowCost(result, [
      { answeredBy: 'complete', section: 'commitments' },
      { answeredBy: 'fork', section: 'summary' },
    ])
    assert.equal(r.usd, null)
    assert.match(r.reason!, /commitments made a call and left no cost/)
  })
})

describe('engine child: notices', () => {
  test('a broken config override: the default ran, and the done line carries a notice the hook shows', async () => {
    const inp = input()
    const build: typeof buildHandoff = async (opts) => {
      const { result } = await stubBuild(() => 'body')(opts)
      return {
        result,
        configProblems: [
          {
            file: '/home/u/.claude/compact-handoff/pipeline.config.yaml',
            line: 3,
            col: 11,
            message: 'unknown section "turnz" — did you mean "turns"?',
            frame: '',
          },
        ],
      }
    }
    const { last } = await run(inp, build)
    const done = last as DoneLine
    assert.equal(done.type, 'done')
    assert.deepEqual(done.notices, [
      'your pipeline config override has 1 problem(s), so the default pipeline ran: /home/u/.claude/compact-handoff/pipeline.config.yaml:3:11  unknown section "turnz" — did you mean "turns"?',
    ])
    const clean = (
      await run(
        input(),
        stubBuild(() => 'body'),
      )
    ).last as DoneLine
    assert.equal(clean.notices, undefined)
  })
})

describe('engine child: the process and its protocol', () => {
  test('answers every request over the bridge and ends with one done line (real pipeline)', { timeout: 60_000 }, async () => {
    const dataDir = tmp('ch-engine-proc-')
    const rundir = join(tmp('ch-engine-proc-run-'), 'run')
    const project = tmp('ch-engine-proc-cwd-')
    const inp = input({ cwd: project }, { dataDir })
    writeFileSync(join(project, 'none.yaml'), '') // an empty override: COMPACT_HANDOFF_CONFIG must name a file that exists
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(root, 'cli', 'main.ts'), 'engine', rundir], {
      cwd: project,
      env: { ...process.env, COMPACT_HANDOFF_CONFIG: join(project, 'none.yaml') },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    // The hooks module's part: answer each call over the socket.
    const side = hooksSide(child, JSON.stringify(inp), (req) =>
      req.call === 'files.read'
        ? { ok: true, text: '1\tfile text' }
        : {
            isAnswered: true,
            text: `ANSWER ${req.id} <commitments>\n</commitments>`,
            usage: { input_tokens: 1, output_tokens: 1, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
          },
    )
    const code = await new Promise<number | null>((res) => child.on('exit', res))
    const lines = side.lines()
    const stderr = side.stderr()
    assert.equal(code, 0, stderr)
    assert.equal(lines[0]!.type, 'hello')
    const done = lines.at(-1) as DoneLine
    assert.equal(done.type, 'done', JSON.stringify(done))
    assert.equal(lines.filter((l) => l.type === 'done' || l.type === 'failed').length, 1)
    assert.match(done.handoff, /^<!-- compact-handoff: session=sess-1 n=001 prev=none -->/)
    const requests = lines.filter((l) => l.type === 'request')
    const row = done.row as { model: { calls: unknown[] }; outcome: string }
    assert.equal(row.outcome, 'replaced')
    assert.equal(row.model.calls.length, requests.filter((r) => r.type === 'request' && r.call !== 'files.read').length)
    assert.equal(existsSync(rundir), false)
  })
})

describe('engine child: a late rehearsal (the engine compacts beside it)', () => {
  const late = (over: Partial<EngineInput> = {}, settings: Partial<EngineInput['settings']> = {}) =>
    input({ late: true, ...over }, { live: false, ...settings })
  async function runLate(raw: EngineInput, build: typeof buildHandoff, onLine?: (l: ChildLine) => void, engineGone?: AbortSignal) {
    const lines: ChildLine[] = []
    const ok = await runEngine(raw, {
      rundir: join(tmp('ch-engine-late-'), 'run'),
      send: (l) => (lines.push(l), onLine?.(l)),
      build,
      readMessages: stubRead,
      env: {},
      ...(engineGone ? { engineGone } : {}),
    })
    return { ok, lines }
  }

  test('the row is stored pending before the pipeline runs, then completed beside it; readers take the completion', async () => {
    const inp = late()
    const seen: string[] = []
    const sent: ChildLine[] = []
    const { ok, lines } = await runLate(
      inp,
      stubBuild(() => {
        const p = sent.find((l) => l.type === 'pending') as Extract<ChildLine, { type: 'pending' }> | undefined
        assert.ok(p, 'the pending line went out before the pipeline ran')
        const row = rowOf(inp.settings.dataDir, p.row)
        seen.push(row.outcome, String(row.late?.pid), p.files.transcript ?? 'none')
        return 'BODY'
      }),
      (l) => sent.push(l),
    )
    assert.equal(ok, true)
    assert.deepEqual(seen.slice(0, 2), ['pending', String(process.pid)])
    const pendingLine = lines.find((l) => l.type === 'pending') as Extract<ChildLine, { type: 'pending' }>
    const done = lines.at(-1) as DoneLine
    assert.equal(done.type, 'done')
    assert.equal((done.row.files as { row: string }).row, pendingLine.row.replace(/\.json$/, '.late.json'))
    const completed = rowOf(inp.settings.dataDir, (done.row.files as { row: string }).row)
    assert.equal(completed.outcome, 'rehearsed')
    assert.equal(completed.files.transcript, pendingLine.files.transcript, 'the conversation is stored once, by the pending write')
    assert.ok(completed.files.handoff)
    assert.equal(rowOf(inp.settings.dataDir, pendingLine.row).outcome, 'pending', 'the pending row is never rewritten')
    const index = readFileSync(join(inp.settings.dataDir, 'index.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    assert.deepEqual(
      index.map((r) => r.outcome),
      ['pending', 'rehearsed'],
    )
    const { sessionCompactions } = await import('../store/read.ts')
    const cs = await sessionCompactions(inp.settings.dataDir, 'sess-1')
    assert.deepEqual(
      cs.map((c) => [c.n, c.row?.outcome]),
      [[1, 'rehearsed']],
    )
  })

  test('the engine goes away: a request still waiting is refused with why, and the run stores what it has', async () => {
    const inp = late()
    const gone = new AbortController()
    const { ok, lines } = await runLate(
      inp,
      stubBuild(async (opts) => {
        const r = await opts.capabilities
          .model!.fork({ prompt: 'summarise' }, new AbortController().signal)
          .catch((err: Error) => ({ isAnswered: false as const, reason: err.message }))
        return `fork: ${r.isAnswered ? 'answered' : r.reason}`
      }),
      (l) => {
        if (l.type === 'request') gone.abort('SIGTERM: the engine is exiting')
      },
      gone.signal,
    )
    assert.equal(ok, true)
    const done = lines.at(-1) as DoneLine
    assert.match(done.handoff, /fork: model\.fork: the engine went away before it answered \(SIGTERM: the engine is exiting\)/)
    assert.equal(rowOf(inp.settings.dataDir, (done.row.files as { row: string }).row).outcome, 'rehearsed')
  })

  test('rehearsalModel off: every model call is refused here, none goes over the bridge', async () => {
    const inp = late({}, { rehearsalModel: false })
    const { lines } = await runLate(
      inp,
      stubBuild(async (opts) => {
        const r = await opts.capabilities.model!.complete({ prompt: 'x' }, new AbortController().signal)
        return `complete: ${r.isAnswered ? 'answered' : r.reason}`
      }),
    )
    assert.deepEqual(
      lines.filter((l) => l.type === 'request'),
      [],
    )
    assert.match((lines.at(-1) as DoneLine).handoff, /complete: model calls are off for rehearsals \(rehearsalModel: false\)/)
  })
})

describe('engine child: a late rehearsal says a broken override before its model work', () => {
  test('a notices line goes out before the pipeline runs, and the done line does not repeat it', async () => {
    const dir = tmp('ch-engine-late-notice-')
    const config = join(dir, 'pipeline.config.yaml')
    writeFileSync(config, 'sections:\n  - name: turnz\n    timeoutMs: 2000\n')
    const env = { COMPACT_HANDOFF_CONFIG: config }
    const lines: ChildLine[] = []
    let beforeBuild: string[] = []
    // The build as buildHandoff reports it (the same problems the early check finds), with no model work.
    const build: typeof buildHandoff = async (opts) => {
      beforeBuild = lines.map((l) => l.type)
      const { result } = await stubBuild(() => 'body')(opts)
      return { result, configProblems: configProblemsAhead(opts) ?? [] }
    }
    const ok = await runEngine(input({ late: true, cwd: dir }, { live: false }), {
      rundir: join(tmp('ch-engine-late-notice-run-'), 'run'),
      send: (l) => lines.push(l),
      build,
      readMessages: stubRead,
      env,
    })
    assert.equal(ok, true)
    assert.deepEqual(beforeBuild, ['pending', 'notices'])
    const said = lines.find((l) => l.type === 'notices') as Extract<ChildLine, { type: 'notices' }>
    assert.equal(said.notices.length, 1)
    assert.match(said.notices[0]!, /^your pipeline config override has 1 problem\(s\), so the default pipeline ran: .*unknown section "turnz"/)
    const done = lines.at(-1) as DoneLine
    assert.equal(done.type, 'done')
    assert.deepEqual(done.notices ?? [], [])
    // Live, nothing is said early: the done line carries it, as before.
    const live: ChildLine[] = []
    await runEngine(input({ cwd: dir }), {
      rundir: join(tmp('ch-engine-live-notice-run-'), 'run'),
      send: (l) => live.push(l),
      build,
      readMessages: stubRead,
      env,
    })
    assert.ok(!live.some((l) => l.type === 'notices'))
    assert.match((live.at(-1) as DoneLine).notices?.[0] ?? '', /unknown section "turnz"/)
  })
})

describe('engine child: a package that does not load is said to the user', () => {
  test('a section package and a subscriber that fail to load: one notice each, beside the row', async () => {
    const dir = tmp('ch-engine-notice-')
    const config = join(dir, 'pipeline.config.yaml')
    const off = builtinsOff('turns')
    writeFileSync(config, `plugins:\n  - package: not-a-subscriber\nsections:\n${off}  - name: todos\n    package: not-installed-section\n`)
    const inp = input({ cwd: dir })
    const rundir = join(tmp('ch-engine-notice-run-'), 'run')
    const lines: ChildLine[] = []
    const ok = await runEngine(inp, { rundir, send: (l) => lines.push(l), env: { COMPACT_HANDOFF_CONFIG: config } })
    assert.equal(ok, true)
    const done = lines.at(-1) as DoneLine
    assert.equal(done.type, 'done')
    const notices = done.notices ?? []
    assert.equal(notices.length, 2, JSON.stringify(notices))
    assert.match(notices[0]!, /^section todos was left out: package "not-installed-section" is not installed beside /)
    assert.match(notices[1]!, /^subscriber not-a-subscriber was not loaded: package "not-a-subscriber" is not installed beside /)
  })
})
