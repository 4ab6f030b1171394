/**
 * Work stays linear and a hog is the one dropped. Before: the ledger's trimming was quadratic
 * (8,000 shell calls took 23 s), 50,000 redirections in one command never finished, and a section
 * that held the thread made an innocent one time out.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Message, SectionContext, Transcript } from '../../pipeline/index.ts'
import { createHooks } from '../../pipeline/hooks.ts'
import { runSections } from '../../pipeline/run-sections.ts'
import type { SectionDefinition, SectionPlan } from '../../pipeline/types.ts'
import ledger from '../../sections/ledger/index.ts'

function bash(i: number, command: string, failed = false): Message {
  return {
    index: i,
    role: 'assistant',
    kind: 'assistant',
    text: '',
    toolUses: [{ id: `b${i}`, name: 'Bash', input: { command }, result: { toolUseId: `b${i}`, text: failed ? 'Error: boom' : 'ok', isError: failed } }],
    toolResults: [],
  }
}

const transcript = (messages: Message[]): Transcript => ({ source: 'jsonl', cwd: '/repo', messages, boundaries: [], malformed: { count: 0, lines: [] } })

function ctxFor(t: Transcript): SectionContext<any> {
  return {
    name: 'ledger',
    input: { trigger: 'cli', sessionId: 's', cwd: '/repo', transcript: t, lineage: { n: 1, prev: null, earlier: [] } },
    options: {},
    budgetChars: 6_000,
    timeoutMs: 60_000,
    signal: new AbortController().signal,
    capabilities: { host: 'cli', model: null, files: null, now: Date.now },
    report: { note() {}, notes: [] },
    needed: {},
  }
}

/** The best of `runs` wall times: other work on the machine (parallel test files) only slows a run down. */
async function bestMs<T>(fn: () => Promise<T>, runs = 2): Promise<{ value: T; ms: number }> {
  let best = Infinity
  let value!: T
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    value = await fn()
    best = Math.min(best, performance.now() - started)
  }
  return { value, ms: best }
}

describe('hostile: bounded work', () => {
  // Linear, not fast: five times the calls may take about five times as long (quadratic trimming
  // took 25 times); the absolute figure on a quiet machine is the ledger bench's to report.
  test('50,000 shell calls in one window: the ledger grows linearly with them', { timeout: 120_000 }, async () => {
    await ledger.run(ctxFor(transcript([bash(0, 'true')]))) // the parser loads once, outside the measure
    const small = await bestMs(() => ledger.run(ctxFor(transcript(calls(10_000)))), 3)
    const { value, ms } = await bestMs(() => ledger.run(ctxFor(transcript(calls(50_000)))), 3)
    assert.ok(value && typeof value !== 'string' && value.body.length <= 6_000)
    assert.ok(ms < 12 * small.ms, `50,000 calls took ${Math.round(ms)} ms, 10,000 took ${Math.round(small.ms)} ms`)
    assert.ok(ms < 20_000, `took ${Math.round(ms)} ms`)
    const counts = (value.record as { counts: { commands: number } }).counts
    assert.equal(counts.commands, 50_000)
  })

  test('50,000 redirections in one command finish', { timeout: 60_000 }, async () => {
    const command = Array.from({ length: 50_000 }, (_, i) => `echo ${i} > f${i}.txt`).join('; ')
    const { value, ms } = await bestMs(() => ledger.run(ctxFor(transcript([bash(0, command)]))), 1)
    assert.ok(value && typeof value !== 'string')
    assert.equal((value.record as { counts: { files: number } }).counts.files, 50_000)
    assert.ok(ms < 20_000, `took ${Math.round(ms)} ms`)
  })

  test('a section that holds the event loop is the one dropped; the one it delayed is kept', async () => {
    await hogAgainstCalm(false)
  })

  test('the same after an await, with meterAwaits on (its every reaction metered)', async () => {
    await hogAgainstCalm(true)
  })
})

/** `n` shell calls of three shapes, some failing, with a Write every fourth. */
function calls(n: number): Message[] {
  const messages: Message[] = []
  for (let i = 0; i < n; i++) {
    const cmd = i % 3 === 0 ? `echo ${i} > out/f${i}.txt` : i % 3 === 1 ? `ls -la src/dir${i}` : `sed -i s/a/b/ lib/m${i}.ex && git status`
    messages.push(bash(messages.length, cmd, i % 50 === 0))
    if (i % 4 === 0)
      messages.push({
        index: messages.length,
        role: 'assistant',
        kind: 'assistant',
        text: '',
        toolUses: [{ id: `w${i}`, name: 'Write', input: { file_path: `/repo/out/f${i}.txt`, content: 'x' } }],
        toolResults: [],
      })
  }
  return messages
}

/** A package section runs in its own thread (pipeline/section-worker.ts, engine/isolation.test.ts);
 *  this is the in-thread metering that keeps the built-ins fair, with `meterAwaits` on after an await. */
async function hogAgainstCalm(afterAwait: boolean) {
  {
    const spin = (ms: number) => {
      const end = performance.now() + ms
      while (performance.now() < end);
    }
    const hog: SectionDefinition = {
      name: 'hog',
      title: 'Hog',
      description: 'computes without yielding',
      defaults: { timeoutMs: 200, budgetChars: 100, priority: 50 },
      async run() {
        // Awaiting first: only the promise hooks see what follows.
        if (afterAwait) await new Promise((r) => setTimeout(r, 5))
        spin(900)
        return 'done at last'
      },
    }
    const calm: SectionDefinition = {
      name: 'calm',
      title: 'Calm',
      description: 'waits a little, ten times',
      defaults: { timeoutMs: 600, budgetChars: 100, priority: 50 },
      async run() {
        for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 10))
        return 'calm and done'
      },
    }
    const plan = (d: SectionDefinition): SectionPlan => ({
      name: d.name,
      enabled: true,
      timeoutMs: d.defaults.timeoutMs,
      budgetChars: 100,
      priority: 50,
      options: {},
      definition: d,
    })
    const outcomes = await runSections(
      [plan(calm), plan(hog)],
      { trigger: 'cli', sessionId: 's', cwd: '/', transcript: transcript([]), lineage: { n: 1, prev: null, earlier: [] } },
      {
        concurrency: 2,
        capabilities: { host: 'cli', model: null, files: null, now: Date.now },
        hooks: createHooks(),
        meterAwaits: afterAwait,
      },
    )
    const [c, h] = outcomes
    assert.equal(c!.status, 'ok', c!.status === 'dropped' ? c!.message : '')
    assert.equal(h!.status, 'dropped')
    assert.ok(
      h!.status === 'dropped' && h!.code === 'SECTION_TIMEOUT' && /held the event loop for \d/.test(h!.message),
      h!.status === 'dropped' ? h!.message : '',
    )
  }
}
