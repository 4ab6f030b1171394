/**
 * `commitments`: one completion over the conversation that lists what the assistant left open —
 * what it said it would do and never did, corrections it accepted, questions nobody answered.
 * No pattern can see an absence ("let me check X" with nothing after it that checked X); a model
 * reading the whole conversation can.
 */
import { defineSection, fmt, type ModelAnswer, modelCallRow, renderConversation, requireModel, SectionDropError } from '../../pipeline/index.ts'
import { COMMITMENTS_MARKER, commitmentsPrompt } from './prompt.ts'
import { parseCommitments, renderCommitments } from './reply.ts'

export { COMMITMENTS_MARKER }

export interface CommitmentsOptions extends Record<string, unknown> {
  /** The model the pass runs on. */
  model: string
  /** The reply's output cap, in tokens. */
  maxTokens: number
  /** The most characters of conversation the pass is sent; the newest part is kept. */
  maxInputChars: number
}

export default defineSection<CommitmentsOptions>({
  name: 'commitments',
  title: 'Open commitments',
  description: 'What the assistant said it would do and did not, corrections it accepted, and questions left unanswered.',
  // One completion over the whole conversation: tens of seconds on a long session, so two
  // minutes. The list is short by nature (a session with more open threads than fit in 6,000
  // chars has bigger problems), and it ranks below the summary and the user's own words.
  defaults: {
    timeoutMs: 120_000,
    budgetChars: 3_000,
    priority: 50,
    options: { model: 'claude-opus-5-5', maxTokens: 2_048, maxInputChars: 400_000 },
  },
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      model: { type: 'string', minLength: 1, description: 'the model id the pass runs on (e.g. claude-opus-5-5, claude-haiku-5-5)' },
      maxTokens: {
        type: 'integer',
        minimum: 128,
        maximum: 8_192,
        description: "the reply's output cap, in tokens; a reply cut by it says so on the row (hitCap)",
      },
      maxInputChars: {
        type: 'integer',
        minimum: 1_000,
        description: 'the most characters of conversation the pass is sent; the newest part is kept',
      },
    },
  },
  async run(ctx) {
    const model = requireModel(ctx.capabilities)
    const { model: asked, maxTokens, maxInputChars } = ctx.options
    // Tool results matter only as evidence that a promised check happened: short is enough.
    const conversation = renderConversation(ctx.input.transcript, { maxChars: maxInputChars, toolResultChars: 160, toolInputChars: 240 })
    const input = { rendered: conversation.rendered, leftOut: conversation.leftOut, chars: conversation.text.length }
    let answer: ModelAnswer
    try {
      answer = await model.complete({ model: asked, maxTokens, prompt: commitmentsPrompt(conversation) }, ctx.signal)
    } catch (err) {
      if (ctx.signal.aborted) throw err
      answer = { isAnswered: false, reason: `the host's model call threw: ${(err as Error).message?.split('\n')[0] ?? String(err)}` }
    }
    if (!answer.isAnswered) {
      const code = answer.reason.startsWith('empty') ? 'SECTION_MODEL_EMPTY' : 'SECTION_MODEL_FAILED'
      throw new SectionDropError(code, `the completion failed: ${answer.reason}`, { ...modelCallRow('complete', null, asked), input })
    }

    const call = modelCallRow('complete', answer, asked)
    const parsed = parseCommitments(answer.text)
    // The cap is seen three ways: the tokens ran out, the last row never closed, the block never closed.
    const atLength = answer.usage !== undefined && answer.usage.outputTokens >= maxTokens
    const why = atLength ? 'length' : parsed.truncatedRow ? 'truncated row' : parsed.block === 'unclosed' ? 'unclosed block' : null
    const record: Record<string, unknown> = {
      ...call,
      input,
      hitCap: why !== null,
      hitCapWhy: why,
      maxTokens,
      rows: parsed.rows.length,
      rowsUnreadable: parsed.unreadable,
      rowsDuplicate: parsed.duplicates,
      block: parsed.block,
    }
    if (answer.text.trim() === '') throw new SectionDropError('SECTION_MODEL_EMPTY', 'the completion replied with nothing', record)
    if (parsed.block === 'missing') {
      throw new SectionDropError('SECTION_MODEL_EMPTY', `the reply (${fmt(answer.text.length)} chars) has no <commitments> block`, record)
    }
    const capNote = why
      ? `[The model's reply was cut at its output cap (maxTokens: ${fmt(maxTokens)}; ${why}): rows past the cut are missing, so more may be open than is listed.]`
      : null
    if (capNote) ctx.report.note(`reply cut at the output cap (${why}); ${fmt(parsed.rows.length)} rows kept`)
    if (parsed.rows.length === 0 && !capNote) {
      record.rowsKept = 0
      return { body: 'Nothing found open: no unkept step, accepted correction or unanswered question.', record }
    }
    const { body, kept, leftOut } = renderCommitments(parsed.rows, ctx.budgetChars, capNote)
    record.rowsKept = kept
    record.rowsLeftOut = leftOut
    if (leftOut > 0) ctx.report.note(`${fmt(leftOut)} of ${fmt(parsed.rows.length)} rows left out to fit budgetChars: ${fmt(ctx.budgetChars)}`)
    return { body, record }
  },
})
