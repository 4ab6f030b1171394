/**
 * The history tools: what a session (through the engine's tool calls) or a person (through the
 * CLI) asks of the store. Each answers a string for the model and data for `--json`; a bad
 * argument is one line naming it, never a throw and never a read outside the data dir. Every
 * read is logged with its size to lookups.jsonl.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fmt } from '../pipeline/text.ts'
import {
  HISTORY_TOOLS,
  INDEX_FILE,
  LOOKUP_FILES,
  LOOKUPS_FILE,
  MODE_DIRS,
  type StoreMode,
  TEXT_KINDS,
  type TextKind,
  TOOL_NAMES,
  type ToolName,
} from '../plugin/hooks/protocol.ts'
import { checkSessionId, readJsonl, sessionCompactions, StoreError, type StoredCompaction, storedSessions } from './read.ts'
import { indexStats, search } from './search.ts'
import { appendJsonl } from './files.ts'
import { feedbackFile, textSize } from './write.ts'

export interface ToolContext {
  dataDir: string
  /** The session asking; null from a command line without --session. */
  sessionId: string | null
  /** The asking session's mode: which of live and rehearsed a bare `n` means first. Null from the
   *  command line, which does not know the plugin's setting: live first. */
  live: boolean | null
  pluginVersion: string
  /** Who asked: a session's tool call (its reads go to its own lookups.jsonl too) or the CLI. */
  by: 'tool' | 'cli'
  now?: () => Date
}

/** The tools' names, descriptions and schemas have one definition, the contract the hooks module
 *  registers with the engine (plugin/hooks/protocol.ts). */
export { TOOL_NAMES, type ToolName }

type Schema = { type: 'object'; properties: Record<string, Record<string, unknown>>; required?: string[]; additionalProperties: false }

const FILES = LOOKUP_FILES
type FileKind = (typeof FILES)[number]

/** What the engine registers: name, description (what the model reads) and input schema. */
export const TOOL_SPECS = Object.fromEntries(
  HISTORY_TOOLS.map((t) => [t.name, { description: t.description, inputSchema: t.inputSchema as Schema }]),
) as Record<ToolName, { description: string; inputSchema: Schema }>

export interface ToolAnswer {
  text: string
  data: unknown
  /** The call was refused (a bad argument, nothing to read); `text` says why in one line. */
  error?: true
}

// ---- arguments ------------------------------------------------------------------------------

/** Checks arguments against the tool's schema (the subset the specs use), all problems in one line. */
export function checkArgs(name: ToolName, raw: unknown): Record<string, unknown> {
  const schema = TOOL_SPECS[name].inputSchema
  if (raw === undefined || raw === null) raw = {}
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new StoreError('the arguments must be an object')
  const args = raw as Record<string, unknown>
  const problems: string[] = []
  const known = Object.keys(schema.properties)
  for (const k of Object.keys(args)) {
    if (!(k in schema.properties)) problems.push(`unknown argument "${k}" (${known.length ? `it takes ${known.join(', ')}` : 'it takes none'})`)
  }
  for (const k of schema.required ?? []) if (args[k] === undefined) problems.push(`"${k}" is required`)
  for (const [k, p] of Object.entries(schema.properties)) {
    const v = args[k]
    if (v === undefined) continue
    const got = JSON.stringify(v)?.slice(0, 40)
    if (p.type === 'integer') {
      if (typeof v !== 'number' || !Number.isInteger(v)) problems.push(`"${k}" must be a whole number (got ${got})`)
      else if (typeof p.minimum === 'number' && v < p.minimum) problems.push(`"${k}" must be at least ${p.minimum} (got ${v})`)
      else if (typeof p.maximum === 'number' && v > p.maximum) problems.push(`"${k}" must be at most ${p.maximum} (got ${v})`)
    } else if (p.type === 'string') {
      if (typeof v !== 'string') problems.push(`"${k}" must be a string (got ${got})`)
      else if (Array.isArray(p.enum) && !p.enum.includes(v)) problems.push(`"${k}" must be one of ${p.enum.map((e) => `"${e}"`).join(', ')} (got ${got})`)
      else if (typeof p.minLength === 'number' && v.trim().length < p.minLength) problems.push(`"${k}" must not be empty`)
      else if (typeof p.maxLength === 'number' && v.length > p.maxLength)
        problems.push(`"${k}" must be at most ${p.maxLength} characters (got ${fmt(v.length)})`)
    }
  }
  if (problems.length) throw new StoreError(problems.join('; '))
  return args
}

// ---- shared -----------------------------------------------------------------------------------

