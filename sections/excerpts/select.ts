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
  /** The one file every line of an output came from, said once in its heading and left off its
   *  lines (a search's `path:12:`). */
  from?: string
  /** How many times its call ran, when more than once: only the newest run's output is a source. */
  calls?: number
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
  /** The share of its lines that earn its names background weight (`pathNoise`). */
  backgroundShare: number
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
const inName = (code: number) => code < 128 && IN_NAME[code] === 1

function marked(text: string, start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const code = text.charCodeAt(k)
    if (MARK[code] || (k > start && isCapital(code))) return true
  }
  return false
}

/** Calls `found` with where each name in `text` starts and ends. A scan by character codes: this
 *  runs over every line the session saw, so it must cost about what reading them does. */
function eachName(text: string, found: (start: number, end: number) => boolean | void): void {
  const n = text.length
  let i = 0
  while (i < n) {
    while (i < n && !inName(text.charCodeAt(i))) i++
    let start = i
    while (i < n && inName(text.charCodeAt(i))) i++
    let end = i
    while (start < end && EDGE[text.charCodeAt(start)]) start++
    while (end > start && EDGE[text.charCodeAt(end - 1)]) end--
    // `found` answers true to stop the scan.
    if (end - start >= 4 && marked(text, start, end) && found(start, end) === true) return
  }
}

/** Whether every name `text` mentions passes `test` (true for a text that names nothing); the
 *  scan stops at the first that does not, so a long text is rarely read to its end. */
export function everyName(text: string, test: (name: string) => boolean): boolean {
  let all = true
  eachName(text, (start, end) => {
    if (test(text.slice(start, end))) return false
    all = false
    return true
  })
  return all
}

