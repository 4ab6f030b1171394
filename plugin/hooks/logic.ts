/**
 * The hooks module's own decisions, as plain functions with no `$`: settings, when to pass a
 * compaction through, how the child's lines are read, the conversation handed up, and the row a
 * failure leaves. plugin/hooks/*.test.ts checks them with `claude plugin test`.
 */
import type { PluginOptions, SessionCompactInput, SessionMessage, ToolCallResult } from 'claude-code'
import {
  type Arm,
  type CompactRequester,
  type DoneLine,
  type EngineInput,
  type FallbackCode,
  type HandoffMessage,
  type PendingLine,
  type Settings,
} from './protocol'

export const DEFAULT_CHILD_TIMEOUT_MS = 600_000

/**
 * The longest a rehearsal's hook waits, once the engine has compacted, for the child to store its
 * pending row. Only a compaction faster than the child's start (~200 ms) waits at all; the row is
 * what a late part that dies leaves behind, so it is worth that much when the engine is quick.
 */
export const PENDING_WAIT_MS = 3_000

/** A fork asked for after the engine compacted: refused, as `nothing-to-fork` so the summary
 *  section takes its cold path (a completion over the conversation written out). */
export const COMPACTED_FORK = 'nothing-to-fork: the engine had compacted before this fork was asked for, and a fork now would see the compacted conversation'

/** The notice a `precompute` dispatch gets: every real compaction must come through the hook. */
export const PRECOMPUTE_SKIP = 'compact-handoff builds its handoff when the compaction happens, not ahead of it'

const truthy = (v: string | undefined) => v !== undefined && /^(1|true|yes|on)$/i.test(v.trim())

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback)

/** A whole number of at least 0 from a setting; 0 (its default) leaves the pipeline config's value. */
const count = (v: unknown) => Math.max(0, Math.floor(num(v, 0)))

/** The watch's length when the setting gives none: the ten turns after a compaction. */
export const DEFAULT_WATCH_TURNS = 10

/**
 * The userConfig values merged with the env fallbacks. The data dir is the setting, else
 * COMPACT_HANDOFF_DATA_DIR, else ~/.claude/compact-handoff. `live` and `subagents` have no default
 * in plugin.json, so a value the person set is told apart from none: an explicit `false` stands,
 * and only an unset one takes COMPACT_HANDOFF_LIVE / COMPACT_HANDOFF_SUBAGENTS.
 */
export function resolveSettings(options: PluginOptions, env: { live?: string; subagents?: string; dataDir?: string; home?: string }): Settings {
  const home = (env.home ?? '').replace(/\/+$/, '')
  const expand = (p: string) => (p === '~' ? home : p.startsWith('~/') ? `${home}/${p.slice(2)}` : p)
  const setting = typeof options.dataDir === 'string' ? options.dataDir.trim() : ''
  // No HOME to put the default under: '' lets the child take the OS's home directory instead.
  const fallback = home ? `${home}/.claude/compact-handoff` : ''
  const dataDir = setting ? expand(setting) : env.dataDir?.trim() ? expand(env.dataDir.trim()) : fallback
  const nodePath = typeof options.nodePath === 'string' && options.nodePath.trim() ? options.nodePath.trim() : 'node'
  const flag = (v: unknown, fromEnv: string | undefined) => (typeof v === 'boolean' ? v : truthy(fromEnv))
  return {
    live: flag(options.live, env.live),
    dataDir,
    maxChars: Math.max(0, num(options.maxChars, 0)),
    maxFraction: Math.min(1, Math.max(0, num(options.maxFraction, 0))),
    subagents: flag(options.subagents, env.subagents),
    childTimeoutMs: Math.max(100, num(options.childTimeoutMs, DEFAULT_CHILD_TIMEOUT_MS)),
    nodePath: expand(nodePath),
    rehearsalModel: options.rehearsalModel !== false,
    restoreFiles: count(options.restoreFiles),
    restoreFileChars: count(options.restoreFileChars),
    restoreTotalChars: count(options.restoreTotalChars),
    commitmentsModel: typeof options.commitmentsModel === 'string' ? options.commitmentsModel.trim() : '',
    commitmentsMaxTokens: count(options.commitmentsMaxTokens),
    seamTimeoutMs: count(options.seamTimeoutMs),
    abStockShare: Math.min(1, Math.max(0, num(options.abStockShare, 0))),
    watchTurns: Math.max(1, Math.floor(num(options.watchTurns, DEFAULT_WATCH_TURNS))),
  }
}

/** Why this compaction is not ours to build, or null when it is. */
export function passThrough(e: Pick<SessionCompactInput, 'trigger' | 'agentId'>, s: Pick<Settings, 'subagents'>): 'precompute' | 'subagent' | null {
  if (e.trigger === 'precompute') return 'precompute'
  if (e.agentId !== undefined && !s.subagents) return 'subagent'
  return null
}

