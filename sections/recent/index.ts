/**
 * `recent`: the newest stretch of work as it happened — the newest messages verbatim (tool calls
 * as made, each result cut to its first characters: observation masking), and before them the
 * steps that led there, one line per call: what was run, in what order, what failed. What the
 * next window continues is usually what the last window was doing, in its own exact terms.
 */
import {
  defineSection,
  PATH_FIELDS,
  READ_POLICY_OPTIONS,
  readPolicy,
  renderConversation,
  SectionDropError,
  shortPath,
  windowStart,
} from '../../pipeline/index.ts'

interface RecentOptions extends Record<string, unknown> {
  resultChars: number
  inputChars: number
  fullShare: number
  /** The read policy's lists, as restore and excerpts take them: what they would not show, this does not either. */
  denyPaths?: string[]
  allowPaths?: string[]
}

/** Whether a call's input names a path under `cwd` (one a compact line shows shortened). */
const namesPathUnder = (input: Record<string, unknown>, cwd: string) =>
  PATH_FIELDS.some((k) => typeof input[k] === 'string' && shortPath(input[k], cwd) !== input[k])

export default defineSection<RecentOptions>({
  name: 'recent',
  title: 'The newest work',
  description: 'The newest messages with tool calls verbatim and tool results clipped; the steps before them one line per call.',
  // Priority 42: above restore (a call and its arguments cannot be re-read from anywhere), below
  // the outline and the sections that stand for the whole session.
  defaults: { timeoutMs: 5_000, budgetChars: 2_200, priority: 42, options: { resultChars: 150, inputChars: 1_500, fullShare: 0.5 } },
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      resultChars: { type: 'integer', minimum: 0, description: 'each tool result is cut to this many characters (0 leaves results out)' },
      inputChars: { type: 'integer', minimum: 50, description: "each tool call's input is cut to this many characters" },
      fullShare: {
        type: 'number',
        minimum: 0,
        maximum: 1,
        description: 'the share of the room the newest messages take in full (at least the newest one); older ones are one line per tool call',
      },
      ...READ_POLICY_OPTIONS,
    },
  },
  async run(ctx) {
    const t = ctx.input.transcript
    // Only this window's own work: an earlier handoff or summary (and what came before it) is on
    // disk behind the history tools, and carrying it again would nest one handoff in the next.
    const start = windowStart(t.messages)
    const messages = t.messages.slice(start)
    // Said only when some call's path is under the project folder, so that a shortened one reads right.
    const under = t.cwd !== undefined && messages.some((m) => m.toolUses.some((u) => namesPathUnder(u.input, t.cwd!)))
    const relative = under ? `; paths relative to ${t.cwd}` : ''
    const intro = `The last messages before this compaction, oldest first: the older ones a line per tool call (its input, how it came back${relative}), the newest in full.`
    const maxChars = ctx.budgetChars - intro.length - 2
    const rendered = renderConversation(
      { ...t, messages },
      {
        maxChars,
        toolInputChars: ctx.options.inputChars,
        toolResultChars: ctx.options.resultChars,
        // The newest steps verbatim, their exact strings; the steps before them as a sequence,
        // which a room of a few thousand chars holds a dozen or more of, one call a line.
        compact: { fullChars: Math.round(maxChars * ctx.options.fullShare), ...(t.cwd ? { cwd: t.cwd } : {}) },
        // What restore and excerpts would not show (a call naming .env or ~/.aws), this does not
        // either; a secret-looking assignment in any other output has its value hidden.
        policy: readPolicy(t.cwd, { denyPaths: ctx.options.denyPaths ?? [], allowPaths: ctx.options.allowPaths ?? [] }),
      },
    )
    if (rendered.rendered === 0)
      throw new SectionDropError('SECTION_EMPTY', 'no message fits, or the conversation holds none to show since the last compaction')
    return { body: `${intro}\n\n${rendered.text}`, record: { messages: rendered.rendered, leftOut: rendered.leftOut, fromMessage: start } }
  },
})
