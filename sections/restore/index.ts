/**
 * `restore`: up to five files the next window should have open, re-read as the handoff is
 * written (through the engine's real Read tool when the engine is the host) and handed up as
 * real Read tool_use/tool_result pairs after the handoff, not as a narration of one.
 */
import { existsSync, statSync } from 'node:fs'
import { extname } from 'node:path'
import {
  clip,
  defineSection,
  fileTouches,
  fileLines,
  fmt,
  lineCount,
  lineSpan,
  numberLines,
  onSessionMachine,
  type Touch,
  type ReadPolicy,
  READ_POLICY_OPTIONS,
  readPolicy,
  refusalOf,
  resolveIn,
  SectionDropError,
  type HandoffMessage,
  type SectionContext,
} from '../../pipeline/index.ts'
import { choose, type Range, type Requested } from './choose.ts'

interface RestoreOptions extends Record<string, unknown> {
  maxFiles: number
  fileChars: number
  totalChars: number
  readTimeoutMs: number
  /** Globs added to the read policy's deny list (pipeline/read-policy.ts DEFAULT_DENY). */
  denyPaths?: string[]
  /** Globs exempt from the deny list and from the inside-the-project rule. */
  allowPaths?: string[]
}

/** Kinds the Read tool hands back as something other than text. */
const NOT_TEXT: Record<string, string> = {
  '.png': 'an image',
  '.jpg': 'an image',
  '.jpeg': 'an image',
  '.gif': 'an image',
  '.webp': 'an image',
  '.bmp': 'an image',
  '.ico': 'an image',
  '.svgz': 'an image',
  '.pdf': 'a PDF',
  '.ipynb': 'a notebook',
}

export interface RestoredFile {
  path: string
  range: Range
  reason: string
  source: 'read' | 'stored'
  lines: number
  chars: number
  approxTokens: number
  clippedChars: number
  /** The result stops short of the lines asked: clipped to its share, or the host read no further. */
  clipped: boolean
  /** A stored copy that is only a part of the file: the lines it holds. */
  copyHolds?: { from: number; to: number }
  ms: number
  note?: string
}

/** A file to read: the lines asked of the host, and those its stored copy shows if the read fails. */
type Planned = Requested & { fallback: Range }

const rangeInput = (range: Range) => (range === 'all' ? {} : { offset: range.from, limit: range.to - range.from + 1 })

/** Characters a line costs as the Read tool shows it: its number, a tab, the line, a newline. */
const shownChars = (line: string, n: number) => String(n).length + line.length + 2

/** Room for the line that labels a stored copy, when the file cannot be read now. */
const STORED_LABEL_CHARS = 250

/** What a line the transcript holds no copy of is taken to cost as shown, to size a window. */
const ASSUMED_LINE_CHARS = 50

/**
 * The lines to restore of a file longer than `fileChars`: a window around where the session last
 * worked in it (its newest Edit, else its newest Read), a third of the window above that line and
 * the rest below, each line costed from the transcript's copy where it holds the line, else as a
 * typical line. A file whose whole copy fits comes back whole, and so does one with no copy that
 * was last worked at its top (the host reads no more of it than fits). `within`: only lines the
 * copy holds — what the copy itself can show when the file cannot be read now.
 */
export function windowFor(touch: Touch | undefined, fileChars: number, within = false): Range {
  const copy = touch?.stored
  const focus = touch?.focus ?? 1
  if (!copy && focus <= 1) return 'all'
  const lines = copy ? fileLines(copy.text) : []
  const first = copy?.firstLine ?? 1
  const last = first + lines.length - 1
  if (copy?.whole && lines.reduce((sum, l, i) => sum + shownChars(l, i + 1), 0) <= fileChars) return 'all'
  const cost = (n: number) => (n >= first && n <= last ? shownChars(lines[n - first]!, n) : ASSUMED_LINE_CHARS)
  const lo = copy && within ? first : 1
  const hi = copy && (within || copy.whole) ? last : Number.MAX_SAFE_INTEGER
  const at = Math.min(Math.max(focus, lo), hi)
  let from = at
  let to = at
  let used = cost(at)
  // Grow below first (up to two thirds of the room), then above, then below again.
  while (to < hi && used + cost(to + 1) <= (fileChars * 2) / 3) used += cost(++to)
  while (from > lo && used + cost(from - 1) <= fileChars) used += cost(--from)
  while (to < hi && used + cost(to + 1) <= fileChars) used += cost(++to)
  return { from, to }
}

