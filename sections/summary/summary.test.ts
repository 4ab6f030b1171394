/**
 * The summary section through the real runner, with a stub model: a well-formed reply, an
 * <analysis> block (closed, unclosed, unclosed with a summary after it), the <summary> wrapper,
 * no <restore-files> block, an empty reply, a model error, a timeout, nothing-to-fork (the cold
 * path, and the cold path failing), no model at all, the /compact instructions and a prompt arm.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import type { Capabilities, ModelAnswer, ModelCapability, SectionOutcome, Transcript } from '../../pipeline/index.ts'
import { createPipeline } from '../../pipeline/pipeline.ts'
import type { PipelineInput, SectionPlan } from '../../pipeline/types.ts'
import summary, { buildPrompt, SUMMARY_COLD_MARKER, SUMMARY_MARKER } from './index.ts'
import { cleanReply, fitBody, parseRestoreLines } from './reply.ts'

const transcript: Transcript = {
  source: 'jsonl',
  model: 'claude-opus-5-5',
  messages: [
    { index: 0, role: 'user', kind: 'typed', text: 'make the build green', toolUses: [], toolResults: [] },
    {
      index: 1,
      role: 'assistant',
      kind: 'assistant',
      text: 'Running the build.',
      toolUses: [{ id: 'u1', name: 'Bash', input: { command: 'npm run build' }, result: { toolUseId: 'u1', text: 'error TS2304', isError: true } }],
      toolResults: [],
    },
  ],
  boundaries: [],
  malformed: { count: 0, lines: [] },
}

const input = (over: Partial<PipelineInput> = {}): PipelineInput => ({
  trigger: 'manual',
  sessionId: 's',
  cwd: '/repo',
  model: 'claude-opus-5-5',
  transcript,
  ...over,
})

const usage = { inputTokens: 1_000, outputTokens: 2_000, cacheReadTokens: 90_000, cacheWriteTokens: 0 }

interface Calls {
  fork: Array<{ prompt: string }>
  complete: Array<{ prompt: string; model?: string; maxTokens?: number }>
}

function stub(answers: { fork?: (signal: AbortSignal) => Promise<ModelAnswer>; complete?: (signal: AbortSignal) => Promise<ModelAnswer> }): {
  model: ModelCapability
  calls: Calls
} {
  const calls: Calls = { fork: [], complete: [] }
  return {
    calls,
    model: {
      async fork(req, signal) {
        calls.fork.push(req)
        return answers.fork ? answers.fork(signal) : { isAnswered: false, reason: 'nothing-to-fork' }
      },
      async complete(req, signal) {
        calls.complete.push(req)
        return answers.complete ? answers.complete(signal) : { isAnswered: false, reason: 'api-error (status 500)' }
      },
    },
  }
}

const caps = (model: ModelCapability | null): Capabilities => ({ host: 'engine', model, files: null, now: Date.now })

async function run(model: ModelCapability | null, over: Partial<SectionPlan> = {}, inp = input()): Promise<{ s: SectionOutcome; handoff: string }> {
  const plan: SectionPlan = {
    name: 'summary',
    enabled: true,
    timeoutMs: summary.defaults.timeoutMs,
    budgetChars: summary.defaults.budgetChars,
    priority: summary.defaults.priority,
    options: { ...summary.defaults.options },
    definition: summary,
    ...over,
  }
  const r = await createPipeline({ files: ['test'], concurrency: 2, maxChars: 100_000, maxFraction: 1, sections: [plan] }).run(inp, caps(model))
  return { s: r.sections[0]!, handoff: r.handoff }
}

const WELL_FORMED = `### Inventory

[ask] make the build green — in progress
[error] npm run build: error TS2304 — unresolved
[file] /repo/src/a.ts — not yet changed

### Reading

The build fails on a missing name; the fix is next.

### Files to reopen

<restore-files>
/repo/src/a.ts | all | the file the error points at
/repo/src/b.ts | 10-40 | the import that breaks
</restore-files>`

const answered =
  (text: string, extra: Partial<Extract<ModelAnswer, { isAnswered: true }>> = {}) =>
  async (): Promise<ModelAnswer> => ({
    isAnswered: true,
    text,
    usage,
    ...extra,
  })

describe('summary: the fork answers', () => {
  test('well-formed: the inventory and reading are the body; the restore block becomes data; cost is priced', async () => {
    const { model, calls } = stub({ fork: answered(WELL_FORMED) })
    const { s, handoff } = await run(model)
    assert.equal(s.status, 'ok')
    assert.equal(calls.complete.length, 0)
    assert.ok(calls.fork[0]!.prompt.startsWith(SUMMARY_MARKER))
    const body = s.status === 'ok' ? s.body : ''
    assert.match(body, /^### Inventory\n\n\[ask\] make the build green/)
    assert.doesNotMatch(body, /restore-files|Files to reopen/)
    assert.match(handoff, /## Summary\n\n### Inventory/)
    const rec = s.record!
    assert.deepEqual(rec.restoreFiles, [
      { path: '/repo/src/a.ts', range: 'all', reason: 'the file the error points at' },
      { path: '/repo/src/b.ts', range: { from: 10, to: 40 }, reason: 'the import that breaks' },
    ])
    assert.equal(rec.restoreBlock, 'present')
    assert.equal(rec.path, 'fork')
    assert.equal(rec.warm, true)
    assert.equal(rec.model, 'claude-opus-5-5')
    assert.deepEqual(rec.usage, usage)
    // 1k input at $4 + 2k output at $20 + 90k cache read at $0.20, per MTok.
    assert.equal((rec.cost as { usd: number }).usd, 0.004 + 0.04 + 0.018)
    assert.equal(rec.replyChars, WELL_FORMED.length)
    assert.deepEqual([rec.analysisChars, rec.wrapperChars, rec.cutChars], [0, 0, 0])
  })

  test('an <analysis> block is dropped and counted; the <summary> wrapper tags too', async () => {
    const analysis = '<analysis>thinking about it at length</analysis>'
    const { model } = stub({ fork: answered(`${analysis}\n<summary>\n${WELL_FORMED}\n</summary>`) })
    const { s } = await run(model)
    assert.equal(s.status, 'ok')
    assert.doesNotMatch(s.status === 'ok' ? s.body : '', /analysis|<\/?summary>|thinking about it/)
    assert.equal(s.record!.analysisChars, analysis.length)
    assert.equal(s.record!.wrapperChars, '<summary>'.length + '</summary>'.length)
  })

  test('an <analysis> the model never closed is kept when nothing follows it', async () => {
    const { model, calls } = stub({ fork: answered('<analysis>\n[ask] make the build green — in progress\n[open] the TS2304 fix') })
    const { s } = await run(model)
    assert.equal(s.status, 'ok')
    assert.match(s.status === 'ok' ? s.body : '', /\[open\] the TS2304 fix/)
    assert.equal(s.record!.analysisUnclosed, true)
    assert.equal(s.record!.analysisChars, 0)
    assert.match(s.notes.join('\n'), /never closed/)
    assert.equal(calls.complete.length, 0)
  })

  test('an unclosed <analysis> followed by a summary is dropped up to the summary', () => {
    const c = cleanReply('<analysis>half a thought\n<summary>### Inventory\n[ask] x — done</summary>')
    assert.equal(c.body, '### Inventory\n[ask] x — done')
    assert.equal(c.analysisChars, '<analysis>half a thought\n'.length)
    assert.equal(c.analysisUnclosed, false)
  })

  test('no <restore-files> block: the body stands, the row says so, restore gets an empty list', async () => {
    const { model } = stub({ fork: answered('### Inventory\n\n[ask] make the build green — done') })
    const { s } = await run(model)
    assert.equal(s.status, 'ok')
    assert.equal(s.record!.restoreBlock, 'missing')
    assert.deepEqual(s.record!.restoreFiles, [])
    assert.match(s.notes.join('\n'), /no <restore-files> block/)
  })

  test('empty reply: dropped as SECTION_MODEL_EMPTY, with the call still on the row', async () => {
    for (const text of ['', '   \n', '<analysis>only a scratchpad</analysis>']) {
      const { model } = stub({ fork: answered(text) })
      const { s, handoff } = await run(model)
      assert.equal(s.status === 'dropped' && s.code, 'SECTION_MODEL_EMPTY', JSON.stringify(text))
      assert.match(s.status === 'dropped' ? s.message : '', /^\[section summary\] the fork replied with no summary text/)
      assert.equal((s.record!.cost as { usd: number }).usd, 0.062)
      assert.match(handoff, /## Left out\n\n- Summary: \[section summary\]/)
    }
  })

  test("the host's own empty-reply answer is SECTION_MODEL_EMPTY too", async () => {
    const { model } = stub({ fork: async () => ({ isAnswered: false, reason: 'empty-reply' }) })
    const { s } = await run(model)
    assert.equal(s.status === 'dropped' && s.code, 'SECTION_MODEL_EMPTY')
  })

  test('a model error: SECTION_MODEL_FAILED naming the reason; no cold retry for anything but nothing-to-fork', async () => {
    const { model, calls } = stub({ fork: async () => ({ isAnswered: false, reason: 'api-error (status 529)' }) })
    const { s } = await run(model)
    assert.equal(s.status === 'dropped' && s.code, 'SECTION_MODEL_FAILED')
    assert.equal(s.status === 'dropped' && s.message, '[section summary] the fork failed: api-error (status 529)')
    assert.equal(calls.complete.length, 0)
    assert.equal((s.record!.cost as { usd: null; reason: string }).usd, null)
  })

  test('a capability that throws is a model failure, not a crash', async () => {
    const { model } = stub({
      fork: async () => {
        throw new Error('bridge closed\nstack…')
      },
    })
    const { s } = await run(model)
    assert.equal(s.status === 'dropped' && s.code, 'SECTION_MODEL_FAILED')
    assert.match(s.status === 'dropped' ? s.message : '', /threw: bridge closed$/)
  })

  test('a timeout: SECTION_TIMEOUT, and the AbortSignal reaches the call and stops it', async () => {
    let stopped = false
    const { model } = stub({
      fork: (signal) =>
        new Promise<ModelAnswer>((resolve) => {
          const t = setTimeout(() => resolve({ isAnswered: true, text: 'too late' }), 10_000)
          signal.addEventListener('abort', () => {
            stopped = true
            clearTimeout(t)
            resolve({ isAnswered: false, reason: 'aborted' })
          })
        }),
    })
    const started = Date.now()
    const { s } = await run(model, { timeoutMs: 50 })
    assert.ok(Date.now() - started < 2_000)
    assert.equal(s.status === 'dropped' && s.code, 'SECTION_TIMEOUT')
    assert.equal(stopped, true)
  })
})

describe('summary: nothing to fork', () => {
  test('falls back to a cold completion over the conversation as text, and the row says cold', async () => {
    const { model, calls } = stub({ complete: answered(WELL_FORMED, { model: 'claude-opus-5-5' }) })
    const { s } = await run(model)
    assert.equal(s.status, 'ok')
    assert.equal(calls.fork.length, 1)
    const sent = calls.complete[0]!
    assert.ok(sent.prompt.startsWith(SUMMARY_COLD_MARKER))
    assert.ok(sent.prompt.includes(SUMMARY_MARKER), 'the summary prompt follows the conversation')
    assert.match(
      sent.prompt,
      /<conversation>\n\[#0 user\] make the build green\n\n\[#1 assistant\] Running the build\.\n {2}→ Bash \{"command":"npm run build"\}/,
    )
    assert.equal(sent.model, 'claude-opus-5-5', 'the session model, with no coldModel set')
    assert.equal(sent.maxTokens, 16_384)
    assert.equal(s.record!.path, 'complete')
    assert.equal(s.record!.warm, false)
    assert.deepEqual(s.record!.cold, { forkReason: 'nothing-to-fork', rendered: 2, leftOut: 0, chars: (s.record!.cold as { chars: number }).chars })
    assert.match(s.notes.join('\n'), /summarised cold/)
  })

  test('a host that substituted a completion itself says so in `via`, and the row follows it', async () => {
    const { model } = stub({ fork: answered(WELL_FORMED, { via: 'complete' } as object) })
    const { s } = await run(model)
    assert.equal(s.record!.path, 'complete')
    assert.equal(s.record!.warm, false)
  })

  test('the cold conversation is bounded by coldMaxChars, newest kept', async () => {
    const long: Transcript = {
      ...transcript,
      messages: Array.from({ length: 200 }, (_, i) => ({
        index: i,
        role: 'user' as const,
        kind: 'typed' as const,
        text: `ask ${i} `.repeat(30),
        toolUses: [],
        toolResults: [],
      })),
    }
    const { model, calls } = stub({ complete: answered(WELL_FORMED) })
    const { s } = await run(model, { options: { ...summary.defaults.options, coldMaxChars: 5_000 } }, input({ transcript: long }))
    const cold = s.record!.cold as { leftOut: number; chars: number }
    assert.ok(cold.leftOut > 0)
    assert.ok(cold.chars <= 5_000)
    assert.match(calls.complete[0]!.prompt, /Only its newest part fits here/)
    assert.match(calls.complete[0]!.prompt, /\[#199 user\]/)
  })

  test('when the cold completion fails too, the section is dropped with both reasons and the rest stands', async () => {
    const { model } = stub({})
    const other = {
      name: 'other',
      title: 'Other',
      description: 'o',
      defaults: { timeoutMs: 1000, budgetChars: 100, priority: 1 },
      run: async () => 'still here',
    }
    const plans: SectionPlan[] = [
      { name: 'summary', enabled: true, timeoutMs: 5_000, budgetChars: 30_000, priority: 100, options: { ...summary.defaults.options }, definition: summary },
      { name: 'other', enabled: true, timeoutMs: 1_000, budgetChars: 100, priority: 1, options: {}, definition: other },
    ]
    const r = await createPipeline({ files: ['t'], concurrency: 2, maxChars: 100_000, maxFraction: 1, sections: plans }).run(input(), caps(model))
    const s = r.sections[0]!
    assert.equal(s.status === 'dropped' && s.code, 'SECTION_MODEL_FAILED')
    assert.equal(s.status === 'dropped' && s.message, '[section summary] no session to fork, and the cold completion failed: api-error (status 500)')
    assert.equal(r.sections[1]!.status, 'ok')
    assert.match(r.handoff, /## Other\n\nstill here/)
  })
})

describe('summary: inputs', () => {
  test('no model: SECTION_NO_MODEL, saying so (the CLI adds how it gets one, in its report)', async () => {
    const { s } = await run(null)
    assert.equal(s.status === 'dropped' && s.code, 'SECTION_NO_MODEL')
    assert.equal(s.status === 'dropped' ? s.message : '', '[section summary] needs a model and the host offers none')
  })

  test('/compact instructions reach the prompt; the budget is stated in it', async () => {
    const { model, calls } = stub({ fork: answered(WELL_FORMED) })
    const { s } = await run(model, {}, input({ instructions: 'focus on the failing migration' }))
    assert.match(calls.fork[0]!.prompt, /<instructions>\nfocus on the failing migration\n<\/instructions>/)
    assert.match(calls.fork[0]!.prompt, /under about 14,000 characters/)
    assert.equal(s.record!.instructions, true)
  })

  test('the prompt option names another file (an arm); the marker is added when the file lacks it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'summary-arm-'))
    const file = join(dir, 'terse.md')
    writeFileSync(file, 'Summarise in ten lines. {{instructions}}')
    const { model, calls } = stub({ fork: answered(WELL_FORMED) })
    const { s } = await run(model, { options: { ...summary.defaults.options, prompt: file } })
    assert.equal(calls.fork[0]!.prompt, `${SUMMARY_MARKER}\nSummarise in ten lines.\n`)
    assert.equal((s.record!.prompt as { source: string }).source, file)
    assert.match((s.record!.prompt as { sha256: string }).sha256, /^[0-9a-f]{12}$/)
  })

  test('a prompt file that cannot be read drops the section with the path and the option', async () => {
    const { model } = stub({ fork: answered(WELL_FORMED) })
    const { s } = await run(model, { options: { ...summary.defaults.options, prompt: '/no/such/prompt.md' } })
    assert.equal(s.status === 'dropped' && s.code, 'SECTION_THREW')
    assert.match(s.status === 'dropped' ? s.message : '', /cannot read the prompt file \/no\/such\/prompt\.md \(options\.prompt\): no such file/)
  })

  test('a reply over budgetChars is cut at a line, and the cut is said and recorded', async () => {
    const lines = Array.from({ length: 400 }, (_, i) => `[file] /repo/src/f${i}.ts — changed`).join('\n')
    const { model } = stub({ fork: answered(`### Inventory\n\n${lines}`) })
    const { s } = await run(model, { budgetChars: 2_000 })
    assert.equal(s.status, 'ok')
    const body = s.status === 'ok' ? s.body : ''
    assert.ok(body.length <= 2_000)
    assert.match(body, /\[… the summary's last [\d,]+ chars were cut to fit budgetChars: 2,000\]$/)
    assert.ok((s.record!.cutChars as number) > 0)
  })
})

describe('summary: reply helpers', () => {
  test('restore lines: absolute paths, all or a range, at most five, each once; the rest rejected with why', () => {
    const { files, rejected } = parseRestoreLines(
      [
        '- `/a.ts` | all | first',
        'relative/b.ts | all | no',
        '/c.ts | 20-10 | backwards',
        '/d.ts | 7 | one line',
        '/a.ts | all | again',
        '/e.ts | 1–5 | en dash | reason with a bar',
        '/f.ts | all | fourth',
        '/g.ts | all | fifth',
        '/h.ts | all | sixth',
      ].join('\n'),
    )
    assert.deepEqual(
      files.map((f) => [f.path, f.range, f.reason]),
      [
        ['/a.ts', 'all', 'first'],
        ['/d.ts', { from: 7, to: 7 }, 'one line'],
        ['/e.ts', { from: 1, to: 5 }, 'en dash | reason with a bar'],
        ['/f.ts', 'all', 'fourth'],
        ['/g.ts', 'all', 'fifth'],
      ],
    )
    assert.deepEqual(
      rejected.map((r) => r.why),
      ['not an absolute path', 'range "20-10" is neither "all" nor "from-to"', 'named twice', 'past the cap of 5 files'],
    )
  })

  test('an unclosed restore block at the end of a cut reply is still read', () => {
    const c = cleanReply('### Inventory\n[ask] a — done\n<restore-files>\n/x.ts | all | why\n/y.ts | 1-')
    assert.equal(c.restoreBlock, 'unclosed')
    assert.deepEqual(
      c.restoreFiles.map((f) => f.path),
      ['/x.ts'],
    )
    assert.equal(c.body, '### Inventory\n[ask] a — done')
  })

  test('level-1 and level-2 headings are demoted under the section heading; code fences are left alone', () => {
    const c = cleanReply('## Inventory\n[ask] a\n```\n# a shell comment\n```\n# Reading\ntext')
    assert.equal(c.body, '### Inventory\n[ask] a\n```\n# a shell comment\n```\n### Reading\ntext')
  })

  test('fitBody leaves a body that fits alone', () => {
    assert.deepEqual(fitBody('short', 100), { body: 'short', cutChars: 0 })
  })

  test('buildPrompt fills the budget and places instructions where the template asks', () => {
    const p = buildPrompt('X {{budgetChars}}\n{{instructions}}\nY', { budgetChars: 12_345, instructions: 'keep it short' })
    assert.equal(
      p,
      `${SUMMARY_MARKER}\nX 12,345\n\nThe person asked for this compaction with these words; follow them where they do not change the format above:\n<instructions>\nkeep it short\n</instructions>\n\nY\n`,
    )
  })
})
