/**
 * The field records the hooks module keeps as a session goes on, and the compaction asked for on
 * the session's behalf. At each main turn's end: one line of window.jsonl (./window), and while a
 * compaction is being watched, its NNN.post.json (./watch). Both go to the session's store folder,
 * where its handoffs and rows are. The work is queued after the turn has ended and never awaited by
 * it; the queue is drained at session end so a headless run's last turn is kept.
 *
 * Everything it knows lives on disk as well as here: a resumed session (a new process) reads the
 * tail of window.jsonl, the folder's compaction numbers and the open post.json, and goes on.
 */
import type { EngineInterface, SessionMessage, TurnCompleteInput } from 'claude-code'
import { type Arm, armOf, type CompactRequester, LATE_SUFFIX, modeDir, nextNumber, postFile, ROW_FILE, type Settings, WINDOW_FILE } from './protocol'
import { type HandoffRefs, postDoc, refsOf, turnCalls, turnRows, type Watch, watchFrom } from './watch'
import { lastWindowRow, windowRow } from './window'

interface FieldState {
  cwd: string
  /** The session's store folder: where its compactions of this arm are stored. */
  dir: string
  arm: Arm
  /** The A/B draw decided the arm (live on); live off is stock whatever the draw. */
  drawn: boolean
  watchTurns: number
  /** The last turn recorded. */
  turn: number
  /** The newest compaction seen (0: none yet). */
  phase: number
  /** The compaction whose handoff share the next row carries. */
  handoffDue: number | null
  watch: Watch | null
  /** How many of this process's compactions the phase accounts for (of `heard`). */
  synced: number
  /** Look for compactions in the folder at the next record (a resumed process: another process may
   *  have compacted the session since its last row). */
  pendingSync: boolean
  /** window.jsonl was not there when this process first looked: its first row creates it. */
  windowAbsent: boolean
}

let state: FieldState | null = null
/**
 * The main-conversation compactions this process has handled, counted once each is stored (its
 * number claimed). A turn's records are written after the turn, possibly after a compaction that
 * came later: each turn takes the count at its end, and a compaction counted after that belongs to
 * the turns after it.
 */
let heard = 0
let queue: Promise<void> = Promise.resolve()

/** How many of the newest rows a watched turn reads: a turn with more calls than that is read in part. */
const TURN_ROWS = 400

/** Appends stdin to $1 in one write, starting a line of its own after a torn one (as store/files.ts). */
const APPEND_STDIN = 'umask 077; f="$1"; mkdir -p "$(dirname "$f")"; if [ -s "$f" ] && [ -n "$(tail -c 1 "$f")" ]; then printf \'\\n\' >> "$f"; fi; cat >> "$f"'
/** Replaces $1 with stdin whole: written beside it, then renamed over it, so a reader never sees half. */
const REPLACE_STDIN = 'umask 077; f="$1"; mkdir -p "$(dirname "$f")"; t="$(dirname "$f")/.$(basename "$f").$$"; cat > "$t" && mv -f "$t" "$f"'

const EMPTY_REFS: HandoffRefs = { restored: [], named: [], commands: [] }

async function sh($: EngineInterface, script: string, path: string, stdin: string): Promise<void> {
  const r = await $.process.run(['sh', '-c', script, 'sh', path], { stdin, timeoutMs: 5_000 })
  if (r.exitCode !== 0) throw new Error(`writing ${path}: ${r.stderr.trim() || `exit ${r.exitCode}`}`)
}

/**
 * One row onto window.jsonl. Its first row, where the file was not there, is written with
 * $.fs.write, which makes the file (mode 600) and its folders: no process, which a one-shot
 * `claude -p` would otherwise wait for at its exit (~60 ms measured, 2.1.328). Later rows are
 * appended by `sh` in one O_APPEND write ($.fs has no append). Only another process recording the
 * same session in the same instant could lose a row to that first write.
 */
async function appendWindow($: EngineInterface, st: FieldState, line: string): Promise<void> {
  const file = `${st.dir}/${WINDOW_FILE}`
  if (st.windowAbsent) await $.fs.write(file, line)
  else await sh($, APPEND_STDIN, file, line)
  st.windowAbsent = false
}

async function readJson($: EngineInterface, path: string): Promise<unknown> {
  try {
    return JSON.parse(await $.fs.read(path))
  } catch {
    return null
  }
}