/** The file lines a Read result shows (numbered "12\t…" or "    12→…"): how many, the first and the last. */
export function shownLines(text: string): { count: number; from: number; to: number } {
  const numbers = [...text.matchAll(/^ *(\d+)[\t→]/gm)].map((m) => Number(m[1]))
  return { count: numbers.length, from: numbers[0] ?? 0, to: numbers.at(-1) ?? 0 }
}

/** `goesOn`: the host stopped reading at fileChars, so how much more there is was never read, and is not said. */
function clipFile(text: string, max: number, goesOn = false, setting = `fileChars: ${max}`): { text: string; clipped: number } {
  const rest = (clipped: number) =>
    `\n[… ${goesOn ? 'the rest of the file' : `${fmt(clipped)} more chars`} not restored (${setting}); Read the file for the rest]`
  if (!goesOn && text.length <= max) return { text, clipped: 0 }
  if (goesOn && text.length <= max) {
    // The mark that says the file goes on counts toward max too: the last lines give it room.
    const mark = rest(0)
    if (text.length + mark.length <= max) return { text: `${text}${mark}`, clipped: 0 }
    const keep = Math.max(0, text.lastIndexOf('\n', max - mark.length))
    return { text: `${text.slice(0, keep)}${mark}`, clipped: text.length - keep }
  }
  let clipped = 0
  const kept = clip(text, max, { atLine: true, mark: (cut) => rest((clipped = cut)) })
  return { text: kept, clipped }
}

/**
 * Shares `total` chars among files in order (water-filling): a file that needs less than an even
 * share of what is left takes only what it needs, and the rest goes to the files after it. So one
 * long file the session was rewriting is not cut to a fifth when the others are short.
 */
/** Why no file came back, each reason once: files the total could not take are counted, not
 *  listed one by one (five of them would say the same five times). */
function whyNone(failed: ReadonlyArray<{ why: string; overTotal?: true }>, total: number, setting: string): string {
  const over = failed.filter((f) => f.overTotal).length
  const others = [...new Set(failed.filter((f) => !f.overTotal).map((f) => f.why))]
  // With no room left at all, the list of files took it: said as such, not as "past 0".
  const past =
    over === 0
      ? []
      : total === 0
        ? [`the list of files alone takes the room (${setting})`]
        : [`${over === 1 ? 'one' : fmt(over)} would take the restored total past ${fmt(total)} (${setting})`]
  return [...others, ...past].join('; ')
}

export function shareOut(demands: number[], total: number): number[] {
  const shares = demands.map(() => 0)
  let left = Math.max(0, total)
  let open = demands.map((_, i) => i)
  while (open.length > 0 && left > 0) {
    const even = Math.floor(left / open.length)
    const small = open.filter((i) => demands[i]! - shares[i]! <= even)
    if (small.length === 0) {
      for (const i of open) shares[i]! += even
      break
    }
    for (const i of small) {
      left -= demands[i]! - shares[i]!
      shares[i] = demands[i]!
    }
    open = open.filter((i) => !small.includes(i))
  }
  return shares
}

/**
 * What restoring a file whole would cost: from its size on disk when it is here (it may have
 * changed since the transcript last saw it), else from the transcript's copy, else the file cap.
 */
function demandOf(touch: Touch | undefined, fileChars: number, onDisk: number | undefined): number {
  const s = touch?.stored
  const label = STORED_LABEL_CHARS
  if (onDisk !== undefined) return Math.min(fileChars, Math.ceil(onDisk * 1.2) + label) // numbering adds about a fifth
  if (!s) return fileChars
  const shown = fileLines(s.text).reduce((n, line, i) => n + shownChars(line, s.firstLine + i), 0)
  return Math.min(fileChars, shown + label)
}

/** A regular file's size, or undefined when it is not here (or not a file). */
function sizeOnDisk(path: string | null): number | undefined {
  const st = path ? statSync(path, { throwIfNoEntry: false }) : undefined
  return st?.isFile() ? st.size : undefined
}

