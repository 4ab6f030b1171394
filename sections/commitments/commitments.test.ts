/**
 * The commitments section through the real runner, with a stub model: a well-formed reply, a
 * sentence reported under two kinds, a reply past the cap (three ways), an empty reply, a reply
 * with no block, a model error, a timeout, no model, and rows fitted to the budget.
 */
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import type { Capabilities, ModelAnswer, ModelCapability, SectionOutcome, Transcript } from '../../pipeline/index.ts'
import { createPipeline } from '../../pipeline/pipeline.ts'
import type { PipelineInput, SectionPlan } from '../../pipeline/types.ts'
import commitments, { COMMITMENTS_MARKER } from './index.ts'
import { parseCommitments, renderCommitments } from './reply.ts'

const transcript: Transcript = {
  source: 'jsonl',
  messages: [
    { index: 0, role: 'user', kind: 'typed', text: 'why is CI red?', toolUses: [], toolResults: [] },
    {
      index: 1,
      role: 'assistant',
      kind: 'assistant',
      text: 'Let me check the CI logs. First, the lockfile.',
      toolUses: [{ id: 'u', name: 'Read', input: { file_path: '/r/package-lock.json' } }],
      toolResults: [],
    },
    { index: 2, role: 'user', kind: 'typed', text: 'no, the flag is --frozen-lockfile', toolUses: [], toolResults: [] },
    { index: 3, role: 'assistant', kind: 'assistant', text: "You're right, it is --frozen-lockfile.", toolUses: [], toolResults: [] },
  ],
  boundaries: [],
  malformed: { count: 0, lines: [] },
}

const input: PipelineInput = { trigger: 'auto', sessionId: 's', cwd: '/r', transcript }
const usage = (outputTokens: number) => ({ inputTokens: 10_000, outputTokens, cacheReadTokens: 0, cacheWriteTokens: 0 })

function stub(answer: (signal: AbortSignal) => Promise<ModelAnswer>) {
  const calls: Array<{ prompt: string; model?: string; maxTokens?: number }> = []
  const model: ModelCapability = {
    fork: async () => ({ isAnswered: false, reason: 'nothing-to-fork' }),
    complete: async (req, signal) => {
      calls.push(req)
      return answer(signal)
    },
  }
  return { model, calls }
}

const caps = (model: ModelCapability | null): Capabilities => ({ host: 'engine', model, files: null, now: Date.now })

async function run(model: ModelCapability | null, over: Partial<SectionPlan> = {}): Promise<SectionOutcome> {
  const plan: SectionPlan = {
    name: 'commitments',
    enabled: true,
    timeoutMs: commitments.defaults.timeoutMs,
    budgetChars: commitments.defaults.budgetChars,
    priority: commitments.defaults.priority,
    options: { ...commitments.defaults.options },
    definition: commitments,
    ...over,
  }
  const r = await createPipeline({ files: ['t'], concurrency: 1, maxChars: 100_000, maxFraction: 1, sections: [plan] }).run(input, caps(model))
  return r.sections[0]!
}

const row = (kind: string, at: number, quote: string, open: string) => JSON.stringify({ kind, at, quote, open })
const WELL_FORMED = [
  '<commitments>',
  row('unkept', 1, 'Let me check the CI logs.', 'no later call read the CI logs'),
  row('correction', 3, "You're right, it is --frozen-lockfile.", 'the README still says --frozen'),
  '</commitments>',
].join('\n')

const answered =
  (text: string, outputTokens = 300) =>
  async (): Promise<ModelAnswer> => ({ isAnswered: true, text, model: 'claude-opus-5-5', usage: usage(outputTokens) })

