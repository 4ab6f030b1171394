/**
 * The one contract between the plugin's two halves: the bridge's lines and answers, the reasons a
 * compaction falls back, the store's file names and numbering, and the history tools. The hooks
 * module imports it as `./protocol`; the Node side (engine/, store/) imports this same file. It
 * imports nothing, so the engine's sandbox can load it and Node can too.
 */

// ---- the event the child receives -----------------------------------------------------------

/** The settings the child receives, resolved by the hooks module (env fallbacks applied). */
export interface Settings {
  live: boolean
  /** Absolute; already resolved from the setting, COMPACT_HANDOFF_DATA_DIR or the default ('' when
   *  there is no HOME: the child takes the OS's home directory). */
  dataDir: string
  /** 0: the pipeline config's handoff.maxChars stands. */
  maxChars: number
  /** 0: the pipeline config's handoff.maxFraction stands. */
  maxFraction: number
  subagents: boolean
  childTimeoutMs: number
  /** The Node.js (>= 20) that runs the pipeline. */
  nodePath: string
  /** false: a rehearsal makes no model call (the sections that need one are left out); absent: true. */
  rehearsalModel?: boolean
  /** The pipeline knobs a user sets in /plugin, each 0 or '' (absent) when the pipeline config stands:
   *  restore's maxFiles, fileChars and totalChars, commitments' model and maxTokens, seamTimeoutMs. */
  restoreFiles?: number
  restoreFileChars?: number
  restoreTotalChars?: number
  commitmentsModel?: string
  commitmentsMaxTokens?: number
  seamTimeoutMs?: number
  /** The share of live sessions (0–1) that get the stock compaction as the A/B control (abDraw). */
  abStockShare?: number
  /** How many main turns after a compaction its watch covers (NNN.post.json). */
  watchTurns?: number
  /** Per compaction, set by the hooks module: the arm this compaction is in, and what asked for it
   *  when it was handoff_compact or /handoff compact (the engine says only `manual`). */
  arm?: Arm
  requestedBy?: CompactRequester
  /** The A/B draw that decided the arm (live sessions only): the share then set, the session's draw. */
  ab?: { share: number; draw: number }
}

/** Which compaction a session gets: ours (`handoff`, live) or the engine's own (`stock`: a
 *  rehearsal, by the A/B draw or because live is off). */
export type Arm = 'handoff' | 'stock'

/** What can ask the engine to compact now on the person's or the model's behalf. */
export type CompactRequester = 'handoff_compact' | '/handoff compact'

/**
 * A session's A/B draw: its id hashed (FNV-1a, 32 bits) to a number in [0, 1). A session whose draw
 * is below `abStockShare` gets the stock compaction; the same id always draws the same number, so
 * a resumed session stays in its arm.
 */
export function abDraw(sessionId: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < sessionId.length; i++) {
    h ^= sessionId.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h / 0x1_0000_0000
}

/** The arm of a compaction: the stock one when live is off, or when the session draws below the share. */
export function armOf(sessionId: string, s: Pick<Settings, 'live' | 'abStockShare'>): Arm {
  if (!s.live) return 'stock'
  return abDraw(sessionId) < (s.abStockShare ?? 0) ? 'stock' : 'handoff'
}

/** The engine's SessionMessage, as much of it as the child reads. */
export interface EngineMessage {
  role: 'user' | 'assistant'
  text: string
  toolUses: Array<{ tool_use_id: string; tool: string; input: Record<string, unknown>; [k: string]: unknown }>
  toolResults?: Array<{ tool_use_id: string; text: string; isError: boolean; [k: string]: unknown }>
  handle?: string
  uuid?: string
}

/** What the hooks module writes on the child's stdin (or as `<rundir>/input.json` to a standby). */
export interface EngineInput {
  /** The engine's trigger, except `idle` for its own idle compaction (an `auto` between turns). */
  trigger: 'manual' | 'auto' | 'idle' | 'plugin' | 'precompute'
  instructions?: string
  agentId?: string
  sessionId: string
  cwd: string
  contextWindow?: number
  /** Context tokens the engine counted before the compaction, when it said. */
  contextTokens?: number
  model?: string
  /** `e.messages` as the engine handed them (SessionMessage, each with its handle). */
  messages: EngineMessage[]
  settings: Settings
  pluginRoot: string
  pluginVersion: string
  /** Date.now() when the hook started, so the row can say what the whole compaction took. */
  hookStartedAt?: number
  /** A rehearsal whose engine compaction runs beside it: the row is stored pending first (a
   *  `pending` line says where), and completed when the model work is done. */
  late?: boolean
  /** The engine seam's subscribers: each another plugin's tool, raised before the sections run
   *  (`$.compactHandoff.beforeCompact({ tool, name })`, plugin/hooks/seam.ts). */
  subscribers?: SeamSubscriber[]
}