const when = (iso: string) => iso.replace('T', ' ').slice(0, 16)
const modeOf = (live: boolean | null): StoreMode => (live === false ? 'rehearsal' : 'live')

/** A session, as the answer names it: "this session" to the session itself, else by its id. */
const mine = (ctx: ToolContext, sessionId: string | null) => ctx.by === 'tool' && sessionId !== null && sessionId === ctx.sessionId
const nameOf = (ctx: ToolContext, sessionId: string) => (mine(ctx, sessionId) ? 'this session' : `session ${sessionId}`)

/**
 * When a session the store does not know was asked for by hand, the ones it does know whose id
 * begins with what was given, as a clause: a shortened or mistyped id must not read as a session
 * with nothing stored. Empty for the asking session itself and when nothing is alike.
 */
async function alikeSessions(ctx: ToolContext, sessionId: string): Promise<string> {
  if (mine(ctx, sessionId) || sessionId.length < 4) return ''
  const alike = new Set<string>()
  for (const s of await storedSessions(ctx.dataDir)) if (s.sessionId !== sessionId && s.sessionId.startsWith(sessionId)) alike.add(s.sessionId)
  if (alike.size === 0) return ''
  const shown = [...alike].slice(0, 3)
  return `; the store holds ${shown.join(', ')}${alike.size > shown.length ? ` and ${alike.size - shown.length} more` : ''} (a session id is matched whole)`
}

function sessionOf(ctx: ToolContext, given: unknown): string {
  if (given !== undefined) return checkSessionId(given)
  if (!ctx.sessionId) throw new StoreError('no session to read: give one (--session ID on the command line, "session" in a tool call)')
  return checkSessionId(ctx.sessionId)
}

/** One compaction of a session: `n` (default the newest), in `mode` or the asking session's mode first. */
async function pick(
  ctx: ToolContext,
  sessionId: string,
  n: number | undefined,
  mode: StoreMode | undefined,
): Promise<{ c: StoredCompaction; all: StoredCompaction[] }> {
  const all = await sessionCompactions(ctx.dataDir, sessionId)
  const whose = nameOf(ctx, sessionId)
  if (all.length === 0) throw new StoreError(`${whose} has no stored compactions (data dir ${ctx.dataDir})${await alikeSessions(ctx, sessionId)}`)
  const pool = mode ? all.filter((c) => c.mode === mode) : all
  if (pool.length === 0) throw new StoreError(`${whose} has no ${mode} compactions (it has ${describeNs(all)})`)
  const preferred = modeOf(ctx.live)
  const byPreference = [...pool].sort((a, b) => Number(b.mode === preferred) - Number(a.mode === preferred))
  const c = n === undefined ? newest(pool, preferred) : byPreference.find((x) => x.n === n)
  if (!c) throw new StoreError(`${whose} has no compaction n=${n} (it has ${describeNs(pool)})`)
  return { c, all }
}

function newest(pool: StoredCompaction[], preferred: StoreMode): StoredCompaction {
  const mine = pool.filter((c) => c.mode === preferred)
  return (mine.length ? mine : pool).at(-1)!
}

function describeNs(cs: StoredCompaction[]): string {
  const by = new Map<StoreMode, number[]>()
  for (const c of cs) by.set(c.mode, [...(by.get(c.mode) ?? []), c.n])
  return [...by].map(([mode, ns]) => `${mode} n=${ranges(ns)}`).join(', ')
}

function ranges(ns: number[]): string {
  const s = [...new Set(ns)].sort((a, b) => a - b)
  const out: string[] = []
  for (let i = 0; i < s.length;) {
    let j = i
    while (j + 1 < s.length && s[j + 1] === s[j]! + 1) j++
    out.push(i === j ? `${s[i]}` : `${s[i]}–${s[j]}`)
    i = j + 1
  }
  return out.join(', ')
}

/** The call that reads a compaction back, with only the arguments that differ from the defaults. */
function lookupCall(ctx: ToolContext, c: { sessionId: string; mode: StoreMode; n: number }, extra: Record<string, unknown> = {}): string {
  const args: Record<string, unknown> = { n: c.n, ...extra }
  if (!mine(ctx, c.sessionId)) args.session = c.sessionId
  if (c.mode !== modeOf(ctx.live)) args.mode = c.mode
  return `handoff_lookup ${JSON.stringify(args).replace(/,"/g, ', "').replace(/":/g, '": ')}`
}

