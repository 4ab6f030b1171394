/**
 * `turns`: every turn of the person's, verbatim and in order: what they typed at the prompt, and
 * what they typed on refusing a tool call. Nothing that merely rode along with one (tool results,
 * reminders, command wrappers, hook output, attachments). Turns an earlier handoff carried come
 * back as that handoff wrote them.
 */
import { clip, defineSection, fmt, type Message, parseMarker, shortInput, type ToolUse, type Transcript } from '../../pipeline/index.ts'

export interface Turn {
  /** 1-based, counted over the whole session including turns earlier handoffs carried. */
  n: number
  text: string
  at?: string
  /** True when the turn came from an earlier handoff rather than from a message. */
  carried: boolean
  /** Words typed on refusing a tool call: that call, in a few words (`the Bash call \`git commit …\``). */
  refused?: string
  /** Words typed after a slash command (`/compact and go on with the tests`): that command. */
  command?: string
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

/** Turns an earlier handoff carried, read back from its own rendering, with the numbers it gave them. */
export function turnsFromHandoff(text: string): Array<Omit<Turn, 'carried'>> {
  return [...text.matchAll(TURN_RE)].map((m) => ({ n: Number(m[1]), text: unescapeTurn(m[3]!), ...(m[2] ? { at: m[2] } : {}) }))
}

/** The newest earlier handoff in the transcript and its compaction's number (null when its marker has none). */
function newestHandoff(t: Transcript): { index: number; n: number | null } | null {
  for (let i = t.messages.length - 1; i >= 0; i--) {
    const m = t.messages[i]!
    if (m.kind === 'handoff') return { index: i, n: parseMarker(m.text)?.n ?? null }
  }
  return null
}

/** The person's words in one message: what they typed on refusing its tool calls, then its typed text. */
function wordsOf(m: Message, uses: ReadonlyMap<string, ToolUse>, cwd: string | undefined): Array<Pick<Turn, 'text' | 'refused' | 'command'>> {
  const out: Array<Pick<Turn, 'text' | 'refused' | 'command'>> = []
  const base = cwd && cwd !== '/' ? `${cwd.replace(/\/+$/, '')}/` : null
  for (const r of m.toolResults) {
    if (r.said === undefined) continue
    const use = uses.get(r.toolUseId)
    // The call as the ledger names it: a path under the session's cwd relative to it.
    const input = use ? shortInput(use, 80) : ''
    const shown = base && input.startsWith(base) ? input.slice(base.length) : input
    out.push({ text: r.said, refused: use ? `the ${use.name} call${shown ? ` \`${shown.replace(/`/g, "'")}\`` : ''}` : 'a tool call' })
  }
  if (m.kind === 'typed' && m.text.trim() !== '') out.push({ text: m.text })
  // A slash command is the engine's wrapper, but what the person typed after it is theirs
  // (real: ae4a77f8, `/compact and continue with the reamining tasks`).
  if (m.kind === 'command') {
    const name = COMMAND_NAME_RE.exec(m.text)?.[1]?.trim()
    const args = COMMAND_ARGS_RE.exec(m.text)?.[1]
    if (name && args?.trim()) out.push({ text: args, command: name.startsWith('/') ? name : `/${name}` })
  }
  return out
}

const COMMAND_NAME_RE = /<command-name>([^<]*)<\/command-name>/
const COMMAND_ARGS_RE = /<command-args>([\s\S]*?)<\/command-args>/

/**
 * Every turn of the person's in the transcript, with the ones the newest earlier handoff carried
 * first. Carried turns keep the numbers that handoff gave them (a gap is turns it left out); new
 * ones are numbered on from the highest.
 */
export function collectTurns(t: Transcript): Turn[] {
  // Only the newest handoff counts: it already carried everything older ones did.
  const handoff = newestHandoff(t)
  const carried: Turn[] = []
  for (const c of handoff ? turnsFromHandoff(t.messages[handoff.index]!.text) : []) {
    // Numbers only ever rise; a handoff that wrote them otherwise is read in its order.
    const n = Math.max(c.n, (carried.at(-1)?.n ?? 0) + 1)
    carried.push({ ...c, n, carried: true })
  }
  const window = t.messages.slice(handoff ? handoff.index + 1 : 0)
  const uses = new Map<string, ToolUse>()
  for (const m of window) for (const u of m.toolUses) uses.set(u.id, u)
  let n = carried.at(-1)?.n ?? 0
  const fresh = window.flatMap((m) => wordsOf(m, uses, t.cwd).map((w): Turn => ({ n: ++n, ...w, carried: false, ...(m.timestamp ? { at: m.timestamp } : {}) })))
  return [...carried, ...fresh]
}

// ---- rendering --------------------------------------------------------------------------------

/** The words as the block shows them: a refusal's words after a line that says what was refused,
 *  a slash command's after one that names it. */
export const wordsShown = (turn: Turn) =>
  turn.refused
    ? `[typed on refusing ${turn.refused}, which did not run]\n${turn.text}`
    : turn.command
      ? `[typed after ${turn.command}]\n${turn.text}`
      : turn.text

/** A turn longer than `max` keeps its start and its end (the ask, and what it came to); the cut says its size. */
const clipTurn = (text: string, max: number) => clip(text, max, { at: 'middle', mark: (cut) => `\n[… ${fmt(cut)} chars of this turn clipped here …]\n` })

const openTag = (turn: Turn) => {
  const at = turn.at && SAFE_AT_RE.test(turn.at) ? ` at="${turn.at}"` : ''
  return `<turn n="${turn.n}"${at}${turn.carried ? ' carried="1"' : ''}>`
}

export function renderTurn(turn: Turn, maxTurnChars: number): string {
  return `${openTag(turn)}\n${escapeTurn(clipTurn(wordsShown(turn), maxTurnChars))}\n</turn>`
}

// ---- fitting ----------------------------------------------------------------------------------

/**
 * A bare go-ahead or greeting: "yes", "ok", "1", "please continue", "hi". It says nothing the
 * turns around it do not, so under a tight budget it is quoted on a line with its neighbours
 * rather than given a block. Never "no" or "stop": those change what happens next.
 */
const BRIEF_WORDS = new Set(
  "y yes yeah yep yup ok okay k kk sure go ahead on continue proceed please pls thanks thank you ty lets let's do it keep going carry great good perfect cool nice fine alright right correct sounds looks lgtm hi hello hey".split(
    ' ',
  ),
)
export function isBrief(text: string): boolean {
  const s = text.trim().toLowerCase().replace(/’/g, "'")
  if (s === '' || s.length > 40 || !/^[\w\s'.,!?-]+$/.test(s)) return false
  return s.split(/[\s.,!?-]+/).every((w) => w === '' || BRIEF_WORDS.has(w) || /^\d{1,2}$/.test(w))
}

/** How a turn may be shown when all of them do not fit: a repeat names the later turn that sent its words again. */
type Role = { as: 'block' } | { as: 'brief' } | { as: 'repeat'; again: number }

/** A turn sent again word for word is shown once, at its newest copy: that is where the work went on from. */
function rolesOf(turns: Turn[]): Role[] {
  const later = new Map<string, number>()
  const roles: Role[] = []
  for (let i = turns.length - 1; i >= 0; i--) {
    const t = turns[i]!
    const key = wordsShown(t).trim()
    const again = later.get(key)
    roles[i] = !t.refused && !t.command && isBrief(t.text) ? { as: 'brief' } : again !== undefined ? { as: 'repeat', again } : { as: 'block' }
    later.set(key, t.n)
  }
  return roles
}

/**
 * The order in which blocks are given up for room, last first: the newest turn (what the work had
 * come to), the first (the task as asked), a turn the user sent more than once (they said it again
 * because it mattered; its earlier copies point at it), then the others newest first.
 */
function ranked(turns: Turn[], roles: Role[]): number[] {
  const blocks = turns.map((_, i) => i).filter((i) => roles[i]!.as === 'block')
  if (blocks.length === 0) return []
  const newest = blocks.at(-1)!
  const first = blocks[0]!
  const resent = new Set(roles.flatMap((r) => (r.as === 'repeat' ? [r.again] : [])))
  const rest = blocks.filter((i) => i !== newest && i !== first).reverse()
  const sentAgain = rest.filter((i) => resent.has(turns[i]!.n))
  return newest === first ? [newest] : [newest, first, ...sentAgain, ...rest.filter((i) => !resent.has(turns[i]!.n))]
}

/** The least a clipped turn keeps (mark included): a sentence from each end. Fewer chars are a block left out. */
const MIN_CLIPPED = 300
/** The least the one block left keeps: the clip's mark is about 45 of these. */
const MIN_LAST = 100

/** What the layout of the turns came to. */
export interface Fitted {
  body: string
  whole: number[]
  clipped: number[]
  /** Brief go-aheads quoted on a line between blocks. */
  brief: number[]
  /** Turns sent again later, named on a line (their words are in the later block). */
  repeats: number[]
  leftOut: number[]
  /** How many numbers are missing between carried turns: an earlier compaction left them out.
   *  A count, not a list: the numbers are read off a handoff, and a gap may be any size. */
  leftOutBefore: number
}

interface Layout {
  /** Indices of turns shown as blocks, each with the most chars its words may take. */
  caps: Map<number, number>
  /** Brief turns are quoted on their line; false: counted like any left-out turn. */
  quote: boolean
}

/**
 * The turns in order as the layout shows them. Turns not shown as blocks, and numbers an earlier
 * compaction left out, make one bracketed line per run between blocks.
 */
function lay(turns: Turn[], roles: Role[], layout: Layout, earlier: number | null, fitted?: Fitted, render = renderTurn): string {
  const out: string[] = []
  let run: string[] = []
  let outRun: number[] = []
  const endOut = () => {
    if (outRun.length === 0) return
    const chars = outRun.reduce((s, i) => s + wordsShown(turns[i]!).length, 0)
    const [a, b] = [turns[outRun[0]!]!.n, turns[outRun.at(-1)!]!.n]
    run.push(`${a === b ? `turn ${a}` : `turns ${a}–${b}`} left out (${fmt(chars)} chars)`)
    outRun = []
  }
  const endRun = () => {
    endOut()
    if (run.length) out.push(`[${run.join('; ')}]`)
    run = []
  }
  turns.forEach((t, i) => {
    const prev = i === 0 ? 0 : turns[i - 1]!.n
    if (t.n > prev + 1) {
      endOut()
      const [a, b] = [prev + 1, t.n - 1]
      const where = earlier === null ? 'an earlier compaction' : `compaction ${earlier}: handoff_lookup {"n": ${earlier}, "section": "turns"}`
      run.push(`${a === b ? `turn ${a}` : `turns ${a}–${b}`} left out by ${where}`)
      if (fitted) fitted.leftOutBefore += b - a + 1
    }
    const cap = layout.caps.get(i)
    const role = roles[i]!
    if (cap !== undefined) {
      endRun()
      // A cap of 0 lays out the frame alone: the tags, without the words.
      out.push(cap === 0 ? `${openTag(t)}\n\n</turn>` : render(t, cap))
      if (fitted) (wordsShown(t).length <= cap ? fitted.whole : fitted.clipped).push(i)
    } else if (role.as === 'brief' && layout.quote) {
      endOut()
      run.push(`turn ${t.n}: "${t.text.trim()}"`)
      fitted?.brief.push(i)
    } else if (role.as === 'repeat') {
      endOut()
      run.push(`turn ${t.n}: sent again as turn ${role.again}`)
      fitted?.repeats.push(i)
    } else {
      outRun.push(i)
      fitted?.leftOut.push(i)
    }
  })
  endRun()
  return out.join('\n\n')
}

/**
 * The most chars per weight that blocks of these lengths may take so that they add up to no more
 * than `room`: turns shorter than the cap stay whole, the longer ones share what is left.
 * Infinity when all fit whole; -1 when not even their tags do.
 */
function capFor(lengths: Array<{ chars: number; weight: number }>, room: number): number {
  if (room < 0) return -1
  const total = lengths.reduce((s, l) => s + l.chars, 0)
  if (total <= room) return Infinity
  const byCap = [...lengths].sort((a, b) => a.chars / a.weight - b.chars / b.weight)
  let left = room
  let weights = byCap.reduce((s, l) => s + l.weight, 0)
  for (const l of byCap) {
    const cap = left / weights
    if (l.chars / l.weight > cap) return Math.floor(cap)
    left -= l.chars
    weights -= l.weight
  }
  return Infinity
}

/**
 * Fits the turns into `room` chars. All of them whole when they fit. Otherwise, so the room is
 * used: brief go-aheads are quoted on one line and a turn sent again is named as a repeat; the
 * blocks left share the room, a turn longer than its share clipped in its middle, the newest and
 * the first turn given twice the share of the others; and only when a share would fall below
 * MIN_CLIPPED is a block left out, the others before the first and the newest, oldest first.
 */
export function fitTurns(turns: Turn[], room: number, maxTurnChars: number, earlier: number | null = null): Fitted {
  const roles = rolesOf(turns)
  // Layouts are tried many times over; each block at each cap is rendered once.
  const rendered = new Map<string, string>()
  const render = (t: Turn, cap: number) => {
    const key = `${t.n}:${cap}`
    let block = rendered.get(key)
    if (block === undefined) rendered.set(key, (block = renderTurn(t, cap)))
    return block
  }
  const fitted = (layout: Layout): Fitted => {
    const f: Fitted = { body: '', whole: [], clipped: [], brief: [], repeats: [], leftOut: [], leftOutBefore: 0 }
    f.body = lay(turns, roles, layout, earlier, f, render)
    return f
  }
  const whole = fitted({ caps: new Map(turns.map((_, i) => [i, maxTurnChars])), quote: true })
  if (whole.body.length <= room) return whole

  const order = ranked(turns, roles)
  const weight = (i: number) => (i === order[0] || i === order[1] ? 2 : 1)
  const words = (i: number) => wordsShown(turns[i]!)

  /** The blocks ranked above k sharing the room, or null when a share would fall below the least a clipped block keeps. */
  const keep = (k: number, quote: boolean): { f: Fitted; caps: Map<number, number> } | null => {
    const kept = order.slice(0, k)
    // Everything but the blocks' words: their tags and the lines between them, and what
    // escaping may add to the words.
    const frame = lay(turns, roles, { caps: new Map(kept.map((i) => [i, 0])), quote }, earlier).length
    const escapes = kept.reduce((s, i) => s + escapeTurn(words(i)).length - words(i).length, 0)
    const lengths = kept.map((i) => ({ chars: Math.min(words(i).length, maxTurnChars), weight: weight(i) }))
    let cap = capFor(lengths, room - frame - escapes)
    // The estimate leaves out only rounding; the layout itself is what must fit.
    for (let tries = 0; tries < 4 && cap >= 0; tries++) {
      const caps = new Map(kept.map((i) => [i, cap === Infinity ? maxTurnChars : Math.min(maxTurnChars, cap * weight(i))]))
      const least = Math.min(...kept.map((i) => (caps.get(i)! < words(i).length ? caps.get(i)! : Infinity)))
      // Below MIN_CLIPPED a block is left out while another can be; the last one left may go
      // lower, down to what still shows some of its words beside the clip's mark.
      if (least < (k > 1 ? MIN_CLIPPED : MIN_LAST)) return null
      const f = fitted({ caps, quote })
      if (f.body.length <= room) return { f, caps }
      const clippedWeight = kept.reduce((s, i) => s + (caps.get(i)! < words(i).length || cap === Infinity ? weight(i) : 0), 0)
      cap = (cap === Infinity ? Math.max(...lengths.map((l) => l.chars)) : cap) - Math.ceil((f.body.length - room) / Math.max(1, clippedWeight)) - 1
    }
    return null
  }

  for (const quote of [true, false]) {
    // The most blocks that fit: fewer blocks only ever leave each more room, so a binary search
    // finds it (a line between blocks may differ by a few chars; the layout is checked anyway).
    let best = order.length > 0 ? keep(1, quote) : null
    let [lo, hi, k] = [2, order.length, 1]
    while (best && lo <= hi) {
      const mid = (lo + hi) >> 1
      const got = keep(mid, quote)
      if (got) [best, k, lo] = [got, mid, mid + 1]
      else hi = mid - 1
    }
    if (!best) continue
    // What room the chosen blocks leave goes to blocks given up that fit it whole, in rank order.
    let { f, caps } = best
    for (const i of order.slice(k)) {
      if (words(i).length > room - f.body.length + 40) continue
      const more = new Map(caps).set(i, maxTurnChars)
      const g = fitted({ caps: more, quote })
      if (g.body.length <= room) [caps, f] = [more, g]
    }
    return f
  }
  // Not even the newest turn fits: the lines alone say what there was, as many as fit whole. With
  // room for none, nothing: the intro says how many turns there were and where each is in full.
  const lines = fitted({ caps: new Map(), quote: false })
  const end = lines.body.length <= room ? lines.body.length : lines.body.lastIndexOf('\n', room)
  return { ...lines, body: end > 0 ? lines.body.slice(0, end).trimEnd() : '' }
}

// ---- the section --------------------------------------------------------------------------------

interface TurnsOptions extends Record<string, unknown> {
  maxTurnChars: number
}

const plural = (n: number, one: string, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`

/** The intro line: how many turns there were and how they are shown; the call that reads the ones not shown whole. */
function introOf(turns: Turn[], f: Fitted, lookup: string): string {
  const total = turns.at(-1)?.n ?? 0
  const refused = turns.filter((t) => t.refused).length
  const said = refused ? ` (${fmt(refused)} of them typed on refusing a tool call)` : ''
  const notWhole = f.clipped.length + f.brief.length + f.repeats.length + f.leftOut.length
  if (notWhole === 0 && f.leftOutBefore === 0) {
    return `${total === 1 ? 'The one turn' : total === 2 ? 'Both turns' : `All ${fmt(total)} turns`} the user typed, oldest first${said}:`
  }
  const how = [
    f.clipped.length ? `${fmt(f.clipped.length)} clipped in the middle` : '',
    f.brief.length ? `${plural(f.brief.length, 'brief reply', 'brief replies')} quoted on a line` : '',
    f.repeats.length ? `${fmt(f.repeats.length)} sent again later and shown there` : '',
    f.leftOut.length ? `${fmt(f.leftOut.length)} left out` : '',
    f.leftOutBefore ? `${fmt(f.leftOutBefore)} left out by an earlier compaction` : '',
  ].filter(Boolean)
  const whole = f.whole.length ? `${fmt(f.whole.length)} whole, ` : ''
  // Brief replies are quoted whole; the others have their full words in the record the call reads.
  const each = notWhole > f.brief.length ? `; each in full: ${lookup}` : ''
  return `The ${plural(total, 'turn')} the user typed, oldest first${said}: ${whole}${how.join(', ')}${each}`
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
    const t = ctx.input.transcript
    const turns = collectTurns(t)
    if (turns.length === 0) return null
    const n = ctx.input.lineage.n
    const lookup = `handoff_lookup {"n": ${n}, "section": "turns"}`
    const earlier = newestHandoff(t)?.n ?? null
    const maxTurnChars = ctx.options.maxTurnChars ?? 6_000
    // Room for the intro comes off the budget before the turns are fitted. Its widest form comes
    // off first; when what it says of that fit is shorter, the turns are fitted again in the room
    // it leaves, as long as what it says of the new fit still fits.
    const every = turns.map((_, i) => i)
    const widest: Fitted = { body: '', whole: every, clipped: every, brief: every, repeats: every, leftOut: every, leftOutBefore: turns.at(-1)!.n }
    let f = fitTurns(turns, ctx.budgetChars - introOf(turns, widest, lookup).length - 2, maxTurnChars, earlier)
    for (let tries = 0; tries < 3; tries++) {
      const g = fitTurns(turns, ctx.budgetChars - introOf(turns, f, lookup).length - 2, maxTurnChars, earlier)
      if (g.body === f.body || introOf(turns, g, lookup).length + 2 + g.body.length > ctx.budgetChars) break
      f = g
    }
    const notWhole = [...f.clipped, ...f.repeats, ...f.leftOut]
    if (notWhole.length)
      ctx.report.note(
        `to fit budgetChars: ${fmt(ctx.budgetChars)}, of ${fmt(turns.length)} turns ${fmt(f.clipped.length)} clipped, ${fmt(f.brief.length + f.repeats.length)} on a line, ${fmt(f.leftOut.length)} left out`,
      )
    return {
      body: f.body ? `${introOf(turns, f, lookup)}\n\n${f.body}` : introOf(turns, f, lookup),
      record: {
        turns: turns.length,
        whole: f.whole.length,
        clipped: f.clipped.length,
        brief: f.brief.length,
        repeats: f.repeats.length,
        leftOut: f.leftOut.length,
        leftOutBefore: f.leftOutBefore,
        carried: turns.filter((x) => x.carried).length,
        refused: turns.filter((x) => x.refused).length,
        lookup: { n, section: 'turns' },
        // Every turn not shown whole, at full length, as its block would read.
        inFull: notWhole.sort((a, b) => a - b).map((i) => renderTurn(turns[i]!, Infinity)),
      },
    }
  },
})