/** Another plugin's subscription through the `compactHandoff` noun: its tool, under its name. */
export interface SeamSubscriber {
  /** The name its outcomes are recorded under on the row's `seam`. */
  name: string
  /** The engine's full name of the tool to raise (`mcp__<plugin>__<tool>`). */
  tool: string
  /** When it is raised: before the sections start (`beforeCompact`), or once the handoff is final
   *  (`afterCompact`, the pipeline's `done`). */
  hook: SeamHook
}

export const SEAM_HOOKS = ['beforeCompact', 'afterCompact'] as const
export type SeamHook = (typeof SEAM_HOOKS)[number]

// ---- the bridge -----------------------------------------------------------------------------

/** The capabilities the child asks the hooks module for. */
export const BRIDGE_CALLS = ['model.fork', 'model.complete', 'files.read', 'seam.raise'] as const
export type BridgeCall = (typeof BRIDGE_CALLS)[number]

/** The line types the child sends: `hello` on stdout, the rest over its socket (engine/channel.ts). */
export const CHILD_LINE_TYPES = ['hello', 'request', 'cancel', 'pending', 'notices', 'done', 'failed'] as const

/**
 * The bridge's transport. The child's stdout carries one line, its hello, written before any
 * third-party code loads; the hooks module reads nothing else there. Every other line, and every
 * answer, goes over the child's Unix socket with `$.http.fetch`, each call carrying the hello's
 * token in BRIDGE_TOKEN_HEADER: `GET <lines>?after=N` (the lines since the N-th, held open a
 * moment when there are none: a LinesAnswer) and `POST <answer>` (an AnswerFile as the body).
 */
export const BRIDGE_PATHS = { lines: '/lines', answer: '/answer' } as const
export const BRIDGE_TOKEN_HEADER = 'x-compact-handoff-token'
/** The host a bridge URL names (the socket decides where it goes). */
export const BRIDGE_ORIGIN = 'http://compact-handoff'

export interface LinesAnswer {
  lines: ChildLine[]
  /** The `after` of the next call. */
  next: number
}

export interface HelloLine {
  type: 'hello'
  pid: number
  version: string
  /** The child's socket (absolute). */
  socket: string
  /** What every call on the socket carries in BRIDGE_TOKEN_HEADER. */
  token: string
}

export interface BridgeRequestArgs {
  'model.fork': { prompt: string }
  'model.complete': { prompt: string; system?: string; model: string; maxTokens?: number }
  'files.read': { path: string; offset?: number; limit?: number }
  /** Raise a seam subscriber's tool with what a `beforeCompact` tap is told. */
  'seam.raise': { tool: string; name: string; sessionId: string; trigger: string; messageCount: number; phase: 'before' | 'after'; mode: 'live' | 'rehearsal' }
}

/** The engine's ModelUsage, in the API's spelling. */
export interface ApiUsage {
  input_tokens: number
  output_tokens: number
  cache_read_input_tokens: number
  cache_creation_input_tokens: number
}

/** `$.model.fork` / `$.model.complete` as the engine resolved them, passed through. */
export type BridgeModelValue =
  | { isAnswered: true; text: string; usage?: ApiUsage; effort?: string }
  | { isAnswered: false; reason: string; usage?: ApiUsage; status?: number; error?: string }

/** The Read tool's answer, reduced to what a section needs. */
export type BridgeReadValue = { ok: true; text: string } | { ok: false; reason: string }

/** How a seam subscriber's tool answered: it ran, the engine (or a hook) refused the call, or the
 *  tool itself reported an error. A call that rejected comes back as the bridge's error. */
export type BridgeSeamValue = { status: 'ok' } | { status: 'denied'; reason: string } | { status: 'error'; reason: string }

export interface BridgeValues {
  'model.fork': BridgeModelValue
  'model.complete': BridgeModelValue
  'files.read': BridgeReadValue
  'seam.raise': BridgeSeamValue
}

