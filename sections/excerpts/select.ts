/**
 * Which lines the `excerpts` section shows: the sources (each file's newest copy, each tool
 * output) cut into short runs of lines, and the runs chosen greedily by how much of what the
 * session kept naming they hold that nothing chosen before holds, per character. Pure functions
 * over the transcript model, so the choice can be tested without a pipeline.
 */
import type { Message } from '../../pipeline/index.ts'

/** Something the conversation showed, as lines: a file's newest copy, or one tool call's output. */
export interface Source {
  /** What the excerpt is headed with: a path, or the call that printed the output. */
  label: string
  kind: 'file' | 'output'
  lines: string[]
  /** The line number of `lines[0]` in the file (1 for an output). */
  firstLine: number
  /** How recently the session worked with it, 1 for the newest message, falling off with age. */
  recency: number
}

/** A run of consecutive lines of one source. */
export interface Chunk {
  source: number
  /** Indexes into the source's lines, `to` exclusive. */
  from: number
  to: number
  /** Characters it costs as shown (numbered lines, clipped ones clipped). */
  cost: number
  names: string[]
}

/** Characters a name, path or flag can be made of: letters, digits and `_ $ . / : @ -`. */
const IN_NAME = new Uint8Array(128)
for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$./:@-') IN_NAME[c.charCodeAt(0)] = 1
/** Punctuation a name does not start or end with (sentence dots, a leading slash, a trailing colon). */
const EDGE = new Uint8Array(128)
for (const c of '.:@/-') EDGE[c.charCodeAt(0)] = 1
/** What makes a run a name as code and commands spell one: a digit, `_`, `.`, `/`, `-` or `:`
 *  anywhere, or a capital after its first character. Plain words ("because", "Testing") are prose,
 *  not names, and say nothing of where. */
const MARK = new Uint8Array(128)
for (const c of '0123456789_./:-') MARK[c.charCodeAt(0)] = 1
const isCapital = (code: number) => code >= 65 && code <= 90

function marked(text: string, start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const code = text.charCodeAt(k)
    if (MARK[code] || (k > start && isCapital(code))) return true
  }
  return false
}

/** The names a text mentions, each once. A scan by character codes: this runs over every line the
 *  session saw, so it must cost about what reading them does. */
export function namesIn(text: string, into: Set<string> = new Set()): Set<string> {
  const n = text.length
  let i = 0
  while (i < n) {
    while (i < n && !(text.charCodeAt(i) < 128 && IN_NAME[text.charCodeAt(i)])) i++
    let start = i
    while (i < n && text.charCodeAt(i) < 128 && IN_NAME[text.charCodeAt(i)]) i++
    let end = i
    while (start < end && EDGE[text.charCodeAt(start)]) start++
    while (end > start && EDGE[text.charCodeAt(end - 1)]) end--
    if (end - start >= 4 && marked(text, start, end)) into.add(text.slice(start, end))
  }
  return into
}

function strings(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) strings(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out)
  return out
}

/** How strongly a message `age` messages before the newest of `count` still counts. A tenth of the
 *  stretch back weighs about 60 %, half of it about 8 %: recent work, with a memory of the rest. */
export const recencyOf = (age: number, count: number, scale: number): number => Math.exp(-age / Math.max(1, count * scale))

/**
 * What the session kept naming, and how recently: each name in the assistant's words, the
 * person's words and the inputs of the calls, summed over the messages that mention it, each
 * weighted by its recency. Results are left out: a name a file or a command printed, that the
 * session never used, is not something it was working with.
 */
export function salience(messages: readonly Message[], scale: number): Map<string, number> {
  const weights = new Map<string, number>()
  messages.forEach((m, i) => {
    const said: string[] = m.role === 'assistant' || m.kind === 'typed' ? [m.text] : []
    for (const u of m.toolUses) strings(u.input, said)
    const w = recencyOf(messages.length - 1 - i, messages.length, scale)
    for (const name of namesIn(said.join('\n'))) weights.set(name, (weights.get(name) ?? 0) + w)
  })
  return weights
}

/** Characters a line costs as shown: its number, a tab, the line (clipped), a newline. */
export const lineCost = (line: string, n: number, lineChars: number): number => String(n).length + Math.min(line.length, lineChars + 1) + 2

/**
 * Where a source's runs fall: each paragraph (the lines between blank lines: a function, a block
 * of a function, one stanza of output) cut into runs of at most `lines` lines, of near-equal
 * length, so a run starts where the text does; blank lines belong to no run.
 */
export function runsOf(lines: readonly string[], most: number): Array<{ from: number; to: number }> {
  const out: Array<{ from: number; to: number }> = []
  for (let i = 0; i < lines.length;) {
    while (i < lines.length && lines[i]!.trim() === '') i++
    const start = i
    while (i < lines.length && lines[i]!.trim() !== '') i++
    const length = i - start
    const pieces = Math.ceil(length / most)
    for (let k = 0; k < pieces; k++) out.push({ from: start + Math.floor((k * length) / pieces), to: start + Math.floor(((k + 1) * length) / pieces) })
  }
  return out
}