describe('commitments', () => {
  test('well-formed: rows grouped by kind, the prompt marked, the model and cap sent, the cost priced', async () => {
    const { model, calls } = stub(answered(WELL_FORMED))
    const s = await run(model)
    assert.equal(s.status, 'ok')
    const body = s.status === 'ok' ? s.body : ''
    assert.match(body, /Said it would do, and did not:\n- #1 "Let me check the CI logs\." — no later call read the CI logs/)
    assert.match(body, /Corrections it accepted:\n- #3 "You're right, it is --frozen-lockfile\."/)
    const sent = calls[0]!
    assert.ok(sent.prompt.startsWith(`${COMMITMENTS_MARKER}\n<conversation>\n[#0 user] why is CI red?`))
    assert.match(sent.prompt, /→ Read \{"file_path":"\/r\/package-lock.json"\}/)
    assert.match(sent.prompt, /A step the assistant handed to the person/)
    assert.deepEqual([sent.model, sent.maxTokens], ['claude-opus-5-5', 2_048])
    const rec = s.record!
    assert.deepEqual(
      [rec.path, rec.warm, rec.model, rec.hitCap, rec.hitCapWhy, rec.rows, rec.rowsKept],
      ['complete', false, 'claude-opus-5-5', false, null, 2, 2],
    )
    // 10k input at $4 + 300 output at $20, per MTok.
    assert.equal((rec.cost as { usd: number }).usd, 0.046)
  })

  test('one sentence under two kinds is reported once, under the more specific', () => {
    const q = 'Should we pin the Node version?'
    const p = parseCommitments(['<commitments>', row('unkept', 5, q, 'a'), row('question', 5, q, 'b'), '</commitments>'].join('\n'))
    assert.deepEqual(
      p.rows.map((r) => r.kind),
      ['question'],
    )
    assert.equal(p.duplicates, 1)
  })

  test('past the cap by length: the rows that came back stand, and the row and body say it was cut', async () => {
    const { model } = stub(answered(WELL_FORMED.replace('</commitments>', ''), 2_048))
    const s = await run(model)
    assert.equal(s.status, 'ok')
    assert.deepEqual([s.record!.hitCap, s.record!.hitCapWhy, s.record!.rowsKept], [true, 'length', 2])
    assert.match(s.status === 'ok' ? s.body : '', /cut at its output cap \(maxTokens: 2,048; length\)/)
    assert.match(s.notes.join('\n'), /2 rows kept/)
  })

  test('past the cap with no usage reported: a row that opens and never closes gives it away', async () => {
    const cut = `<commitments>\n${row('unkept', 1, 'Let me check the CI logs.', 'x')}\n{"kind":"question","at":7,"quo`
    const { model } = stub(async () => ({ isAnswered: true, text: cut }))
    const s = await run(model)
    assert.deepEqual([s.record!.hitCap, s.record!.hitCapWhy, s.record!.rowsKept, s.record!.rowsUnreadable], [true, 'truncated row', 1, 0])
    assert.equal((s.record!.cost as { usd: null; reason: string }).reason, 'the host reported no usage for this call')
  })

  test('past the cap between rows: the block never closes', () => {
    const p = parseCommitments(`<commitments>\n${row('unkept', 1, 'a', 'b')}\n`)
    assert.deepEqual([p.block, p.truncatedRow, p.rows.length], ['unclosed', false, 1])
  })

  test('nothing open: a closed empty block is said in one line, not dropped', async () => {
    const { model } = stub(answered('<commitments></commitments>'))
    const s = await run(model)
    assert.equal(s.status, 'ok')
    assert.match(s.status === 'ok' ? s.body : '', /^Nothing found open/)
    assert.equal(s.record!.rowsKept, 0)
  })

  test('empty reply: SECTION_MODEL_EMPTY, the usage still on the row', async () => {
    const { model } = stub(answered('  '))
    const s = await run(model)
    assert.equal(s.status === 'dropped' && s.code, 'SECTION_MODEL_EMPTY')
    assert.equal(s.status === 'dropped' && s.message, '[section commitments] the completion replied with nothing')
    assert.equal((s.record!.cost as { usd: number }).usd, 0.046)
  })

  test('a reply with no <commitments> block: SECTION_MODEL_EMPTY naming its size', async () => {
    const { model } = stub(answered('I could not find anything.'))
    const s = await run(model)
    assert.equal(s.status === 'dropped' && s.code, 'SECTION_MODEL_EMPTY')
    assert.match(s.status === 'dropped' ? s.message : '', /the reply \(26 chars\) has no <commitments> block/)
  })

  test('a model error: SECTION_MODEL_FAILED with the reason; cost null with a reason', async () => {
    const { model } = stub(async () => ({ isAnswered: false, reason: 'api-error (status 500): overloaded' }))
    const s = await run(model)
    assert.equal(s.status === 'dropped' && s.code, 'SECTION_MODEL_FAILED')
    assert.equal(s.status === 'dropped' && s.message, '[section commitments] the completion failed: api-error (status 500): overloaded')
    assert.equal((s.record!.cost as { usd: null }).usd, null)
  })

  test('a timeout: SECTION_TIMEOUT, and the AbortSignal stops the call', async () => {
    let stopped = false
    const { model } = stub(
      (signal) =>
        new Promise<ModelAnswer>((resolve) => {
          const t = setTimeout(() => resolve({ isAnswered: true, text: WELL_FORMED }), 10_000)
          signal.addEventListener('abort', () => {
            stopped = true
            clearTimeout(t)
            resolve({ isAnswered: false, reason: 'aborted' })
          })
        }),
    )
    const s = await run(model, { timeoutMs: 50 })
    assert.equal(s.status === 'dropped' && s.code, 'SECTION_TIMEOUT')
    assert.equal(stopped, true)
  })

  test('no model: SECTION_NO_MODEL', async () => {
    const s = await run(null)
    assert.equal(s.status === 'dropped' && s.code, 'SECTION_NO_MODEL')
  })

  test('more rows than fit: the oldest go first and the body says how many', () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({
      kind: 'unkept' as const,
      at: i,
      quote: `Let me look at thing number ${i} in detail.`,
      open: 'never looked',
    }))
    const { body, kept, leftOut } = renderCommitments(rows, 1_500, null)
    assert.ok(body.length <= 1_500)
    assert.equal(kept + leftOut, 60)
    assert.match(body, new RegExp(`\\[${leftOut} older rows left out to fit budgetChars: 1,500\\]`))
    assert.match(body, /#59 "Let me look at thing number 59/)
    assert.doesNotMatch(body, /#0 "/)
  })
})