/** The stored copy shown like a real Read, numbered and in the range asked; '' when the copy
 *  holds none of those lines. */
function storedLines(stored: NonNullable<Touch['stored']>, range: Range): string {
  const { offset, limit } = rangeInput(range)
  return numberLines(stored.text, offset, limit ?? Number.MAX_SAFE_INTEGER, stored.firstLine)
}

/** What the first line of a stored copy's result says it is: the next window must not take an old
 *  copy for the file as it is, nor a part for the whole file. */
function storedLabel(stored: NonNullable<Touch['stored']>, range: Range, why: string): string {
  const n = fileLines(stored.text).length
  const what = !stored.whole
    ? `below is the transcript's last copy of it, which holds only ${lineSpan(stored.firstLine, stored.firstLine + n - 1)} of the file, not the whole file; it may be out of date`
    : range !== 'all'
      ? `below is part of the transcript's last copy of it (${lineCount(n)} in all), which may be out of date`
      : "below is the transcript's last copy of it, which may be out of date"
  return `[compact-handoff: the file could not be read now (${why}); ${what}]\n`
}

/** One file: the host's read, bounded in time; on failure, the transcript's own copy. */
async function readOne(ctx: SectionContext<RestoreOptions>, file: Planned, stored: Touch['stored'], policy: ReadPolicy, maxChars: number) {
  const started = ctx.capabilities.now()
  const kind = NOT_TEXT[extname(file.path).toLowerCase()]
  if (kind) return { failed: `${kind}: only text comes back through a restore` }
  let why = 'the host offers no file reads'
  if (ctx.capabilities.files) {
    // A ref'd timer rather than AbortSignal.timeout(): that one does not keep Node alive, and a
    // read that hangs must still end in a fallback, not in a process that quietly exits.
    const timer = new AbortController()
    const t = setTimeout(() => timer.abort(new Error('read timeout')), ctx.options.readTimeoutMs)
    const signal = AbortSignal.any([ctx.signal, timer.signal])
    try {
      // Raced against the signal too: a host that ignores it must not hold the section.
      const stopped = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }))
      stopped.catch(() => {}) // it fires again when the section settles; nobody is waiting by then
      const request = { path: file.path, ...rangeInput(file.range), policy, maxChars }
      const answer = await Promise.race([ctx.capabilities.files.read(request, signal), stopped])
      if (answer.ok)
        return {
          text: answer.text,
          truncated: answer.truncated === true,
          source: 'read' as const,
          whole: file.range === 'all',
          ms: ctx.capabilities.now() - started,
        }
      why = answer.reason
    } catch (err) {
      why = timer.signal.aborted ? `no answer within ${fmt(ctx.options.readTimeoutMs)} ms (readTimeoutMs)` : (err as Error).message
    } finally {
      clearTimeout(t)
    }
    if (ctx.signal.aborted) return { failed: 'the section was stopped' }
  }
  const shown = stored ? storedLines(stored, file.fallback) : ''
  if (stored && shown !== '') {
    return {
      text: storedLabel(stored, file.fallback, why) + shown,
      source: 'stored' as const,
      truncated: false,
      whole: stored.whole && file.fallback === 'all',
      ms: ctx.capabilities.now() - started,
      note: `read failed (${why}); the transcript's copy stands in`,
    }
  }
  return { failed: `read failed: ${why}` }
}