/** A message a section hands up after the handoff (a restored Read pair), as the child sends it. */
export interface HandoffMessage {
  role: 'user' | 'assistant'
  text: string
  toolUses?: Array<{ id: string; name: string; input: Record<string, unknown> }>
  toolResults?: Array<{ toolUseId: string; text: string; isError: boolean }>
}

/** One request line per call, its args typed by the call. */
export type RequestLine = { [C in BridgeCall]: { type: 'request'; id: number; call: C; args: BridgeRequestArgs[C] } }[BridgeCall]

/** A late rehearsal's row is on disk, pending: where, so the hooks module can complete it with
 *  why if the child dies before it does (`<stem>.late.json` beside it). */
export interface PendingLine {
  type: 'pending'
  /** The pending row, relative to the data dir. */
  row: string
  dataDir: string
  n: number
  prev: number | null
  at: string
  /** What the pending write stored (the conversation), for a completion to carry. */
  files: { handoff: string | null; summary: string | null; transcript: string | null; row: string }
  sizes: Record<string, unknown>
}

export interface DoneLine {
  type: 'done'
  /** The handoff, lineage marker first: the first user message of the new conversation. */
  handoff: string
  /** Messages the sections hand up after the handoff (restored Read pairs), in order. */
  messages: HandoffMessage[]
  /** Indices into `e.messages` to keep after them, ascending; rebuilt without handle. */
  keep: number[]
  tokensBefore: number
  tokensAfter: number
  /** The model calls' usage summed, when any was made. */
  usage?: ApiUsage
  /** The row as stored (so the hooks module can log it); the child wrote it already. */
  row: Record<string, unknown>
  /** Things the user should see (e.g. a broken config override the run fell back from). */
  notices?: string[]
}

export interface FailedLine {
  type: 'failed'
  code: FallbackCode
  /** `<code>: <what happened>`, as the row stores it. */
  reason: string
  /** True when the child stored a fallback row itself, so the hooks module must not. */
  rowWritten: boolean
}

/** What a late rehearsal's child says before its model work: what the person can fix (a broken
 *  config override), since the late part may end after the session does. Done does not repeat it. */
export interface NoticesLine {
  type: 'notices'
  notices: string[]
}

/** Lines the child sends. */
export type ChildLine = HelloLine | RequestLine | { type: 'cancel'; id: number } | PendingLine | NoticesLine | DoneLine | FailedLine

/** The body of a `POST /answer`: one request's answer. */
export type AnswerFile = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string }

// ---- why a compaction fell back -------------------------------------------------------------

/**
 * Every reason a compaction falls back to the engine's own summary, with what it means. A row's
 * `code` and a failed line's `code` are one of these; its `reason` starts with the code.
 */
export const FALLBACK_REASONS = {
  // the hooks module
  'node-missing': 'no Node.js 20 or later at nodePath, so the pipeline could not run',
  'spawn-failed': 'the pipeline child could not be started',
  'child-stream-failed': "reading the pipeline child's output failed",
  'child-crashed': 'the pipeline child ended before it answered',
  timeout: 'the pipeline gave no answer within childTimeoutMs',
  'hook-throw': 'the compaction hook threw before it let the engine compact',
  'hook-timeout': "the compaction hook overran the engine's budget before it let the engine compact",
  'late-part': "a rehearsal's late part (after the engine had compacted) ended without storing its row; the reason it ended follows",
  // the child
  'bad-input': 'the event the child received was not JSON, or lacked a field it needs',
  'store-unreadable': "the session's store folder could not be read to number the compaction",
  'store-unwritable': 'the store refused the handoff or its row',
  'pipeline-threw': 'the pipeline threw instead of returning a result',
  'empty-handoff': 'the pipeline returned no handoff text',
  'no-sections-kept': 'every section was left out',
  'child-threw': 'the child failed in a way it did not expect (a bug)',
} as const

export type FallbackCode = keyof typeof FALLBACK_REASONS

/** A fallback's reason as rows and log lines carry it: the code first, then what happened. */
export const fallbackReason = (code: FallbackCode, detail: string): string => `${code}: ${detail}`

// ---- the store's names ----------------------------------------------------------------------

/** Live compactions and rehearsals are kept apart, so a rehearsal never reads as a handoff that stood. */
export type StoreMode = 'live' | 'rehearsal'

/** The folder one mode keeps under the data dir. */
export const MODE_DIRS: Record<StoreMode, string> = { live: 'sessions', rehearsal: 'rehearsals' }