/** Logs one read with its size: box-wide, and in the asking session's own folder for a tool call. */
async function logRead(
  ctx: ToolContext,
  tool: ToolName,
  args: Record<string, unknown>,
  text: string,
  ms: number,
  extra: Record<string, unknown> = {},
): Promise<void> {
  // From the command line, a read of a store that does not exist creates nothing, not even the
  // log of the read. A session's own tool call logs it: the store is its plugin's own.
  if (ctx.by === 'cli' && !existsSync(ctx.dataDir)) return
  const size = textSize(text)
  const row = {
    at: (ctx.now?.() ?? new Date()).toISOString(),
    sessionId: ctx.sessionId,
    by: ctx.by,
    tool,
    args,
    chars: size.chars,
    lines: size.lines,
    approxTokens: size.approxTokens,
    ms,
    ...extra,
  }
  await appendJsonl(join(ctx.dataDir, LOOKUPS_FILE), row)
  if (ctx.by === 'tool' && ctx.sessionId) await appendJsonl(join(ctx.dataDir, MODE_DIRS[modeOf(ctx.live)], checkSessionId(ctx.sessionId), LOOKUPS_FILE), row)
}

// ---- status ---------------------------------------------------------------------------------

interface SectionRow {
  name: string
  title?: string
  status: 'ok' | 'dropped'
  code?: string
  message?: string
  chars: number | null
  body?: string
  record?: Record<string, unknown>
}

function compactionLine(c: StoredCompaction): string {
  const r = c.row
  if (!r) return `n=${c.n}  ${when(c.at)}  ${c.mode}  (${c.problem})`
  const sections = (r.sections ?? []) as SectionRow[]
  const kept = sections.filter((s) => s.status === 'ok').length
  const parts = [
    `n=${c.n}`,
    when(c.at),
    c.mode,
    `${r.trigger}`,
    `${r.outcome}${r.reason ? ` (${String(r.reason).slice(0, 120)})` : ''}`,
    r.sizes?.handoff ? `handoff ${fmt(r.sizes.handoff.chars)} chars` : 'no handoff',
    sections.length ? `${kept} of ${sections.length} sections kept` : null,
    spentOf(r),
  ]
  return parts.filter(Boolean).join('  ')
}

/** What a compaction's own model calls cost (a rehearsal's too: it calls the model beside the
 *  engine's own summary), as the row priced it; null while a pending row has no calls yet. */
function spentOf(r: Record<string, any>): string | null {
  const calls = Array.isArray(r.model?.calls) ? r.model.calls.filter((c: { answeredBy?: unknown }) => c.answeredBy !== null).length : 0
  const usd = r.cost?.usd
  if (r.outcome === 'pending') return null
  if (calls === 0) return 'no model calls'
  const n = `${calls} model call${calls === 1 ? '' : 's'}`
  if (typeof usd === 'number') return `${n} $${usd.toFixed(4)}`
  const part = typeof r.cost?.pricedUsd === 'number' ? ` $${r.cost.pricedUsd.toFixed(4)} priced,` : ''
  return `${n},${part} cost unknown (${String(r.cost?.reason ?? 'unpriced').slice(0, 80)})`
}

/** What a session's compactions add up to, as handoff_status and `compact-handoff status` show it. */
export interface SessionSums {
  compactions: number
  /** Files handed back by restore, over every compaction; and how many compactions restored any. */
  restores: { files: number; compactions: number }
  /** Model spend: priced calls summed in `usd`; the compactions whose calls could not all be priced
   *  counted apart (with the part of them that was priced in `usd` too). */
  model: { calls: number; usd: number; pricedCompactions: number; unpricedCompactions: number }
  /** Compactions of a subagent's own conversation, and how many agents; agents still running as
   *  the main conversation compacted. */
  agents: { compactions: number; agents: number; runningAtCompaction: number }
  /** Fallbacks by their code (FALLBACK_REASONS). */
  fallbacks: Record<string, number>
  /** Compactions by arm (a row from before arms counts as `unknown`). */
  arms: Record<string, number>
  /** Compactions asked for by handoff_compact or /handoff compact. */
  requested: Record<string, number>
  /** Summary forks that saw far less than the conversation (row `fork.cold`). */
  coldForks: number
}

const bump = (m: Record<string, number>, k: string) => (m[k] = (m[k] ?? 0) + 1)

