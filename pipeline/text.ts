/**
 * How numbers and cut text read in every message, report and section: one way to print a count,
 * one way to clip text and say where it was cut.
 */

/** Text on one line, each line break shown as ⏎ (a command's own lines stay visible). */
export const oneLine = (s: string) =>
  s
    .replace(/\s*\n\s*/g, ' ⏎ ')
    .replace(/[ \t]+/g, ' ')
    .trim()

/** Thousands separators, so measured values read the same in every message. (Not
 *  toLocaleString: its first call loads ICU data, ~13 ms of every compaction's start.) */
export const fmt = (n: number): string => {
  const [int, frac] = String(n).split('.')
  return int!.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (frac ? `.${frac.slice(0, 3)}` : '')
}

/** A count of lines, or a run of file lines, in words: "1 line", "12 lines"; "line 7", "lines 7–9". */
export const lineCount = (n: number): string => `${fmt(n)} line${n === 1 ? '' : 's'}`
export const lineSpan = (from: number, to: number): string => (from === to ? `line ${fmt(from)}` : `lines ${fmt(from)}–${fmt(to)}`)

/** `/repo/lib/a.ex` as `lib/a.ex` when the session ran in /repo; any other path as it is. */
export function shortPath(path: string, cwd: string | undefined): string {
  const root = cwd?.replace(/\/+$/, '')
  // The project folder itself (`/repo/`) stays whole rather than becoming ''.
  return root && path.startsWith(`${root}/`) && path.length > root.length + 1 ? path.slice(root.length + 1) : path
}

export interface ClipOptions {
  /** 'end' (default) keeps the head and cuts the rest; 'middle' keeps both ends. */
  at?: 'end' | 'middle'
  /** What stands where the text was cut, given how many chars were cut (default '…'). */
  mark?: (cut: number) => string
  /** Cut at a line's end when one falls in the second half of what is kept. */
  atLine?: boolean
}

/** `text` in at most `max` characters, the mark included; text that fits comes back as it is. */
/** How far a middle cut moves to fall between words. */
const WORD_SNAP = 24

export function clip(text: string, max: number, opts: ClipOptions = {}): string {
  if (text.length <= max) return text
  const mark = opts.mark ?? (() => '…')
  // The mark's length depends on the count it shows: sized from the smallest cut, then again from
  // the real one (a count that gains a digit or a comma must not take the text past max).
  let keep = Math.max(0, max - mark(text.length - max).length)
  keep = Math.max(0, max - mark(text.length - keep).length)
  if (opts.at === 'middle') {
    // The cut falls between words where one is near (a word cut in two reads as another word).
    let headEnd = Math.ceil(keep / 2)
    let tailStart = text.length - Math.floor(keep / 2)
    // Only a cut inside a word moves: one already at a word's edge stays where it is.
    const inWord = (at: number) => at > 0 && at < text.length && text[at - 1] !== ' ' && text[at] !== ' '
    const space = text.lastIndexOf(' ', headEnd)
    if (inWord(headEnd) && space > headEnd - WORD_SNAP && space > 0) headEnd = space
    const next = text.indexOf(' ', tailStart)
    if (inWord(tailStart) && next >= 0 && next < tailStart + WORD_SNAP) tailStart = next + 1
    const cut = (from: number, to: number) => `${text.slice(0, from)}${mark(to - from)}${text.slice(to)}`
    const snapped = cut(headEnd, tailStart)
    // A longer cut can give the mark's count one more digit: never past max for it.
    return snapped.length <= max ? snapped : cut(Math.ceil(keep / 2), text.length - Math.floor(keep / 2))
  }
  if (opts.atLine) {
    const line = text.lastIndexOf('\n', keep)
    if (line > keep / 2) keep = line
  }
  return text.slice(0, keep) + mark(text.length - keep)
}

/** Characters a message costs in a window: its text, its tool calls' inputs and its tool results.
 *  The one count for a handed-up message (budgets, the size guard) and an engine message alike. */
export function messageChars(m: { text: string; toolUses?: ReadonlyArray<{ input?: unknown }>; toolResults?: ReadonlyArray<{ text: string }> }): number {
  let n = m.text.length
  for (const u of m.toolUses ?? []) n += JSON.stringify(u.input ?? {}).length
  for (const r of m.toolResults ?? []) n += r.text.length
  return n
}
