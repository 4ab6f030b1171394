/**
 * `summary`: a fork of the session writes the handoff's summary — an inventory of facts first,
 * a short reading second, then the files to reopen. With no session to fork it falls back to a
 * completion over the conversation written out as text (cold), and says so on the row.
 */
import { readFile } from 'node:fs/promises'
import { dirname, isAbsolute, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  defineSection,
  fmt,
  type ModelAnswer,
  type ModelCapability,
  modelCallRow,
  renderConversation,
  requireModel,
  SectionDropError,
  type SectionContext,
} from '../../pipeline/index.ts'
import { INVENTORY_PROMPT, SUMMARY_MARKER } from './prompts/inventory.ts'
import { cleanReply, fitBody } from './reply.ts'

/** Opens the cold prompt, before the conversation; the summary prompt (and its marker) follows. */
export const SUMMARY_COLD_MARKER = '[compact-handoff:summary-cold]'
export { SUMMARY_MARKER }

export interface SummaryOptions extends Record<string, unknown> {
  /** A prompt file to use instead of the built-in inventory prompt (an arm to compare). */
  prompt?: string
  /** The model the cold completion runs on; the session's own model when unset. */
  coldModel?: string
  /** The most characters of conversation the cold completion is sent. */
  coldMaxChars: number
  /** The cold completion's output cap, in tokens. */
  coldMaxTokens: number
}

type Answered = Extract<ModelAnswer, { isAnswered: true }>

/** Where a relative `prompt` path resolves: this module's folder (sections/summary/ from source,
 *  plugin/dist/ in the bundle). */
const here = dirname(fileURLToPath(import.meta.url))

export async function loadPrompt(option: string | undefined): Promise<{ text: string; source: string }> {
  if (!option) return { text: INVENTORY_PROMPT, source: 'builtin:inventory' }
  const path = isAbsolute(option) ? option : resolve(here, option)
  try {
    return { text: await readFile(path, 'utf8'), source: path }
  } catch (err) {
    const e = err as NodeJS.ErrnoException
    throw new Error(`cannot read the prompt file ${path} (options.prompt): ${e.code === 'ENOENT' ? 'no such file' : e.message}`, { cause: err })
  }
}

/** The prompt as sent: the marker first, the budget and the person's `/compact` words filled in. */
export function buildPrompt(template: string, vars: { budgetChars: number; instructions?: string }): string {
  const instructions = vars.instructions?.trim()
    ? `\nThe person asked for this compaction with these words; follow them where they do not change the format above:\n<instructions>\n${vars.instructions.trim()}\n</instructions>\n`
    : ''
  let text = template.includes(SUMMARY_MARKER) ? template : `${SUMMARY_MARKER}\n${template}`
  text = text.replaceAll('{{budgetChars}}', fmt(vars.budgetChars))
  text = text.includes('{{instructions}}') ? text.replaceAll('{{instructions}}', instructions) : text + instructions
  return text.trimEnd() + '\n'
}

/** The cold prompt: the conversation as text, then the same summary prompt. */
export function coldPrompt(conversation: { text: string; leftOut: number }, prompt: string): string {
  const cut = conversation.leftOut > 0 ? ' Only its newest part fits here; the line at its start says how much is missing.' : ''
  return [
    SUMMARY_COLD_MARKER,
    `This request carries no conversation of its own. The conversation to hand off is written out below as a transcript: messages are numbered [#N role], and the assistant's tool calls appear under its messages as "→ Tool {input}" with "← ok/error: …" for what came back.${cut}`,
    '<conversation>',
    conversation.text,
    '</conversation>',
    '',
    prompt,
  ].join('\n')
}

function failed(code: 'SECTION_MODEL_FAILED' | 'SECTION_MODEL_EMPTY', message: string, record: Record<string, unknown>): never {
  throw new SectionDropError(code, message, record)
}

/** A model call whose rejection becomes a drop (unless the section's own time is up). */
async function ask(call: () => Promise<ModelAnswer>, signal: AbortSignal): Promise<ModelAnswer> {
  try {
    return await call()
  } catch (err) {
    if (signal.aborted) throw err
    return { isAnswered: false, reason: `the host's model call threw: ${(err as Error).message?.split('\n')[0] ?? String(err)}` }
  }
}

/** A host that substituted a completion for a fork says so in `via`. */
const answeredVia = (a: Answered): 'fork' | 'complete' | undefined => a.via