/**
 * The trigger a row records. The engine's own idle compaction reaches `session.compact` as
 * `auto`, like any automatic one, but between turns: its conversation ends with the last answer.
 * Any other automatic compaction runs inside a turn, before a request, so its newest row is the
 * user's (the pending prompt, or tool results). That is how `idle` is told from `auto`.
 */
export function rowTrigger(e: Pick<SessionCompactInput, 'trigger' | 'messages'>): EngineInput['trigger'] {
  return e.trigger === 'auto' && e.messages.at(-1)?.role === 'assistant' ? 'idle' : e.trigger
}

/** Node's `--version` output to a verdict: 20 or later is needed. */
export function nodeVerdict(stdout: string): { ok: true; version: string } | { ok: false; reason: string } {
  const m = /^v?(\d+)\.(\d+)\.(\d+)/.exec(stdout.trim())
  if (!m) return { ok: false, reason: `"node --version" printed ${JSON.stringify(stdout.trim().slice(0, 40))}, not a version` }
  if (Number(m[1]) < 20) return { ok: false, reason: `node ${m[0]} is older than 20` }
  return { ok: true, version: m[0] }
}

/** What the person reads, once, when the pipeline cannot run. */
export function nodeMissingNotice(reason: string, nodePath: string): string {
  return (
    `compact-handoff: cannot run its pipeline (${reason}), so Claude Code compacts with its own summary in this session. ` +
    `To fix it, install Node.js 20 or later so that "${nodePath}" is on the PATH Claude Code starts with, ` +
    `or set "Node.js executable" (nodePath) to its full path under /plugin → compact-handoff → Configure options, then restart the session.`
  )
}

/** The Read tool's answer as the child wants it. */
export function readAnswer(r: ToolCallResult): { ok: true; text: string } | { ok: false; reason: string } {
  if (r.deny !== undefined) return { ok: false, reason: `denied: ${r.deny}` }
  if (r.isError) return { ok: false, reason: r.text ?? 'the Read tool reported an error' }
  return { ok: true, text: r.text ?? (typeof r.result === 'string' ? r.result : JSON.stringify(r.result)) }
}

/** A message the engine handed over, rebuilt without its handle (ENGINE.md §4.1: no duplicates on resume). */
export function rebuild(m: SessionMessage): SessionMessage {
  return {
    role: m.role,
    text: m.text,
    toolUses: m.toolUses.map((u) => ({ ...u })),
    ...(m.toolResults ? { toolResults: m.toolResults.map((r) => ({ ...r })) } : {}),
  }
}

/** A message a section handed up (a restored Read pair), in the engine's shape. */
export function fromHandoffMessage(m: HandoffMessage): SessionMessage {
  return {
    role: m.role,
    text: m.text,
    toolUses: (m.toolUses ?? []).map((u) => ({ tool_use_id: u.id, tool: u.name, input: u.input })),
    ...(m.toolResults?.length ? { toolResults: m.toolResults.map((r) => ({ tool_use_id: r.toolUseId, text: r.text, isError: r.isError })) } : {}),
  }
}

/**
 * Keeps every tool_use with its tool_result: a call is kept only when a result for it comes
 * after it, a result only when its call came before it, and an id only once (a restored Read and
 * a kept call never collide). A message left empty goes with them.
 */
export function pairTools(messages: readonly SessionMessage[]): SessionMessage[] {
  // Where each id's first result is: a call counts as answered only by a result after it.
  const resultAt = new Map<string, number>()
  messages.forEach((m, i) => {
    for (const r of m.toolResults ?? []) if (!resultAt.has(r.tool_use_id)) resultAt.set(r.tool_use_id, i)
  })
  const called = new Set<string>()
  const resulted = new Set<string>()
  const out: SessionMessage[] = []
  messages.forEach((m, i) => {
    const toolUses = m.toolUses.filter((u) => !called.has(u.tool_use_id) && (resultAt.get(u.tool_use_id) ?? -1) > i)
    for (const u of toolUses) called.add(u.tool_use_id)
    const toolResults = (m.toolResults ?? []).filter((r) => called.has(r.tool_use_id) && !resulted.has(r.tool_use_id))
    for (const r of toolResults) resulted.add(r.tool_use_id)
    if (m.text === '' && toolUses.length === 0 && toolResults.length === 0) return
    out.push({ role: m.role, text: m.text, toolUses, ...(toolResults.length ? { toolResults } : {}) })
  })
  return out
}