/** The state as the disk has it, for this process's first turn. */
async function load($: EngineInterface, s: Settings): Promise<FieldState> {
  // No HOME and no dataDir setting: the child falls back to the OS's home, which this sandbox
  // cannot ask for, so there is no folder to keep the records in.
  if (!s.dataDir) throw new Error('no data dir (HOME is not set and neither is the dataDir setting)')
  const [sessionId, cwd] = await Promise.all([$.session.id(), $.session.cwd()])
  const arm = armOf(sessionId, s)
  // The stock arm's handoffs are stored as rehearsals, and so are its field records.
  const dir = `${s.dataDir}/${modeDir(s.live && arm === 'handoff')}/${sessionId}`
  const file = `${dir}/${WINDOW_FILE}`
  let last: { turn: number; phase: number } | null = null
  // Both asked at once: a headless run records its only turn at session end, which the process's
  // exit waits for.
  const [size, listed] = await Promise.all([
    $.fs
      .stat(file)
      .then((st) => st.size)
      .catch(() => null),
    $.fs.list(dir).catch(() => []),
  ])
  if (size !== null && size > 0) {
    const from = Math.max(0, size - 8_192)
    last = lastWindowRow(await $.fs.read(file, { offset: from, length: size - from }).catch(() => ''))
  }
  const st: FieldState = {
    cwd,
    dir,
    arm,
    drawn: s.live,
    watchTurns: s.watchTurns ?? 10,
    turn: last?.turn ?? 0,
    phase: last?.phase ?? 0,
    handoffDue: null,
    watch: null,
    synced: 0,
    pendingSync: last !== null,
    windowAbsent: size === null,
  }
  if (!last) {
    // No turn recorded yet, yet compactions stored that this process did not handle: they came
    // before these records were kept (an older version, or the plugin off). They set the phase;
    // the turns after them were not seen, so no watch opens for them.
    const names = listed.map((x) => x.name)
    st.phase = Math.max(0, nextNumber(names).n - 1 - heard)
  }
  return st
}

/** The row of compaction n in the folder: its completion when there is one; `final` unless pending. */
async function compactionRow($: EngineInterface, st: FieldState, n: number): Promise<{ final: boolean; row: Record<string, unknown> } | null> {
  const names = (await $.fs.list(st.dir).catch(() => [])).map((x) => x.name)
  const file = names.find((name) => Number(ROW_FILE.exec(name)?.[1] ?? 0) === n)
  if (!file) return null
  const late = file.replace(/\.json$/, LATE_SUFFIX)
  const row = (await readJson($, `${st.dir}/${names.includes(late) ? late : file}`)) as Record<string, unknown> | null
  if (!row) return null
  return { final: row.outcome !== 'pending', row }
}

async function writePost($: EngineInterface, st: FieldState, w: Watch): Promise<void> {
  await sh($, REPLACE_STDIN, `${st.dir}/${postFile(w.n)}`, JSON.stringify(postDoc(w), null, 2) + '\n')
}

/**
 * Catches up with the compactions in the folder as they stood at the end of the turn being
 * recorded (`snapHeard`: this process's count then): a newer one closes the open watch and opens
 * its own. The count is taken as synced only once the folder holds every compaction it counts.
 */
async function sync($: EngineInterface, st: FieldState, snapHeard: number): Promise<void> {
  const names = (await $.fs.list(st.dir).catch(() => [])).map((x) => x.name)
  const top = nextNumber(names).n - 1 - (heard - snapHeard)
  if (top >= st.phase + (snapHeard - st.synced)) st.synced = snapHeard
  st.pendingSync = false
  if (top > st.phase) {
    // The watch that was open (here, or left in its file by an earlier process) ends: compacted again.
    const open = st.watch ?? (st.phase > 0 && names.includes(postFile(st.phase)) ? watchFrom(await readJson($, `${st.dir}/${postFile(st.phase)}`)) : null)
    if (open && !postDoc(open).complete) {
      open.compactedAgain = true
      open.refs ??= refsOf((await compactionRow($, st, open.n))?.row ?? null)
      await writePost($, st, open)
    }
    st.phase = top
    st.handoffDue = top
    st.watch = { n: top, arm: st.arm, drawn: st.drawn, watchTurns: st.watchTurns, turns: [], compactedAgain: false, refs: null }
  } else if (!st.watch && top > 0 && names.includes(postFile(top))) {
    const resumed = watchFrom(await readJson($, `${st.dir}/${postFile(top)}`))
    if (resumed && !postDoc(resumed).complete) st.watch = resumed
  }
}

/** What the engine says at the turn's end, asked for in the hook itself: the queued work may run
 *  after the next turn has started, when the context and the newest rows are that turn's. */
interface TurnSnapshot {
  at: Date
  /** `heard` at the turn's end. */
  heard: number
  context: Promise<{ tokens?: number; window?: number } | undefined>
  rows: Promise<readonly SessionMessage[] | null> | null
}