async function writeSummary(ctx: SectionContext<SummaryOptions>, model: ModelCapability) {
  const { text: template, source } = await loadPrompt(ctx.options.prompt)
  const prompt = buildPrompt(template, { budgetChars: ctx.budgetChars, instructions: ctx.input.instructions })
  // node:crypto is loaded only here: a build without a model never pays for it.
  const { createHash } = await import('node:crypto')
  const promptRecord = { source, chars: prompt.length, sha256: createHash('sha256').update(template).digest('hex').slice(0, 12) }
  const base: Record<string, unknown> = { prompt: promptRecord, instructions: !!ctx.input.instructions?.trim() }

  const forked = await ask(() => model.fork({ prompt }, ctx.signal), ctx.signal)
  let answer: Answered
  let path: 'fork' | 'complete' = 'fork'
  let cold: Record<string, unknown> | undefined
  if (forked.isAnswered) {
    answer = forked
    path = answeredVia(forked) ?? 'fork'
  } else if (forked.reason.startsWith('nothing-to-fork')) {
    ctx.report.note(`no session to fork (${forked.reason}); summarised cold from the conversation as text`)
    const conversation = renderConversation(ctx.input.transcript, { maxChars: ctx.options.coldMaxChars })
    cold = { forkReason: forked.reason, rendered: conversation.rendered, leftOut: conversation.leftOut, chars: conversation.text.length }
    const asked = ctx.options.coldModel ?? ctx.input.model
    const completed = await ask(
      () => model.complete({ prompt: coldPrompt(conversation, prompt), maxTokens: ctx.options.coldMaxTokens, ...(asked ? { model: asked } : {}) }, ctx.signal),
      ctx.signal,
    )
    path = 'complete'
    if (!completed.isAnswered) {
      const record = { ...base, ...modelCallRow('complete', null, asked), cold }
      const code = completed.reason.startsWith('empty') ? 'SECTION_MODEL_EMPTY' : 'SECTION_MODEL_FAILED'
      failed(code, `no session to fork, and the cold completion failed: ${completed.reason}`, record)
    }
    answer = { ...completed, model: completed.model ?? asked } as Answered
  } else {
    const record = { ...base, ...modelCallRow('fork', null, ctx.input.model) }
    const code = forked.reason.startsWith('empty') ? 'SECTION_MODEL_EMPTY' : 'SECTION_MODEL_FAILED'
    failed(code, `the fork failed: ${forked.reason}`, record)
  }

  const call = modelCallRow(path, answer, path === 'fork' ? ctx.input.model : (ctx.options.coldModel ?? ctx.input.model))
  const cleaned = cleanReply(answer.text)
  const record: Record<string, unknown> = {
    ...base,
    ...call,
    ...(cold ? { cold } : {}),
    analysisChars: cleaned.analysisChars,
    analysisUnclosed: cleaned.analysisUnclosed,
    wrapperChars: cleaned.wrapperChars,
    restoreBlock: cleaned.restoreBlock,
    restoreFiles: cleaned.restoreFiles,
    restoreRejected: cleaned.restoreRejected,
  }
  if (cleaned.analysisUnclosed) ctx.report.note('the reply opened an <analysis> block it never closed and no summary followed; kept as the summary')
  if (cleaned.restoreBlock === 'missing') ctx.report.note('the reply named no files to reopen (no <restore-files> block)')
  if (cleaned.body === '') {
    const dropped = cleaned.analysisChars > 0 ? ` (${fmt(cleaned.analysisChars)} chars of <analysis> dropped)` : ''
    failed('SECTION_MODEL_EMPTY', `the ${path === 'fork' ? 'fork' : 'cold completion'} replied with no summary text${dropped}`, record)
  }
  const fitted = fitBody(cleaned.body, ctx.budgetChars)
  record.cutChars = fitted.cutChars
  if (fitted.cutChars > 0) ctx.report.note(`${fmt(fitted.cutChars)} chars of the summary cut to fit budgetChars: ${fmt(ctx.budgetChars)}`)
  return { body: fitted.body, record }
}

export default defineSection<SummaryOptions>({
  name: 'summary',
  title: 'Summary',
  description: 'A fork of the session lists every fact of the conversation, then reads them, then names the files to reopen.',
  // A real fork reads the whole session and writes thousands of tokens: minutes, not seconds.
  // The budget is the largest of any section because this is the one part written for meaning;
  // the priority the highest, because the size guard should cut anything else first.
  defaults: { timeoutMs: 240_000, budgetChars: 14_000, priority: 100, options: { coldMaxChars: 400_000, coldMaxTokens: 16_384 } },
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      prompt: {
        type: 'string',
        minLength: 1,
        description: 'a prompt file used instead of the built-in inventory prompt: absolute, or relative to the section folder',
      },
      coldModel: {
        type: 'string',
        minLength: 1,
        description: 'the model the cold completion runs on when there is no session to fork (default: the session model)',
      },
      coldMaxChars: {
        type: 'integer',
        minimum: 1_000,
        description: 'the most characters of conversation a cold completion is sent; the newest part is kept',
      },
      coldMaxTokens: {
        type: 'integer',
        minimum: 256,
        description: "the cold completion's output cap, in tokens",
      },
    },
  },
  async run(ctx) {
    const model = requireModel(ctx.capabilities)
    return writeSummary(ctx, model)
  },
})
