/**
 * `turns`: every turn the person typed, verbatim and in order, and nothing that merely rode
 * along with one (tool results, reminders, command wrappers, hook output, attachments).
 * Turns an earlier handoff carried come back as that handoff wrote them.
 */
import { clip, defineSection, fmt, type Message, type Transcript } from '../../pipeline/index.ts'

export interface Turn {
  /** 1-based, counted over the whole session including turns earlier handoffs carried. */
  n: number
  text: string
  at?: string
  /** True when the turn came from an earlier handoff rather than from a message. */
  carried: boolean
}

const TURN_RE = /<turn n="(\d+)"(?: at="([^"]*)")?(?: carried="1")?>\n([\s\S]*?)\n<\/turn>/g

/**
 * A turn's words may hold `<turn …>` or `</turn>` themselves; one more backslash after the `<`
 * keeps them from opening or closing a block, and `unescapeTurn` takes exactly one away again, so
 * the words read back byte for byte (a `<\turn` the person typed gains one and loses one).
 */
const TURN_TAG_RE = /<(\\*)(\/?turn\b)/g
const ESCAPED_TURN_TAG_RE = /<\\(\\*)(\/?turn\b)/g
export const escapeTurn = (text: string): string => text.replace(TURN_TAG_RE, '<\\$1$2')
export const unescapeTurn = (text: string): string => text.replace(ESCAPED_TURN_TAG_RE, '<$1$2')
/** A timestamp goes into an attribute only when it cannot end it. */
const SAFE_AT_RE = /^[\w:.+-]+$/

/** Turns an earlier handoff carried, read back from its own rendering. */
export function turnsFromHandoff(text: string): Array<Omit<Turn, 'n' | 'carried'>> {
  return [...text.matchAll(TURN_RE)].map((m) => ({ text: unescapeTurn(m[3]!), ...(m[2] ? { at: m[2] } : {}) }))
}

/** Every typed turn in the transcript, with the ones the newest earlier handoff carried first. */
export function collectTurns(t: Transcript): Turn[] {
  // Only the newest handoff counts: it already carried everything older ones did.
  let start = 0
  let carried: Array<Omit<Turn, 'n' | 'carried'>> = []
  for (let i = t.messages.length - 1; i >= 0; i--) {
    const m = t.messages[i]!
    if (m.kind === 'handoff') {
      carried = turnsFromHandoff(m.text)
      start = i + 1
      break
    }
  }
  const typed = t.messages.slice(start).filter((m: Message) => m.kind === 'typed' && m.text.trim() !== '')
  return [
    ...carried.map((c, i) => ({ ...c, n: i + 1, carried: true })),
    ...typed.map((m, i) => ({ n: carried.length + i + 1, text: m.text, carried: false, ...(m.timestamp ? { at: m.timestamp } : {}) })),
  ]
}

/** A turn over maxTurnChars keeps its start and its end: the ask, and what it came to. */
const clipTurn = (text: string, max: number, setting = 'maxTurnChars') =>
  clip(text, max, { at: 'middle', mark: (cut) => `\n[… ${fmt(cut)} chars of this turn clipped (${setting}) …]\n` })

export function renderTurn(turn: Turn, maxTurnChars: number, setting?: string): string {
  const at = turn.at && SAFE_AT_RE.test(turn.at) ? ` at="${turn.at}"` : ''
  return `<turn n="${turn.n}"${at}${turn.carried ? ' carried="1"' : ''}>\n${escapeTurn(clipTurn(turn.text, maxTurnChars, setting))}\n</turn>`
}

/**
 * Fits the turns into `budget` chars: the first turn always (it usually states the task), then
 * the newest ones back to front, and a line that says how many in between were left out.
 */
export function fitTurns(turns: Turn[], budget: number, maxTurnChars: number): { body: string; kept: number; left: number } {
  const rendered = turns.map((t) => renderTurn(t, maxTurnChars))
  const all = rendered.join('\n\n')
  if (all.length <= budget) return { body: all, kept: rendered.length, left: 0 }
  // The first turn is always kept, cut in the middle to what the budget leaves when it must be:
  // a shared budget below maxTurnChars must shrink it, not drop the section.
  const noteRoom = rendered.length > 1 ? 200 : 0
  const firstRoom = Math.max(200, budget - noteRoom - 80)
  const first = rendered[0]!.length <= firstRoom ? rendered[0]! : renderTurn(turns[0]!, Math.min(maxTurnChars, firstRoom - 60), 'budgetChars')
  if (rendered.length <= 1) return { body: first, kept: 1, left: 0 }
  let used = first.length + noteRoom
  let from = rendered.length
  while (from > 1 && used + rendered[from - 1]!.length + 2 <= budget) {
    from--
    used += rendered[from]!.length + 2
  }
  const left = from - 1
  const note = `[${fmt(left)} turn${left === 1 ? '' : 's'} left out here (turns 2–${from}) to fit budgetChars: ${fmt(budget)}; every turn is in the stored transcript]`
  return { body: [first, note, ...rendered.slice(from)].join('\n\n'), kept: rendered.length - left, left }
}

interface TurnsOptions extends Record<string, unknown> {
  maxTurnChars: number
}

export default defineSection<TurnsOptions>({
  name: 'turns',
  title: "The user's words, verbatim",
  description: 'Every turn the person typed, verbatim and in order.',
  defaults: { timeoutMs: 5_000, budgetChars: 4_000, priority: 80, options: { maxTurnChars: 6_000 } },
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      maxTurnChars: {
        type: 'integer',
        minimum: 200,
        description: 'a single turn longer than this is clipped in the middle, and the clip is said',
      },
    },
  },
  async run(ctx) {
    const turns = collectTurns(ctx.input.transcript)
    if (turns.length === 0) return null
    const intro = (left: number) =>
      `${turns.length === 1 ? 'The one turn' : `All ${fmt(turns.length)} turns`} the user typed${left > 0 ? ` (${fmt(left)} left out for size)` : ''}, oldest first:`
    // Room for the intro line comes off the budget before the turns are fitted.
    const room = ctx.budgetChars - intro(turns.length).length - 2
    const { body, kept, left } = fitTurns(turns, room, ctx.options.maxTurnChars ?? 6_000)
    if (left > 0) ctx.report.note(`${fmt(left)} of ${fmt(turns.length)} turns left out to fit the budget`)
    return {
      body: `${intro(left)}\n\n${body}`,
      record: { turns: turns.length, kept, leftOut: left, carried: turns.filter((t) => t.carried).length },
    }
  },
})