export const modeDir = (live: boolean): string => MODE_DIRS[live ? 'live' : 'rehearsal']

/** The data dir's log: one line per compaction of every session. */
export const INDEX_FILE = 'index.jsonl'
/** Per session: one line per compaction of the session. */
export const RUNS_FILE = 'runs.jsonl'
/** Per session (and one for the whole data dir): one line per history read. */
export const LOOKUPS_FILE = 'lookups.jsonl'

/** What a compaction stores beside its row, and the suffix each file gets after `NNN-<iso>`. */
export const TEXT_KINDS = { handoff: '.md', summary: '.summary.md', transcript: '.transcript.md' } as const
export type TextKind = keyof typeof TEXT_KINDS

/** A pending row's completion, beside it: `NNN-<iso>.late.json` (written once, like the row). */
export const LATE_SUFFIX = '.late.json'

/** Per session: one line per main turn, the context's occupancy at its end (plugin/hooks/window.ts). */
export const WINDOW_FILE = 'window.jsonl'

/** The watch of the turns after compaction NNN, beside its handoff: `NNN.post.json` (plugin/hooks/watch.ts). */
export const postFile = (n: number): string => `${padNumber(n)}.post.json`

/** A history tool's call in a watched turn, and how many results it returned. */
export interface HistoryCall {
  tool: string
  input: Record<string, unknown>
  results: number
}

/** One watched turn's calls, as raw as the watch's figures need them. */
export interface TurnCalls {
  /** 1-based, counted from the compaction. */
  turn: number
  toolCalls: number
  /** Absolute paths the Read tool was called on. */
  reads: string[]
  /** Shell commands run (trimmed). */
  commands: string[]
  /** "File has not been read yet" refusals. */
  refusals: number
  history: HistoryCall[]
}

/** `NNN.post.json`: the watch of the turns after compaction NNN (store/README.md has every field). */
export interface PostDoc {
  v: 1
  compaction: number
  arm: Arm
  /** true: the A/B draw put the session in its arm (live on); false: live off, so stock. */
  drawn: boolean
  watchTurns: number
  turnsSeen: number
  complete: boolean
  reReadRestored: string[]
  reReadNamed: string[]
  reRunCommands: string[]
  notReadRefusals: number
  historyCalls: HistoryCall[]
  turnsToFirstToolCall: number | null
  compactedAgain: boolean
  /** false while the compaction's row (what the handoff restored, named and listed) is not on disk
   *  yet: the re-read and re-run lists are then empty, and filled in at a later turn. */
  refsKnown: boolean
  /** Each watched turn's calls, from which the figures above are worked out. */
  turns: TurnCalls[]
}

/** A compaction's number as file names carry it: three digits at least. */
export const padNumber = (n: number): string => String(n).padStart(3, '0')

/** `NNN-<iso>` with the iso made safe for every file system (no `:`). */
export function fileStem(n: number, at: Date): string {
  return `${padNumber(n)}-${at.toISOString().replace(/[:.]/g, '-')}`
}

/** A row file: `NNN-<iso>.json`, the iso as fileStem writes it. */
export const ROW_FILE = /^(\d{3,})-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.json$/

/** `NNN.claim`: a number taken by a compaction still running; written once, kept beside its row. */
export const CLAIM_FILE = /^(\d{3,})\.claim$/