/** The conversation after a live compaction: the handoff, what the sections hand up, then the kept messages. */
export function replacement(messages: readonly SessionMessage[], done: Pick<DoneLine, 'handoff' | 'messages' | 'keep'>): SessionMessage[] {
  // In order and once each, whatever the child said: a kept message never goes up twice.
  const keep = [...new Set(done.keep)].filter((i) => Number.isInteger(i) && i >= 0 && i < messages.length).sort((a, b) => a - b)
  const kept = keep.map((i) => rebuild(messages[i]!))
  const [first, ...rest] = pairTools([{ role: 'user', text: done.handoff, toolUses: [] }, ...done.messages.map(fromHandoffMessage), ...kept])
  return [first!, ...rest]
}

export interface FallbackFacts {
  at: Date
  sessionId: string
  live: boolean
  /** The compaction's arm (absent: handoff when live, else stock) and what asked for it. */
  arm?: Arm
  requestedBy?: CompactRequester
  ab?: { share: number; draw: number }
  trigger: string
  agentId?: string
  code: FallbackCode
  /** `<code>: <what happened>` (fallbackReason). */
  reason: string
  n: number
  prev: number | null
  pluginVersion: string
  messages: number
  hookMs: number
  cwd?: string
}

/** The row of a compaction the child could not record itself: the store's row shape, outcome `fallback`. */
export function fallbackRow(f: FallbackFacts): Record<string, unknown> {
  return {
    v: 1,
    at: f.at.toISOString(),
    sessionId: f.sessionId,
    mode: f.live ? 'live' : 'rehearsal',
    arm: f.arm ?? (f.live ? 'handoff' : 'stock'),
    trigger: f.trigger,
    ...(f.ab ? { ab: f.ab } : {}),
    ...(f.requestedBy ? { requestedBy: f.requestedBy } : {}),
    ...(f.agentId ? { agentId: f.agentId } : {}),
    outcome: 'fallback',
    code: f.code,
    reason: f.reason,
    lineage: { n: f.n, prev: f.prev },
    depth: f.n,
    writtenBy: 'hooks',
    pluginVersion: f.pluginVersion,
    childVersion: null,
    messages: f.messages,
    runningAgents: null,
    sections: [],
    summaryLine: null,
    chars: null,
    model: { path: null, calls: [] },
    reads: [],
    usage: null,
    cost: { usd: null, reason: 'the pipeline did not run, so no model call was made by it', basis: 'unpriced' },
    cwd: f.cwd ?? null,
    configProblems: [],
    seam: [],
    ms: { pipeline: null, child: null, sinceHook: f.hookMs },
  }
}

/**
 * The completion of a late rehearsal's pending row, written by the hooks module when the late
 * part ended without writing its own: a fallback row at `<stem>.late.json` that keeps what the
 * pending write stored (the conversation).
 */
export function lateRow(f: FallbackFacts, p: Pick<PendingLine, 'files' | 'sizes'>, rowPath: string): Record<string, unknown> {
  return {
    ...fallbackRow(f),
    cost: { usd: null, reason: 'the late part ended before it could record its model calls', basis: 'unpriced' },
    files: { ...p.files, row: rowPath },
    sizes: p.sizes,
    index: null,
  }
}

/** The child's stderr, cut to its last line or two, for a reason. */
export function stderrTail(stderr: string): string {
  const lines = stderr
    .trim()
    .split('\n')
    .filter((l) => l.trim())
  // Node's report of an uncaught error ends with the error's own fields and its version line
  // ("}", "Node.js v20…"): the line that names the error, and where it was thrown, say why.
  const named = lines.findLastIndex((l) => /^\s*(?:[A-Z]\w*)?(?:Error|Exception)\b[^:]*:/.test(l))
  if (named >= 0)
    return [
      lines[named]!.trim(),
      ...lines
        .slice(named + 1, named + 2)
        .filter((l) => /^\s+at /.test(l))
        .map((l) => l.trim()),
    ]
      .join(' | ')
      .slice(0, 300)
  return lines.slice(-2).join(' | ').slice(-300)
}

/**
 * The row as the store keeps it, after the writer's own fields: where its files are (a failure
 * stores none but the row), their sizes and how indexing went (nothing to index). The same
 * shape store/write.ts gives a row it writes.
 */
export function storedRow(row: Record<string, unknown>, rowPath: string): Record<string, unknown> {
  return { ...row, files: { handoff: null, summary: null, transcript: null, row: rowPath }, sizes: {}, index: null }
}

/**
 * The shell script that appends a one-line file to the store's logs in one write each (`cat` of a
 * small regular file), as store/files.ts appendJsonl does: new files 0600, and a line after a
 * torn one starts a line of its own. $1 the line file (removed after), $2... the logs.
 */
export const APPEND_SCRIPT =
  'umask 077; line="$1"; shift; for log in "$@"; do ' +
  'if [ -s "$log" ] && [ -n "$(tail -c 1 "$log")" ]; then printf \'\\n\' >> "$log"; fi; cat "$line" >> "$log"; done; rm -f "$line"'