export default defineSection<RestoreOptions>({
  name: 'restore',
  title: 'Files restored',
  description: 'Up to five files re-read when the handoff is written and handed up as Read results.',
  // Priority 40: a file can always be read again after the compaction; the other sections'
  // facts cannot be recovered as cheaply. Budget: the total file cap plus the section's list.
  defaults: {
    timeoutMs: 60_000,
    budgetChars: 8_000,
    priority: 40,
    options: { maxFiles: 5, fileChars: 20_000, totalChars: 7_000, readTimeoutMs: 20_000 },
  },
  needs: ['summary', 'ledger'],
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      maxFiles: { type: 'integer', minimum: 0, maximum: 20, description: 'the most files restored' },
      fileChars: { type: 'integer', minimum: 100, description: 'a file longer than this is clipped, and the clip is said' },
      totalChars: { type: 'integer', minimum: 100, description: 'a file that would take the restored total past this is left out' },
      readTimeoutMs: { type: 'integer', minimum: 1, description: "a read slower than this falls back to the transcript's copy" },
      ...READ_POLICY_OPTIONS,
    },
  },
  async run(ctx) {
    const { input, options } = ctx
    const summary = ctx.needed.summary
    const named = summary?.status === 'ok' ? (summary.record?.restoreFiles as Requested[] | undefined) : undefined
    // The transcript's own cwd is the project; the CLI's working directory never stands in for it.
    const policy = readPolicy(input.transcript.cwd, { denyPaths: options.denyPaths ?? [], allowPaths: options.allowPaths ?? [] })
    const onDisk = (path: string) => {
      const abs = resolveIn(policy, path)
      return abs !== null && existsSync(abs)
    }
    const touches = fileTouches(input.transcript)
    // Same machine: the session's own files are here, so a file gone from disk is gone. A CLI
    // run over a transcript from elsewhere lets the transcript's copy stand in.
    const sameMachine = onSessionMachine(input.trigger, input.transcript.cwd, touches.keys(), onDisk)
    // The files the ledger read as deleted by the shell after their last write (its record's contract).
    const ledger = ctx.needed.ledger
    const written = ledger?.status === 'ok' ? (ledger.record?.files as Array<{ path: string; deleted?: string }> | undefined) : undefined
    const deletions = new Map((written ?? []).flatMap((f) => (f.deleted ? [[f.path, f.deleted] as const] : [])))
    const choice = choose(named, input.transcript, {
      maxFiles: options.maxFiles,
      sameMachine,
      exists: onDisk,
      refuse: (path, stored) => refusalOf(path, policy, stored),
      deletedBy: (path) => deletions.get(path),
    })

    // Never past the section's own budget (which the runner keeps under the size guard), less room
    // for the list of files (a row names the path, the range, the size and the reason); whichever
    // is lower governs, and a refusal names that one.
    const listRoom = 250 + choice.files.reduce((n, f) => n + f.path.length + f.reason.length + 110, 0)
    const byBudget = Math.max(0, ctx.budgetChars - listRoom)
    const total = Math.min(options.totalChars, byBudget)
    const totalSetting = total === options.totalChars ? 'totalChars' : `budgetChars: ${ctx.budgetChars}, less room for the list`
    const restored: RestoredFile[] = []
    const failed: Array<{ path: string; why: string; overTotal?: true }> = []
    const messages: HandoffMessage[] = [
      { role: 'assistant', text: '', toolUses: [] },
      { role: 'user', text: '', toolResults: [] },
    ]
    let used = 0
    // The total is shared out among the files (each at most fileChars, less room for its call);
    // a file named whole, or picked by recency, that is longer than its share comes back as the
    // window where the session last worked in it, not as its head.
    // A Read call's input as handed up: {"file_path":…,"offset":…,"limit":…}.
    const perCall = (path: string) => path.length + 60
    const shares = shareOut(
      choice.files.map((f) => demandOf(touches.get(f.path), options.fileChars, sizeOnDisk(resolveIn(policy, f.path)))),
      total - choice.files.reduce((n, f) => n + perCall(f.path), 0),
    )
    // A range the summary named is kept as named; else the window, and for the stored copy the
    // same window held to the lines the copy has (a part is shown as the part it is).
    const files: Planned[] = choice.files.map((f, i) => {
      const touch = touches.get(f.path)
      if (f.range !== 'all') return { ...f, fallback: f.range }
      return { ...f, range: windowFor(touch, shares[i]!), fallback: windowFor(touch, shares[i]! - STORED_LABEL_CHARS, true) }
    })
    const reads = await Promise.all(files.map((f, i) => readOne(ctx, f, touches.get(f.path)?.stored, policy, shares[i]!)))
    files.forEach((file, i) => {
      const r = reads[i]!
      if ('failed' in r) return void failed.push({ path: file.path, why: r.failed! })
      const share = shares[i]!
      const setting = share < options.fileChars ? `its share of totalChars: ${fmt(share)}` : `fileChars: ${options.fileChars}`
      const { text, clipped } = clipFile(r.text, share, r.truncated, setting)
      const cost = text.length + perCall(file.path)
      if (used + cost > total)
        return void failed.push({
          path: file.path,
          why: `${fmt(text.length)} chars would take the restored total past ${fmt(total)} (${totalSetting})`,
          overTotal: true,
        })
      used += cost
      // Labelled by what the result holds, not by what was asked: a read can stop short of the
      // range (the file's end, the clip), and the call must be one that would show these lines.
      const lines = shownLines(text)
      const range: Range = r.whole && clipped === 0 && !r.truncated ? 'all' : lines.count > 0 ? { from: lines.from, to: lines.to } : file.range
      const id = `toolu_handoff_${String(input.lineage.n).padStart(3, '0')}_restore_${restored.length + 1}`
      messages[0]!.toolUses!.push({ id, name: 'Read', input: { file_path: file.path, ...rangeInput(range) } })
      messages[1]!.toolResults!.push({ toolUseId: id, text, isError: false })
      const stored = touches.get(file.path)?.stored
      restored.push({
        path: file.path,
        range,
        reason: file.reason,
        source: r.source,
        lines: lines.count,
        chars: text.length,
        approxTokens: Math.ceil(text.length / 4),
        clippedChars: clipped,
        clipped: clipped > 0 || r.truncated,
        ...(r.source === 'stored' && stored && !stored.whole
          ? { copyHolds: { from: stored.firstLine, to: stored.firstLine + fileLines(stored.text).length - 1 } }
          : {}),
        ms: r.ms,
        ...(r.note ? { note: r.note } : {}),
      })
    })
    for (const f of failed) ctx.report.note(`${f.path}: ${f.why}`)

    const record = {
      source: choice.source,
      requested: named?.length ?? 0,
      restored,
      refused: choice.refused.map(({ path, why }) => ({ path, why })),
      failed,
    }
    if (restored.length === 0) {
      const why =
        choice.files.length === 0
          ? `no file to restore (${record.requested} named, ${record.refused.length} refused, none touched and still available)`
          : `none of ${choice.files.length} file(s) could be restored (${whyNone(failed, total, totalSetting)})`
      throw new SectionDropError('SECTION_EMPTY', why, record)
    }
    const rows = restored.map((f) => {
      const range = f.range === 'all' ? '' : ` ${lineSpan(f.range.from, f.range.to)}`
      const holds = f.copyHolds ? `, which holds only ${lineSpan(f.copyHolds.from, f.copyHolds.to)} of it` : ''
      const how = f.source === 'stored' ? `; the file could not be read, so from the transcript's last copy${holds}` : ''
      return `- ${f.path}${range} (${lineCount(f.lines)}${f.clipped ? ', clipped' : ''}${how}) — ${f.reason}`
    })
    const picked = choice.source === 'summary' ? 'chosen by the summary' : 'the most recently touched'
    const fresh = restored.filter((f) => f.source === 'read').length
    const how =
      fresh === restored.length
        ? 're-read as this handoff was written'
        : fresh === 0
          ? restored.length === 1
            ? "from the transcript's last copy (it could not be read now)"
            : "from the transcript's last copies (they could not be read now)"
          : `${fresh} re-read as this handoff was written, ${restored.length - fresh} from the transcript's last copy`
    const one = restored.length === 1
    // What was passed over and why, so the next window does not reach for a secret or a file that
    // is gone (the reasons name no contents).
    const told = choice.refused.filter((r) => r.told)
    const passed = told.slice(0, 3).map((r) => `${r.path} (${r.why})`)
    const more = told.length - passed.length
    const notRestored = passed.length ? [`Not restored: ${passed.join('; ')}${more > 0 ? `; ${fmt(more)} more` : ''}.`] : []
    return {
      body: [
        `${one ? 'One file' : `${restored.length} files`}, ${picked}, ${how}; ${one ? 'its contents follow as a Read result' : 'their contents follow as Read results'}:`,
        ...rows,
        ...notRestored,
      ].join('\n'),
      messages,
      record,
    }
  },
})