/** The iso time a file stem carries, back in its usual spelling. */
export function stemTime(stem: string): string | null {
  const m = /^\d{3,}-(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z/.exec(stem)
  return m ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z` : null
}

/**
 * The next compaction's number in a session's store folder, from its file names: one past every
 * row and every claim (a compaction still running holds its number), and the newest row's as prev.
 */
export function nextNumber(names: readonly string[]): { n: number; prev: number | null } {
  let last: number | null = null
  let top = 0
  for (const name of names) {
    const row = ROW_FILE.exec(name)
    const claim = row ? null : CLAIM_FILE.exec(name)
    const n = Number((row ?? claim)?.[1] ?? 0)
    if (row && (last === null || n > last)) last = n
    top = Math.max(top, n)
  }
  return { n: top + 1, prev: last }
}

// ---- the history tools ----------------------------------------------------------------------

/** The engine's name for a tool this plugin registers is this prefix and the tool's name. */
export const TOOL_PREFIX = 'mcp__compact-handoff__'

export const TOOL_NAMES = ['handoff_status', 'handoff_list', 'handoff_lookup', 'handoff_search', 'handoff_feedback'] as const
export type ToolName = (typeof TOOL_NAMES)[number]

export interface HistoryTool {
  name: ToolName
  /** What the model reads. */
  description: string
  inputSchema: Record<string, unknown>
  /** false: in every request's tool list (a handoff names these calls); absent: the engine decides. */
  isDeferred?: false
}

/** What handoff_lookup's `file` reads. */
export const LOOKUP_FILES = ['handoff', 'summary', 'transcript', 'row'] as const
const session = { type: 'string', description: "Another session's id (default: this session)." }
const scope = { type: 'string', enum: ['session', 'all'], description: '"session" (default): this session; "all": every session on this machine.' }

/** The history tools as the engine registers them; store/tools.ts answers them against these schemas. */
export const HISTORY_TOOLS: HistoryTool[] = [
  {
    name: 'handoff_status',
    description:
      "compact-handoff: this session's compactions (number, time, outcome), how much history it has read back, whether handoffs are live or rehearsed, the plugin version and the search index.",
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  },
  {
    name: 'handoff_list',
    description:
      'compact-handoff: list this session\'s compactions with their stored files and sections (or, with scope "all", every session on this machine that compacted).',
    inputSchema: {
      type: 'object',
      properties: { scope, session, limit: { type: 'integer', minimum: 1, maximum: 200, description: 'At most this many (default 50).' } },
      additionalProperties: false,
    },
  },
  {
    name: 'handoff_lookup',
    description:
      'compact-handoff: read back what a compaction replaced. n picks the compaction (default: the newest); file is "handoff" (default), "summary", "transcript" (the conversation as it stood) or "row" (the stored record); section reads one section of the handoff with its full record (e.g. every shell command the ledger left out); from/to pick lines (numbered as handoff_search cites them).',
    inputSchema: {
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: 1, description: "The compaction's number in its session." },
        file: { type: 'string', enum: [...LOOKUP_FILES], description: 'Which stored file (default "handoff").' },
        section: { type: 'string', description: 'A section name (summary, ledger, state, commitments, turns, restore, ...): its text and full record.' },
        from: { type: 'integer', minimum: 1, description: 'First line, from 1.' },
        to: { type: 'integer', minimum: 1, description: 'Last line (inclusive).' },
        session,
        mode: { type: 'string', enum: ['live', 'rehearsal'], description: 'Live or rehearsed compactions, when a session has both.' },
      },
      additionalProperties: false,
    },
    isDeferred: false,
  },
  {
    name: 'handoff_search',
    description:
      'compact-handoff: search what earlier compactions replaced (the conversations as they stood, handoffs, summaries). Matches the words of the query in order, the last one as a prefix, case-insensitive. Each match cites n, the file and the line, to read around with handoff_lookup.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 500, description: 'Words or an exact string to find.' },
        scope,
        session,
        limit: { type: 'integer', minimum: 1, maximum: 100, description: 'At most this many matches (default 20).' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    isDeferred: false,
  },
  {
    name: 'handoff_feedback',
    description: "compact-handoff: leave a note about a handoff (what it missed, what was wrong, what helped), stored with that compaction's record.",
    inputSchema: {
      type: 'object',
      properties: {
        note: { type: 'string', minLength: 1, maxLength: 4000, description: 'The note.' },
        n: { type: 'integer', minimum: 1, description: 'Which compaction (default: the newest of this session).' },
      },
      required: ['note'],
      additionalProperties: false,
    },
  },
]

/** /handoff: the status, and a search of this session with words. */
export const SLASH_COMMAND = {
  name: 'handoff',
  description: "compact-handoff: this session's compactions and history reads; with words, searches what the compactions replaced",
  argumentHint: '[words to search]',
}

/** The Node side's name for what /handoff shows (cli/history.ts `tool handoff_command`). */
export const SLASH_TOOL = 'handoff_command'

/** handoff_compact: answered by the hooks module itself (it needs the engine), not the Node side. */
export const COMPACT_TOOL = {
  name: 'handoff_compact',
  description:
    'compact-handoff: compact this conversation now, as /compact does, once the current turn has ended. Use when the context is full of work that is done and the next step starts fresh; the compaction is recorded as asked for by this tool.',
  inputSchema: { type: 'object', properties: {}, additionalProperties: false },
} as const

/** `/handoff compact`: the same, asked for by the person. */
export const SLASH_COMPACT_WORD = 'compact'