/** Sums a session's compactions (pending rows count for their arm and nothing else). */
export function sessionSums(cs: readonly StoredCompaction[]): SessionSums {
  const out: SessionSums = {
    compactions: cs.length,
    restores: { files: 0, compactions: 0 },
    model: { calls: 0, usd: 0, pricedCompactions: 0, unpricedCompactions: 0 },
    agents: { compactions: 0, agents: 0, runningAtCompaction: 0 },
    fallbacks: {},
    arms: {},
    requested: {},
    coldForks: 0,
  }
  const agents = new Set<string>()
  for (const c of cs) {
    const r = c.row
    if (!r) continue
    bump(out.arms, typeof r.arm === 'string' ? r.arm : 'unknown')
    if (typeof r.requestedBy === 'string') bump(out.requested, r.requestedBy)
    if (r.outcome === 'fallback') bump(out.fallbacks, typeof r.code === 'string' ? r.code : 'unknown')
    if (typeof r.agentId === 'string') {
      out.agents.compactions++
      agents.add(r.agentId)
    }
    if (typeof r.runningAgents === 'number') out.agents.runningAtCompaction += r.runningAgents
    if (r.fork?.cold === true) out.coldForks++
    const restore = ((r.sections ?? []) as SectionRow[]).find((x) => x.name === 'restore' && x.status === 'ok')
    const files = Array.isArray(restore?.record?.restored) ? (restore.record.restored as unknown[]).length : 0
    if (files > 0) {
      out.restores.files += files
      out.restores.compactions++
    }
    const answered = Array.isArray(r.model?.calls) ? r.model.calls.filter((x: { answeredBy?: unknown }) => x.answeredBy !== null).length : 0
    out.model.calls += answered
    if (typeof r.cost?.usd === 'number') {
      out.model.usd += r.cost.usd
      if (answered) out.model.pricedCompactions++
    } else if (answered) {
      out.model.unpricedCompactions++
      if (typeof r.cost?.pricedUsd === 'number') out.model.usd += r.cost.pricedUsd
    }
  }
  out.agents.agents = agents.size
  out.model.usd = Math.round(out.model.usd * 1e6) / 1e6
  return out
}

const counts = (m: Record<string, number>) =>
  Object.entries(m)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ')