/** The names a text mentions, each once. */
export function namesIn(text: string, into: Set<string> = new Set()): Set<string> {
  eachName(text, (start, end) => {
    into.add(text.slice(start, end))
  })
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
 * length, so a run starts where the text does; blank lines belong to no run. A line that
 * introduces what follows it (`introduces`) does not end a run: it goes to the run after it, with
 * what it introduces, or when nothing follows it is not shown (what it introduced was cut off).
 */
export function runsOf(lines: readonly string[], most: number): Array<{ from: number; to: number }> {
  const cut: Array<{ from: number; to: number }> = []
  for (let i = 0; i < lines.length;) {
    while (i < lines.length && blank(lines[i]!)) i++
    const start = i
    while (i < lines.length && !blank(lines[i]!)) i++
    const length = i - start
    const pieces = Math.ceil(length / most)
    for (let k = 0; k < pieces; k++) cut.push({ from: start + Math.floor((k * length) / pieces), to: start + Math.floor(((k + 1) * length) / pieces) })
  }
  const out: Array<{ from: number; to: number }> = []
  cut.forEach((run, k) => {
    let end = run.to
    while (end > run.from && (blank(lines[end - 1]!) || introduces(lines[end - 1]!))) end--
    const next = cut[k + 1]
    if (end < run.to && next) next.from = end
    if (end > run.from) out.push({ from: run.from, to: end })
  })
  return out
}

const NOT_BLANK = /\S/
const blank = (line: string): boolean => !NOT_BLANK.test(line)

/** A line that only says what comes next: a markdown heading (or a `#` comment), or one that ends
 *  with a colon ("…has this signature:", "def run(self):"). Alone it tells the reader nothing. */
function introduces(line: string): boolean {
  const text = line.trim()
  return (text.endsWith(':') && !text.endsWith('::')) || /^#{1,6}\s/.test(text)
}

/** Every source cut into runs of at most `lines` lines (`runsOf`). */
export function chunksOf(sources: readonly Source[], lines: number, lineChars: number): Chunk[] {
  const out: Chunk[] = []
  sources.forEach((s, source) => {
    for (const { from, to } of runsOf(s.lines, lines)) {
      // The mark between runs that are not adjacent ("…").
      let cost = 2
      let share = 0
      const found = new Set<string>()
      let lines = 0
      for (let i = from; i < to; i++) {
        const line = s.lines[i]!
        cost += lineCost(line, s.firstLine + i, lineChars)
        if (blank(line)) continue
        const shown = line.slice(0, lineChars)
        // One scan gives the line's names and how much of it they are as paths.
        const inPaths = scanLine(shown, found)
        lines++
        // An output's line that is nearly all paths (a package loaded, a font embedded, a
        // module compiled) earns no background: its names are real, but none is the work's.
        if (s.kind === 'file' || !nearlyAllPaths(shown, inPaths)) share++
      }
      const names = [...found]
      if (names.length > 0) out.push({ source, from, to, cost, names, backgroundShare: share / lines })
    }
  })
  return out
}

/**
 * A line as it reads once what varies between runs of the same thing is set aside: a search's
 * `path:12:` prefix, and every number (line numbers, timings, counts). Two runs whose lines read
 * the same say the same thing: once one is shown, the other adds nothing.
 */
/** A run's lines as `lineKey` reads them, as shown (clipped at `lineChars`), blank lines left out. */
export function runKeys(source: Source, chunk: Pick<Chunk, 'from' | 'to'>, lineChars: number): string[] {
  const keys: string[] = []
  for (let i = chunk.from; i < chunk.to; i++) if (!blank(source.lines[i]!)) keys.push(lineKey(source.lines[i]!.slice(0, lineChars)))
  return keys
}

export const lineKey = (line: string): string =>
  line
    .replace(/^\S+?([:-])\d+\1/, '')
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ')
    .trim()

/**
 * Whether a line is nearly all paths: three quarters of what is not blank in it lie in names that
 * hold a `/` (`(/usr/share/…/amsmath.sty)`, `ok  example.com/pkg/a  (cached)`). A file's lines are
 * not judged so: its import paths are the code's own (bench: judging them too, 0.798 → 0.792).
 */
export function pathNoise(line: string): boolean {
  return nearlyAllPaths(line, scanLine(line, new Set()))
}

/** `pathNoise` given how many of the line's characters lie in names with a `/` in them. */
const nearlyAllPaths = (line: string, inPaths: number): boolean => {
  if (inPaths === 0) return false
  const solid = line.replace(/\s+/g, '').length
  return solid > 0 && inPaths >= 0.75 * solid
}

/** Adds a line's names to `into`; returns how many of its characters lie in names holding a `/`. */
function scanLine(line: string, into: Set<string>): number {
  let inPaths = 0
  eachName(line, (start, end) => {
    const name = line.slice(start, end)
    into.add(name)
    if (name.includes('/')) inPaths += end - start
  })
  return inPaths
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
  // Sifted by moving a hole rather than swapping pairs: this runs a few thousand times per
  // handoff, and a destructuring swap allocates.
  push(entry: Entry): void {
    const a = this.items
    let i = a.length
    a.push(entry)
    while (i > 0) {
      const p = (i - 1) >> 1
      if (!before(entry, a[p]!)) break
      a[i] = a[p]!
      i = p
    }
    a[i] = entry
  }
  pop(): Entry | undefined {
    const a = this.items
    const top = a[0]
    const last = a.pop()
    if (a.length > 0 && last) {
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        if (l >= a.length) break
        const r = l + 1
        const m = r < a.length && before(a[r]!, a[l]!) ? r : l
        if (!before(a[m]!, last)) break
        a[i] = a[m]!
        i = m
      }
      a[i] = last
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
 * recently worked file (`background`, times the run's `backgroundShare`), so that once what the
 * session named is covered the room goes to the code around where it worked rather than nowhere.
 * `covered` holds names the rest of the handoff already carries; a run whose every line reads
 * (`lineKey`) as one already chosen is worth nothing. A value only falls as names get covered and
 * lines shown, so a lazy greedy (re-score the top, take it if it still leads) picks exactly what
 * the plain greedy would, ties going to the earlier run.
 */
export function select(
  sources: readonly Source[],
  chunks: readonly Chunk[],
  weights: ReadonlyMap<string, number>,
  opts: {
    budget: number
    covered?: ReadonlySet<string>
    background: number
    outputBackground?: number
    headingChars: (source: Source) => number
    /** Where a shown line is clipped: lines are compared as shown. */
    lineChars: number
  },
): Selection {
  // Names become numbers once: a choice re-scores runs many times, and a typed array beats a
  // string-keyed lookup per name per score.
  const ids = new Map<string, number>()
  const namesOf = chunks.map((c) => {
    const out = new Int32Array(c.names.length)
    c.names.forEach((name, k) => {
      let id = ids.get(name)
      if (id === undefined) ids.set(name, (id = ids.size))
      out[k] = id
    })
    return out
  })
  const weightOf = new Float64Array(ids.size)
  const covered = new Uint8Array(ids.size)
  for (const [name, id] of ids) {
    weightOf[id] = weights.get(name) ?? 0
    if (opts.covered?.has(name)) covered[id] = 1
  }
  // Lines as `lineKey` reads them, as numbers too: a run all of whose lines are already shown
  // (the same check re-run, a timing or a line number apart) adds nothing. Read only for the runs
  // scored again once something is shown: most are scored once, before anything is.
  const lineIds = new Map<string, number>()
  const keyIds: Array<Int32Array | undefined> = []
  const keysOf = (order: number): Int32Array => {
    const c = chunks[order]!
    return (keyIds[order] ??= Int32Array.from(
      runKeys(sources[c.source]!, c, opts.lineChars),
      (key) => lineIds.get(key) ?? lineIds.set(key, lineIds.size).size - 1,
    ))
  }
  const shown = new Set<number>()
  const held = (order: number): boolean => {
    if (shown.size === 0) return false
    for (const id of keysOf(order)) if (!shown.has(id)) return false
    return true
  }
  const value = (order: number): number => {
    if (held(order)) return 0
    const c = chunks[order]!
    let v = 0
    // Output gets less background than code: generated output (hashes, lockfiles) is dense in names.
    const source = sources[c.source]!
    const bg = (source.kind === 'file' ? opts.background : (opts.outputBackground ?? 0)) * source.recency * c.backgroundShare
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
    for (const id of keysOf(top.order)) shown.add(id)
  }
  return { chunks: chosen, chars }
}