async function recordTurn($: EngineInterface, e: TurnCompleteInput, settings: () => Promise<Settings>, snap: TurnSnapshot): Promise<void> {
  const st = (state ??= await load($, await settings()))
  if (st.pendingSync || snap.heard > st.synced) await sync($, st, snap.heard)
  st.turn++
  const context = await snap.context
  let handoffTokens: number | null = null
  if (st.handoffDue !== null) {
    const r = await compactionRow($, st, st.handoffDue)
    const tokens = r?.final ? (r.row.tokens as { after?: unknown } | undefined)?.after : undefined
    handoffTokens = typeof tokens === 'number' ? tokens : null
    st.handoffDue = null
  }
  const row = windowRow({ at: snap.at, turn: st.turn, phase: st.phase, ...(e.usage ? { usage: e.usage } : {}), ...(context ? { context } : {}), handoffTokens })
  await appendWindow($, st, JSON.stringify(row) + '\n')

  const w = st.watch
  if (!w) return
  if (!w.refs) {
    const r = await compactionRow($, st, w.n)
    // A final row with no refs is a compaction that fell back before a handoff was built.
    if (r?.final) w.refs = refsOf(r.row) ?? EMPTY_REFS
  }
  // Rows not read (no watch was known at the turn's end, or the engine refused) leave the turn
  // counted with no calls seen.
  const rows = (await snap.rows) ?? []
  w.turns.push(turnCalls(w.turns.length + 1, turnRows(rows), st.cwd))
  await writePost($, st, w)
  if (postDoc(w).complete) st.watch = null
}

/**
 * Queues a main turn's records. Returns at once: the turn never waits for them. A failure is
 * logged to the debug log and the next turn tries again from what is on disk.
 */
export function turnEnded($: EngineInterface, e: TurnCompleteInput, settings: () => Promise<Settings>): void {
  // The rows are read only where a watch may be open: none is known yet, one is, or a compaction
  // may have opened one.
  const watching = state === null || state.pendingSync || state.watch !== null || heard > state.synced
  const snap: TurnSnapshot = {
    at: new Date(),
    heard,
    context: $.session
      .usage()
      .then((u) => u.context)
      .catch(() => undefined),
    rows: watching
      ? $.session.messages({ last: TURN_ROWS }).then(
          (r) => (Array.isArray(r) ? r : null),
          () => null,
        )
      : null,
  }
  queue = queue
    .then(() => recordTurn($, e, settings, snap))
    .catch((err: Error) => {
      state = null
      $.ui.log(`compact-handoff: could not record the turn's occupancy or watch: ${err?.message ?? String(err)}`, { to: 'debug' })
    })
  if (compactAfterTurn) {
    compactAfterTurn = false
    setTimeout(() => void runCompact($), 0)
  }
}

/** A compaction of the main conversation is stored (or its number claimed): the next turn's
 *  records look for it in the folder. */
export function compactionHeard(): void {
  heard++
}

/** Waits (at most `ms`) for the queued records: at session end, so a headless run keeps its last turn. */
export async function drained(ms: number): Promise<void> {
  let timer: number | undefined
  await Promise.race([queue, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))])
  clearTimeout(timer)
}

// ---- compacting on request ------------------------------------------------------------------

/** A request made and not yet heard as a compaction; forgotten after REQUEST_TTL_MS. */
let requested: { by: CompactRequester; at: number } | null = null
/** The model's request waits for its turn to end: `/compact` cannot run inside a turn. */
let compactAfterTurn = false
const REQUEST_TTL_MS = 120_000

async function runCompact($: EngineInterface): Promise<void> {
  // `/compact` as if typed: it reaches this plugin's own session.compact hook (measured, 2.1.328),
  // unlike $.session.compact, whose compaction the plugin that raised it never hears. From
  // /handoff compact the command hook that asked may not have returned yet, and the engine
  // refuses a command.run that would wait on it ("would wait on the turn this hook is holding"):
  // asked again shortly, for up to two seconds.
  for (let attempt = 1; ; attempt++) {
    try {
      await $.command.run({ command: 'compact' })
      return
    } catch (err) {
      const why = (err as Error)?.message ?? String(err)
      if (/would wait on the turn/.test(why) && attempt < 20) {
        await new Promise<void>((resolve) => setTimeout(() => resolve(), 100))
        continue
      }
      requested = null
      $.ui.log(`compact-handoff: the compaction asked for could not start: ${why}`)
      return
    }
  }
}

/**
 * Asks the engine to compact now. From the model's tool call it runs once the turn has ended (the
 * engine refuses a compaction inside a turn); from /handoff compact, at once (no turn is running).
 */
export function requestCompact($: EngineInterface, by: CompactRequester): string {
  requested = { by, at: Date.now() }
  if (by === 'handoff_compact') {
    compactAfterTurn = true
    return 'Compaction asked for: it runs as soon as this turn ends, and its row records that handoff_compact asked for it.'
  }
  setTimeout(() => void runCompact($), 0)
  return 'Compacting now (asked for by /handoff compact).'
}

/** What asked for this compaction, when one of the above did (the engine's trigger says `manual`). */
export function takeRequest(trigger: string): CompactRequester | undefined {
  const r = requested
  if (!r || trigger !== 'manual' || Date.now() - r.at > REQUEST_TTL_MS) return undefined
  requested = null
  return r.by
}
