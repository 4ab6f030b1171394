/**
 * `recent`: the newest stretch of work as it happened — the person's words and the assistant's
 * text and tool calls verbatim, each tool result cut to its first lines (observation masking) —
 * as much as fits the budget, newest kept. What the next window continues is usually what the
 * last window was doing, in its own exact terms.
 */
import { defineSection, renderConversation, SectionDropError, windowStart } from '../../pipeline/index.ts'

interface RecentOptions extends Record<string, unknown> {
  resultChars: number
  inputChars: number
}

export default defineSection<RecentOptions>({
  name: 'recent',
  title: 'The newest work',
  description: 'The newest messages with tool calls verbatim and tool results clipped, newest kept.',
  // Priority 42: above restore (a call and its arguments cannot be re-read from anywhere), below
  // the outline and the sections that stand for the whole session.
  defaults: { timeoutMs: 5_000, budgetChars: 3_000, priority: 42, options: { resultChars: 150, inputChars: 1_500 } },
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      resultChars: { type: 'integer', minimum: 0, description: 'each tool result is cut to this many characters (0 leaves results out)' },
      inputChars: { type: 'integer', minimum: 50, description: "each tool call's input is cut to this many characters" },
    },
  },
  async run(ctx) {
    const intro = 'The last messages before this compaction, oldest first: tool calls as they were made, their results cut short.'
    // Only this window's own work: an earlier handoff or summary (and what came before it) is on
    // disk behind the history tools, and carrying it again would nest one handoff in the next.
    const t = ctx.input.transcript
    const start = windowStart(t.messages)
    const rendered = renderConversation(
      { ...t, messages: t.messages.slice(start) },
      {
        maxChars: ctx.budgetChars - intro.length - 2,
        toolInputChars: ctx.options.inputChars,
        toolResultChars: ctx.options.resultChars,
      },
    )
    if (rendered.rendered === 0)
      throw new SectionDropError('SECTION_EMPTY', 'no message fits, or the conversation holds none to show since the last compaction')
    return { body: `${intro}\n\n${rendered.text}`, record: { messages: rendered.rendered, leftOut: rendered.leftOut, fromMessage: start } }
  },
})