/** The sums as status lines. */
function sumLines(sums: SessionSums, these: string): string[] {
  const m = sums.model
  const unpriced = m.unpricedCompactions
    ? `; ${m.unpricedCompactions} compaction${m.unpricedCompactions === 1 ? '' : 's'} not priced (their priced part included)`
    : ''
  const a = sums.agents
  return [
    `Model spent by compact-handoff in ${these} (beside the engine's own summaries): ${m.calls} call${m.calls === 1 ? '' : 's'}, $${m.usd.toFixed(4)} over ${m.pricedCompactions} priced compaction${m.pricedCompactions === 1 ? '' : 's'}${unpriced}`,
    `Restored: ${sums.restores.files} file${sums.restores.files === 1 ? '' : 's'} over ${sums.restores.compactions} compaction${sums.restores.compactions === 1 ? '' : 's'}`,
    `Arms: ${counts(sums.arms) || 'none'}${Object.keys(sums.requested).length ? ` · asked for: ${counts(sums.requested)}` : ''}`,
    `Fallbacks: ${counts(sums.fallbacks) || 'none'}`,
    `Agents: ${a.compactions} subagent compaction${a.compactions === 1 ? '' : 's'} (${a.agents} agent${a.agents === 1 ? '' : 's'}); ${a.runningAtCompaction} running when the conversation compacted${sums.coldForks ? ` · cold forks: ${sums.coldForks} (the summary's fork saw far less than the conversation)` : ''}`,
  ]
}

async function lookupTotals(ctx: ToolContext, sessionId: string) {
  const by = new Map<string, number>()
  let calls = 0
  let chars = 0
  let lines = 0
  let torn = 0
  for (const mode of Object.keys(MODE_DIRS) as StoreMode[]) {
    const r = await readJsonl<{ tool?: string; chars?: number; lines?: number }>(join(ctx.dataDir, MODE_DIRS[mode], sessionId, LOOKUPS_FILE))
    torn += r.torn
    for (const row of r.rows) {
      calls++
      chars += Number(row.chars) || 0
      lines += Number(row.lines) || 0
      by.set(String(row.tool), (by.get(String(row.tool)) ?? 0) + 1)
    }
  }
  return { calls, chars, lines, approxTokens: Math.ceil(chars / 4), byTool: Object.fromEntries(by), torn }
}

export async function status(ctx: ToolContext): Promise<ToolAnswer> {
  const mode = modeOf(ctx.live)
  const setting =
    ctx.live === null ? null : ctx.live ? 'live: handoffs replace the conversation' : 'rehearsal: handoffs are stored, Claude Code compacts as usual'
  const head = `compact-handoff ${ctx.pluginVersion}${setting ? ` · ${setting}` : ''}`
  const lines = [head, `Data dir: ${ctx.dataDir}`]
  const these = ctx.by === 'tool' ? 'this session' : 'the session'
  const compactions = ctx.sessionId ? await sessionCompactions(ctx.dataDir, checkSessionId(ctx.sessionId)) : []
  const reads = ctx.sessionId ? await lookupTotals(ctx, ctx.sessionId) : null
  if (ctx.sessionId) {
    lines.push(`Session: ${ctx.sessionId}`)
    if (compactions.length === 0) lines.push(`Compactions in ${these}: none yet${await alikeSessions(ctx, ctx.sessionId)}`)
    else {
      const outcomes = new Map<string, number>()
      for (const c of compactions) outcomes.set(String(c.row?.outcome ?? 'unreadable'), (outcomes.get(String(c.row?.outcome ?? 'unreadable')) ?? 0) + 1)
      lines.push(`Compactions in ${these}: ${compactions.length} (${[...outcomes].map(([k, v]) => `${v} ${k}`).join(', ')})`)
      for (const c of compactions) lines.push(`  ${compactionLine(c)}`)
      lines.push(...sumLines(sessionSums(compactions), these))
    }
    const r = reads!
    const tools = Object.entries(r.byTool)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')
    lines.push(
      r.calls === 0
        ? `History read back in ${these}: nothing yet`
        : `History read back in ${these}: ${r.calls} call${r.calls === 1 ? '' : 's'} (${tools}): ${fmt(r.chars)} chars, ${fmt(r.lines)} lines, ~${fmt(r.approxTokens)} tokens (chars/4)${r.torn ? `; ${r.torn} torn log line skipped` : ''}`,
    )
  }
  let index: Awaited<ReturnType<typeof indexStats>> | { error: string }
  try {
    index = await indexStats(ctx.dataDir)
    lines.push(
      index.exists
        ? `Search index: ${fmt(index.docs)} texts (${(index.textBytes / 1e6).toFixed(1)} MB) in ${fmt(index.chunks)} chunks, ${(index.bytes / 1e6).toFixed(1)} MB on disk; newest ${index.newest ? when(index.newest) : 'none'}${index.pending ? `; ${index.pending} waiting to be indexed (compact-handoff index)` : ''}`
        : 'Search index: none yet (made at the first compaction; search reads the files meanwhile)',
    )
  } catch (err) {
    index = { error: (err as Error).message }
    lines.push(`Search index: unreadable now (${index.error}); search reads the files instead`)
  }
  if (compactions.length) {
    const latest = newest(compactions, mode)
    lines.push(`Read back: ${lookupCall(ctx, latest)} · search: handoff_search {"query": "..."}`)
  }
  return {
    text: lines.join('\n'),
    data: {
      pluginVersion: ctx.pluginVersion,
      live: ctx.live,
      dataDir: ctx.dataDir,
      sessionId: ctx.sessionId,
      compactions: compactions.map(summaryOf),
      sums: ctx.sessionId ? sessionSums(compactions) : null,
      lookups: reads,
      index,
    },
  }
}

function summaryOf(c: StoredCompaction) {
  return {
    sessionId: c.sessionId,
    mode: c.mode,
    n: c.n,
    at: c.at,
    outcome: c.row?.outcome ?? null,
    trigger: c.row?.trigger ?? null,
    reason: c.row?.reason ?? null,
    files: c.row?.files ?? null,
    sizes: c.row?.sizes ?? null,
  }
}

// ---- list -----------------------------------------------------------------------------------

export async function list(ctx: ToolContext, args: Record<string, unknown>): Promise<ToolAnswer> {
  const limit = (args.limit as number | undefined) ?? 50
  const all = args.scope === 'all' || (args.session === undefined && !ctx.sessionId)
  if (all) {
    const index = await readJsonl<Record<string, any>>(join(ctx.dataDir, INDEX_FILE))
    const sessions = new Map<string, { rows: Record<string, any>[] }>()
    for (const r of index.rows) {
      if (typeof r.sessionId !== 'string') continue
      const s = sessions.get(r.sessionId) ?? { rows: [] }
      // A rehearsal's late row completes its pending one (same mode and n): it replaces it here.
      const same = s.rows.findIndex((x) => x.mode === r.mode && x.lineage?.n === r.lineage?.n && x.outcome === 'pending')
      if (same >= 0) s.rows.splice(same, 1)
      s.rows.push(r)
      sessions.set(r.sessionId, s)
    }
    const ordered = [...sessions].sort((a, b) => String(b[1].rows.at(-1)?.at).localeCompare(String(a[1].rows.at(-1)?.at)))
    const shown = ordered.slice(0, limit)
    const lines = [
      ordered.length === 0
        ? `No compactions on this machine yet (${join(ctx.dataDir, INDEX_FILE)})`
        : `Sessions that compacted on this machine: ${ordered.length}${ordered.length > shown.length ? `, newest ${shown.length} shown` : ''} (newest first)`,
      ...shown.map(([id, s]) => {
        const last = s.rows.at(-1)!
        const modes = [...new Set(s.rows.map((r) => r.mode))].join('+')
        const cwd = typeof last.cwd === 'string' ? `  ${last.cwd}` : ''
        return `${id}  ${s.rows.length} compaction${s.rows.length === 1 ? '' : 's'} (${modes})  newest n=${last.lineage?.n} ${when(String(last.at))} ${last.outcome}${cwd}`
      }),
    ]
    if (index.torn) lines.push(`(${index.torn} torn line${index.torn === 1 ? '' : 's'} in index.jsonl skipped: line ${index.tornLines.join(', ')})`)
    if (shown.length) lines.push(`One session's compactions: handoff_list {"session": "<id>"}`)
    return {
      text: lines.join('\n'),
      data: { sessions: shown.map(([id, s]) => ({ sessionId: id, compactions: s.rows.length, newest: s.rows.at(-1) })), torn: index.torn },
    }
  }
  const sessionId = sessionOf(ctx, args.session)
  const cs = await sessionCompactions(ctx.dataDir, sessionId)
  const whose = nameOf(ctx, sessionId)
  if (cs.length === 0) return { text: `${whose} has no stored compactions yet${await alikeSessions(ctx, sessionId)}`, data: { sessionId, compactions: [] } }
  const shown = cs.slice(-limit)
  const lines = [`Compactions of ${whose}: ${cs.length}${cs.length > shown.length ? `, newest ${shown.length} shown` : ''} (oldest first)`]
  for (const c of shown) {
    lines.push(compactionLine(c))
    const r = c.row
    if (!r) continue
    const files = (['handoff', 'summary', 'transcript'] as TextKind[]).filter((k) => r.files?.[k]).map((k) => `${k} ${fmt(r.sizes?.[k]?.lines ?? 0)} lines`)
    if (files.length) lines.push(`    files: ${files.join(', ')}`)
    const sections = ((r.sections ?? []) as SectionRow[]).map((s) => (s.status === 'ok' ? s.name : `${s.name} dropped (${s.code})`))
    if (sections.length) lines.push(`    sections: ${sections.join(', ')}`)
    lines.push(`    read: ${lookupCall(ctx, c)}`)
  }
  return { text: lines.join('\n'), data: { sessionId, compactions: shown.map(summaryOf) } }
}

// ---- lookup ---------------------------------------------------------------------------------

const MAX_LINES = 400
const MAX_CHARS = 40_000

/** A section's text from the handoff (its `## Title` block) and its record, as numbered lines. */
function sectionDocument(c: StoredCompaction, handoff: string | null, name: string): string {
  const sections = (c.row?.sections ?? []) as SectionRow[]
  const s = sections.find((x) => x.name === name)
  if (!s) throw new StoreError(`n=${c.n} has no section "${name}" (it has ${sections.map((x) => x.name).join(', ') || 'none recorded'})`)
  const state = s.status === 'ok' ? `kept, ${fmt(s.chars ?? 0)} chars` : `dropped: ${s.code}${s.message ? ` ${s.message}` : ''}`
  const out = [`Section ${s.name} of compaction n=${c.n} (${state})`, '']
  let body: string | null = s.body ?? null
  if (body === null && handoff && s.title) {
    const lines = handoff.split('\n')
    const start = lines.indexOf(`## ${s.title}`)
    if (start !== -1) {
      let end = start + 1
      while (end < lines.length && !lines[end]!.startsWith('## ')) end++
      body = lines
        .slice(start + 1, end)
        .join('\n')
        .trim()
    }
  }
  out.push(body ?? '(its text is not in the stored handoff)')
  if (s.record && Object.keys(s.record).length) {
    out.push('', `Record (everything the section kept, at full length):`)
    for (const [k, v] of Object.entries(s.record)) {
      if (Array.isArray(v)) {
        out.push(`${k} (${v.length}):`)
        for (const item of v) out.push(`  ${typeof item === 'string' ? item : JSON.stringify(item)}`)
      } else out.push(`${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    }
  }
  return out.join('\n')
}

async function readText(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}

export async function lookup(ctx: ToolContext, args: Record<string, unknown>): Promise<ToolAnswer> {
  if (args.file !== undefined && args.section !== undefined) throw new StoreError('give "file" or "section", not both')
  const sessionId = sessionOf(ctx, args.session)
  const { c } = await pick(ctx, sessionId, args.n as number | undefined, args.mode as StoreMode | undefined)
  const file = (args.file as FileKind | undefined) ?? 'handoff'
  const handoffPath = join(c.dir, `${c.stem}${TEXT_KINDS.handoff}`)
  let doc: string
  let what: string
  if (typeof args.section === 'string') {
    doc = sectionDocument(c, await readText(handoffPath), args.section)
    what = `section ${args.section}`
  } else if (file === 'row') {
    const row = await readText(c.rowFile)
    if (row === null) throw new StoreError(`n=${c.n} has no row file`)
    const feedback = await readJsonl<{ at?: string; note?: string }>(feedbackFile(c.rowFile))
    doc = row.trimEnd() + (feedback.rows.length ? `\n\nFeedback on this compaction:\n${feedback.rows.map((f) => `${f.at}  ${f.note}`).join('\n')}` : '')
    what = `row (${c.rowFile.slice(ctx.dataDir.length + 1)})`
  } else {
    const path = join(c.dir, `${c.stem}${TEXT_KINDS[file]}`)
    const text = await readText(path)
    if (text === null) {
      const why = file === 'handoff' && c.row?.outcome === 'fallback' ? ` (it fell back: ${c.row.reason})` : ''
      throw new StoreError(`n=${c.n} has no stored ${file}${why}; it has ${FILES.filter((f) => c.row?.files?.[f]).join(', ') || 'only its row'}`)
    }
    doc = text
    what = `${file} (${path.slice(ctx.dataDir.length + 1)})`
  }
  const lines = doc.endsWith('\n') ? doc.slice(0, -1).split('\n') : doc.split('\n')
  const total = lines.length
  const from = (args.from as number | undefined) ?? 1
  if (from > total) throw new StoreError(`from ${from} is past the end: n=${c.n} ${what.split(' (')[0]} has ${fmt(total)} line${total === 1 ? '' : 's'}`)
  const asked = args.to as number | undefined
  if (asked !== undefined && asked < from) throw new StoreError(`to ${asked} is before from ${from}`)
  let to = Math.min(asked ?? from + MAX_LINES - 1, total, from + MAX_LINES - 1)
  const out: string[] = []
  let chars = 0
  for (let i = from; i <= to; i++) {
    // The cap holds for one line too: a 200 KB line comes back clipped, and the clip is said.
    const whole = `${i}\t${lines[i - 1]}`
    const line =
      whole.length <= MAX_CHARS
        ? whole
        : `${whole.slice(0, MAX_CHARS - 80)} […${fmt(whole.length - (MAX_CHARS - 80))} more chars on this line not shown (${fmt(MAX_CHARS)}-char cap)]`
    if (chars + line.length > MAX_CHARS && out.length > 0) {
      to = i - 1
      break
    }
    out.push(line)
    chars += line.length + 1
  }
  const ref = { sessionId: c.sessionId, mode: c.mode, n: c.n }
  const where = args.section !== undefined ? { section: args.section } : file !== 'handoff' ? { file } : {}
  const head = `n=${c.n} ${what}${!mine(ctx, c.sessionId) ? ` of session ${c.sessionId}` : ''}${c.mode !== modeOf(ctx.live) ? ` (${c.mode})` : ''}, ${when(c.at)}: lines ${from}–${to} of ${fmt(total)}`
  const tail = to < total && (asked === undefined || to < asked) ? [`More: ${lookupCall(ctx, ref, { ...where, from: to + 1 })}`] : []
  return { text: [head, ...out, ...tail].join('\n'), data: { ...ref, what, from, to, total, lines: out.map((l) => l.slice(l.indexOf('\t') + 1)) } }
}

// ---- search ---------------------------------------------------------------------------------

export async function searchTool(ctx: ToolContext, args: Record<string, unknown>): Promise<ToolAnswer> {
  const query = String(args.query)
  const limit = (args.limit as number | undefined) ?? 20
  const all = args.scope === 'all' || (args.session === undefined && !ctx.sessionId)
  const sessionId = all ? null : sessionOf(ctx, args.session)
  if (args.session !== undefined && sessionId && (await sessionCompactions(ctx.dataDir, sessionId, { rows: false })).length === 0) {
    throw new StoreError(`session ${sessionId} has no stored compactions (data dir ${ctx.dataDir})${await alikeSessions(ctx, sessionId)}`)
  }
  const r = await search(ctx.dataDir, { query, sessionId, limit })
  const where = all ? 'in every session on this machine' : `in ${nameOf(ctx, sessionId!)}`
  const lines: string[] = []
  if (r.hits.length === 0) {
    lines.push(`No match for ${JSON.stringify(query)} ${where} (handoffs, summaries and the conversations they replaced).`)
  } else {
    lines.push(
      `${r.more ? `First ${r.hits.length}` : r.hits.length} match${r.hits.length === 1 ? '' : 'es'} for ${JSON.stringify(query)} ${where}, newest compaction first:`,
    )
    for (const h of r.hits) {
      const who = all || !mine(ctx, h.sessionId) ? `session ${h.sessionId} ` : ''
      const mode = h.mode !== modeOf(ctx.live) ? ` (${h.mode})` : ''
      lines.push(`${who}n=${h.n}${mode} ${h.kind}:${h.line}  ${h.text}`)
    }
    const h = r.hits[0]!
    lines.push(
      `Read around a match: ${lookupCall(ctx, h, { ...(h.kind === 'handoff' ? {} : { file: h.kind }), from: Math.max(1, h.line - 5), to: h.line + 5 })}`,
    )
  }
  if (r.note) lines.push(`(${r.note})`)
  const text = lines.join('\n')
  return { text, data: { query, scope: all ? 'all' : 'session', sessionId, hits: r.hits, more: r.more, via: r.via, note: r.note, ms: r.ms } }
}

// ---- feedback -------------------------------------------------------------------------------

export async function feedback(ctx: ToolContext, args: Record<string, unknown>): Promise<ToolAnswer> {
  const sessionId = sessionOf(ctx, undefined)
  const { c } = await pick(ctx, sessionId, args.n as number | undefined, undefined)
  const file = feedbackFile(c.rowFile)
  const row = { at: (ctx.now?.() ?? new Date()).toISOString(), sessionId, n: c.n, mode: c.mode, by: ctx.by, note: String(args.note).trim() }
  await appendJsonl(file, row)
  return { text: `Noted with compaction n=${c.n} (${file.slice(ctx.dataDir.length + 1)}).`, data: row }
}

// ---- dispatch -------------------------------------------------------------------------------

const LOGGED: ReadonlySet<ToolName> = new Set(['handoff_list', 'handoff_lookup', 'handoff_search'])

/** Runs one tool. A refused call answers `error: true` and one line; anything else unexpected throws. */
export async function runTool(name: string, rawArgs: unknown, ctx: ToolContext): Promise<ToolAnswer> {
  const started = performance.now()
  if (!(TOOL_NAMES as readonly string[]).includes(name)) {
    return { text: `compact-handoff: no tool "${name}" (tools: ${TOOL_NAMES.join(', ')})`, data: null, error: true }
  }
  const tool = name as ToolName
  let answer: ToolAnswer
  let args: Record<string, unknown> = {}
  try {
    args = checkArgs(tool, rawArgs)
    if (tool === 'handoff_status') answer = await status(ctx)
    else if (tool === 'handoff_list') answer = await list(ctx, args)
    else if (tool === 'handoff_lookup') answer = await lookup(ctx, args)
    else if (tool === 'handoff_search') answer = await searchTool(ctx, args)
    else answer = await feedback(ctx, args)
  } catch (err) {
    if (!(err instanceof StoreError)) throw err
    answer = { text: `${tool}: ${err.message}`, data: null, error: true }
  }
  if (LOGGED.has(tool) && !answer.error) {
    const hits = tool === 'handoff_search' ? { hits: (answer.data as { hits: unknown[] }).hits.length } : {}
    await logRead(ctx, tool, args, answer.text, Math.round(performance.now() - started), hits).catch(() => undefined)
  }
  return answer
}

/** What `/handoff [words]` shows: the status, then a search of this session when words are given. */
export async function slashCommand(ctx: ToolContext, words: string): Promise<ToolAnswer> {
  const s = await runTool('handoff_status', {}, ctx)
  if (!words.trim()) {
    return { text: `${s.text}\n\n/handoff <words> searches this session's stored history.`, data: { status: s.data } }
  }
  const found = await runTool('handoff_search', { query: words.trim() }, ctx)
  return { text: `${s.text}\n\n${found.text}`, data: { status: s.data, search: found.data } }
}