/** Every source cut into runs of at most `lines` lines (`runsOf`). */
export function chunksOf(sources: readonly Source[], lines: number, lineChars: number): Chunk[] {
  const out: Chunk[] = []
  sources.forEach((s, source) => {
    for (const { from, to } of runsOf(s.lines, lines)) {
      // The mark between runs that are not adjacent ("…").
      let cost = 2
      const text: string[] = []
      for (let i = from; i < to; i++) {
        cost += lineCost(s.lines[i]!, s.firstLine + i, lineChars)
        text.push(s.lines[i]!.slice(0, lineChars))
      }
      const names = [...namesIn(text.join('\n'))]
      if (names.length > 0) out.push({ source, from, to, cost, names })
    }
  })
  return out
}

export interface Selection {
  chunks: Chunk[]
  /** Characters the chosen runs and their sources' headings take. */
  chars: number
}

/** A queue entry: a run, the value it had when last scored, and its place among the runs. */
interface Entry {
  value: number
  order: number
  chunk: Chunk
}

/** Whether `a` goes before `b`: the higher value, and on a tie the earlier run, so a choice
 *  between equal runs is the same every time. */
const before = (a: Entry, b: Entry): boolean => a.value > b.value || (a.value === b.value && a.order < b.order)

/** A max-heap of runs by a stale value: the lazy greedy's queue. */
class Queue {
  private items: Entry[] = []
  push(entry: Entry): void {
    const a = this.items
    a.push(entry)
    for (let i = a.length - 1; i > 0;) {
      const p = (i - 1) >> 1
      if (!before(a[i]!, a[p]!)) break
      ;[a[p], a[i]] = [a[i]!, a[p]!]
      i = p
    }
  }
  pop(): Entry | undefined {
    const a = this.items
    const top = a[0]
    const last = a.pop()
    if (a.length > 0 && last) {
      a[0] = last
      for (let i = 0; ;) {
        const l = 2 * i + 1
        const r = l + 1
        let m = i
        if (l < a.length && before(a[l]!, a[m]!)) m = l
        if (r < a.length && before(a[r]!, a[m]!)) m = r
        if (m === i) break
        ;[a[m], a[i]] = [a[i]!, a[m]!]
        i = m
      }
    }
    return top
  }
  peek(): Entry | undefined {
    return this.items[0]
  }
}

/**
 * The runs worth showing under `budget` characters: each step takes the run whose names not yet
 * covered weigh most per character — a name's salience, plus a little for any name at all in a
 * recently worked file (`background`), so that once what the session named is covered the room
 * goes to the code around where it worked rather than nowhere. `covered` holds names the rest of
 * the handoff already carries. A value only falls as names get covered, so a lazy greedy (re-score
 * the top, take it if it still leads) picks exactly what the plain greedy would, ties going to
 * the earlier run.
 */
export function select(
  sources: readonly Source[],
  chunks: readonly Chunk[],
  weights: ReadonlyMap<string, number>,
  opts: { budget: number; covered?: ReadonlySet<string>; background: number; outputBackground?: number; headingChars: (source: Source) => number },
): Selection {
  // Names become numbers once: a choice re-scores runs many times, and a typed array beats a
  // string-keyed lookup per name per score.
  const ids = new Map<string, number>()
  const namesOf = chunks.map((c) => Int32Array.from(c.names, (name) => ids.get(name) ?? ids.set(name, ids.size).size - 1))
  const weightOf = new Float64Array(ids.size)
  const covered = new Uint8Array(ids.size)
  for (const [name, id] of ids) {
    weightOf[id] = weights.get(name) ?? 0
    if (opts.covered?.has(name)) covered[id] = 1
  }
  const value = (order: number): number => {
    const c = chunks[order]!
    let v = 0
    // Output gets less background than code: generated output (hashes, lockfiles) is dense in names.
    const source = sources[c.source]!
    const bg = (source.kind === 'file' ? opts.background : (opts.outputBackground ?? 0)) * source.recency
    for (const id of namesOf[order]!) if (!covered[id]) v += weightOf[id]! + bg
    return v / c.cost
  }
  const queue = new Queue()
  chunks.forEach((chunk, order) => {
    const v = value(order)
    if (v > 0) queue.push({ value: v, order, chunk })
  })
  const opened = new Set<number>()
  const chosen: Chunk[] = []
  let chars = 0
  // Once no run fits in what is left, nothing more can be taken: stop rather than drain the queue.
  let smallest = Infinity
  for (const c of chunks) smallest = Math.min(smallest, c.cost)
  for (let top = queue.pop(); top && opts.budget - chars >= smallest; top = queue.pop()) {
    // A run too long for what is left, even with its heading paid, never fits again (what is
    // left only shrinks): dropped without scoring it again, as the plain greedy would drop it.
    if (chars + top.chunk.cost > opts.budget) continue
    // Re-scored in place: the entry is out of the queue, and a fresh object per step is garbage.
    top.value = value(top.order)
    if (top.value <= 0) continue
    const next = queue.peek()
    if (next && before(next, top)) {
      queue.push(top)
      continue
    }
    const c = top.chunk
    const cost = c.cost + (opened.has(c.source) ? 0 : opts.headingChars(sources[c.source]!))
    if (chars + cost > opts.budget) continue
    chars += cost
    opened.add(c.source)
    chosen.push(c)
    for (const id of namesOf[top.order]!) covered[id] = 1
  }
  return { chunks: chosen, chars }
}
