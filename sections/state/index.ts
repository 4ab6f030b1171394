/**
 * `state`: the repository and session as they stand when the handoff is written, read live from
 * the session's working directory: branch, upstream, working tree, uncommitted files, open PRs,
 * the last commits, the model and agents still running. A row that cannot be read is left out
 * and its reason recorded; nothing is guessed.
 */
import { existsSync, statSync } from 'node:fs'
import { clip, defineSection, fmt, type PipelineInput, type SectionContext, type SectionResult } from '../../pipeline/index.ts'
import { listOpenPrs, type PullRequest } from './gh.ts'
import {
  type Commit,
  git,
  type GitStatus,
  isNotARepo,
  LOG_FORMAT,
  operationInProgress,
  parseLog,
  parseStatus,
  repoProgramOverrides,
  type StatusEntry,
  whyFailed,
} from './git.ts'

/** The rows this section can write, by the names its record and notes use. */
export type Row = 'branch' | 'operation' | 'working-tree' | 'open-prs' | 'commits' | 'model' | 'agents'

/** The rows git reads, as the handoff names them (open PRs are gh's, which many do not use). */
const REPO_ROWS = {
  branch: 'branch',
  operation: 'an operation in progress',
  'working-tree': 'working tree',
  commits: 'last commits',
} as const

export interface Unreadable {
  row: Row
  reason: string
}

export interface RunningAgent {
  id: string
  description: string
}

export interface StateOptions extends Record<string, unknown> {
  commits: number
  maxFiles: number
  gh: boolean
  prLimit: number
  gitTimeoutMs: number
  ghTimeoutMs: number
}

const plural = (n: number, one: string, many = `${one}s`) => `${fmt(n)} ${n === 1 ? one : many}`

export const DEFAULT_OPTIONS: StateOptions = {
  commits: 5,
  maxFiles: 40,
  gh: true,
  prLimit: 20,
  gitTimeoutMs: 3_000,
  ghTimeoutMs: 3_000,
}

export interface StateReading {
  status: GitStatus | null
  /** [] on a branch with no commit yet; null when not read. */
  commits: Commit[] | null
  operation: string | null
  prs: { list: PullRequest[]; limit: number } | null
  unreadable: Unreadable[]
  /** Wall time of each external call, ms. */
  ms: Record<string, number>
}

export interface ReadStateOptions {
  cwd: string
  /** The environment git and gh run with (PATH decides whether they are found). */
  env: NodeJS.ProcessEnv
  signal: AbortSignal
  commits: number
  gh: boolean
  prLimit: number
  git: { timeoutMs: number; label: string }
  ghCall: { timeoutMs: number; label: string }
}

/** Reads every git and gh row at once; each call that fails leaves its rows out with a reason. */
export async function readState(o: ReadStateOptions): Promise<StateReading> {
  const reading: StateReading = { status: null, commits: null, operation: null, prs: null, unreadable: [], ms: {} }
  const gitRows: Row[] = ['branch', 'working-tree', ...(o.commits > 0 ? (['commits'] as Row[]) : [])]
  const repoRows: Row[] = [...gitRows, ...(o.gh ? (['open-prs'] as Row[]) : [])]
  const lose = (rows: Row[], reason: string) => rows.forEach((row) => reading.unreadable.push({ row, reason }))

  let isDir: boolean
  try {
    isDir = existsSync(o.cwd) && statSync(o.cwd).isDirectory()
  } catch {
    isDir = false
  }
  if (!isDir) {
    lose(repoRows, `the working directory ${o.cwd} does not exist`)
    return reading
  }

  const base = { cwd: o.cwd, env: o.env, timeoutMs: o.git.timeoutMs, signal: o.signal }
  // The repository's own program settings are read once, beside the calls that wait for them.
  const overrides = repoProgramOverrides(base)
  const call = { ...base, overrides }
  const timed = async <T>(key: string, p: Promise<T>): Promise<T> => {
    const t0 = performance.now()
    try {
      return await p
    } finally {
      reading.ms[key] = Math.round(performance.now() - t0)
    }
  }
  // Independent calls, run together: the section costs the slowest of them, not their sum.
  const [st, lg, gd, pr] = await Promise.all([
    timed('status', git(['status', '--porcelain=v2', '--branch', '--show-stash', '-z', '--untracked-files=normal'], call)),
    o.commits > 0 ? timed('log', git(['log', `-n${o.commits}`, '-z', '--no-show-signature', '--no-color', `--format=${LOG_FORMAT}`], call)) : null,
    timed('gitDir', git(['rev-parse', '--absolute-git-dir'], call)),
    o.gh
      ? timed(
          'gh',
          listOpenPrs({ cwd: o.cwd, env: o.env, signal: o.signal, limit: o.prLimit, timeoutMs: o.ghCall.timeoutMs, limitLabel: o.ghCall.label, overrides }),
        )
      : null,
  ])

  // Not a repository: one cause, said once for every row it costs (gh needs a repository too).
  if (isNotARepo(st) || isNotARepo(gd)) {
    lose(repoRows, `${o.cwd} is not inside a git repository`)
    return reading
  }
  if (st.kind === 'missing') {
    lose(gitRows, whyFailed('git status', 'git', st, o.git.label))
  } else if (st.kind !== 'ok') {
    lose(['branch', 'working-tree'], whyFailed('git status', 'git', st, o.git.label))
  } else {
    reading.status = parseStatus(st.stdout)
  }

  if (lg && st.kind !== 'missing') {
    if (reading.status && reading.status.oid === null) reading.commits = []
    else if (lg.kind === 'ok') reading.commits = parseLog(lg.stdout)
    else lose(['commits'], whyFailed('git log', 'git', lg, o.git.label))
  }

  if (gd.kind === 'ok') reading.operation = operationInProgress(gd.stdout.trim())
  else if (st.kind !== 'missing') lose(['operation'], whyFailed('git rev-parse', 'git', gd, o.git.label))

  if (pr) {
    if (pr.ok) reading.prs = { list: pr.prs, limit: pr.limit }
    else lose(['open-prs'], pr.reason)
  }
  return reading
}

/**
 * Agents still running, as the host states them. A missing or malformed field is a reason; items
 * that name nothing are counted in a reason too, never guessed at.
 */
export function readAgents(input: PipelineInput): { agents: RunningAgent[] | null; reason?: string } {
  // Read defensively: the engine adapter fills it from JSON it did not type-check.
  const raw: unknown = input.runningAgents
  if (raw === undefined) return { agents: null, reason: 'the host did not say which agents are running (no runningAgents in the input)' }
  if (!Array.isArray(raw)) return { agents: null, reason: `runningAgents in the input is not a list (got ${typeof raw})` }
  const agents: RunningAgent[] = []
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue
    const o = item as Record<string, unknown>
    const id = typeof o.id === 'string' ? o.id : typeof o.agentId === 'string' ? o.agentId : ''
    const description = typeof o.description === 'string' ? o.description : ''
    if (id || description) agents.push({ id, description })
  }
  const bad = raw.length - agents.length
  return bad > 0 ? { agents, reason: `${plural(bad, 'item')} of runningAgents in the input named no id or description` } : { agents }
}

/** A run of lines: fixed lines first, then items that can be cut from the end to fit. */
interface Block {
  row: Row
  lines: string[]
  items: string[]
  /** How many items are shown; the rest are counted on a "more" line. */
  kept: number
  /** Items that were never candidates (past a cap), counted on the "more" line too. */
  beyond: number
  more?: (n: number) => string
}

function renderBlock(b: Block): string[] {
  const left = b.items.length - b.kept + b.beyond
  return [...b.lines, ...b.items.slice(0, b.kept), ...(left > 0 && b.more ? [b.more(left)] : [])]
}

const renderAll = (head: string, blocks: Block[], tail: string[]) => [head, ...blocks.flatMap(renderBlock), ...tail].join('\n')

function branchLine(s: GitStatus, commits: Commit[] | null): string {
  if (s.branch === null) {
    const short = commits?.[0]?.hash ?? s.oid?.slice(0, 10) ?? 'an unknown commit'
    return `- Branch: detached HEAD at ${short}`
  }
  const name = `\`${s.branch}\``
  if (s.oid === null) return `- Branch: ${name} (no commits yet)`
  if (!s.upstream) return `- Branch: ${name} (no upstream)`
  if (s.ahead === null || s.behind === null) return `- Branch: ${name} (upstream \`${s.upstream}\`: gone)`
  return `- Branch: ${name} (upstream \`${s.upstream}\`: ${fmt(s.ahead)} ahead, ${fmt(s.behind)} behind)`
}

function treeLine(s: GitStatus): string {
  const c = s.counts
  const parts = [
    c.conflicted && `${fmt(c.conflicted)} conflicted`,
    c.staged && `${fmt(c.staged)} staged`,
    c.unstaged && `${fmt(c.unstaged)} unstaged`,
    c.untracked && `${fmt(c.untracked)} untracked`,
  ].filter(Boolean)
  const stash = s.stashes ? `; ${plural(s.stashes, 'stash', 'stashes')}` : ''
  return `- Working tree: ${parts.length ? parts.join(', ') : 'clean'}${stash}`
}

function fileLine(e: StatusEntry): string {
  const path = e.from !== undefined ? `${clip(e.from, 160)} → ${clip(e.path, 160)}` : clip(e.path, 200)
  return `  - \`${e.xy}\` ${path}${e.submodule ? ` (${e.submodule})` : ''}`
}

/** Conflicts first, then tracked changes, then untracked, each in git's path order. */
function orderEntries(entries: StatusEntry[]): StatusEntry[] {
  const rank = { conflicted: 0, changed: 1, renamed: 1, untracked: 2 } as const
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank[a.e.kind] - rank[b.e.kind] || a.i - b.i)
    .map((x) => x.e)
}

export interface Rendered {
  body: string
  rows: Row[]
  files: { total: number; listed: number }
  prs: { total: number; listed: number } | null
  commits: number
}

/**
 * The rows as compact Markdown, fitted to `budget`: file, PR, commit and agent items are cut
 * from the end (in that order) with a count of what was cut; the fixed rows stay.
 */
export function renderState(
  head: string,
  reading: StateReading,
  extra: { model: string | null; agents: RunningAgent[] | null },
  opts: { maxFiles: number; budget: number },
): Rendered {
  const blocks: Block[] = []
  const s = reading.status
  if (s) blocks.push({ row: 'branch', lines: [branchLine(s, reading.commits)], items: [], kept: 0, beyond: 0 })
  if (reading.operation) blocks.push({ row: 'operation', lines: [`- In progress: ${reading.operation}`], items: [], kept: 0, beyond: 0 })
  let files: Block | null = null
  if (s) {
    const ordered = orderEntries(s.entries)
    const items = ordered.slice(0, opts.maxFiles).map(fileLine)
    files = {
      row: 'working-tree',
      lines: [treeLine(s)],
      items,
      kept: items.length,
      beyond: ordered.length - items.length,
      more: (n) => `  - … and ${plural(n, 'more path')} (maxFiles: ${opts.maxFiles}, budgetChars)`,
    }
    blocks.push(files)
  }
  let prs: Block | null = null
  if (reading.prs) {
    const { list, limit } = reading.prs
    const mayBeMore = list.length >= limit ? ` (the first ${fmt(limit)}; there may be more)` : ` (${fmt(list.length)})`
    const items = list.map((p) => {
      const about = [`\`${clip(p.branch, 80)}\``, p.author && `@${p.author}`, p.draft && 'draft'].filter(Boolean).join(', ')
      const mine = s?.branch && p.branch === s.branch ? ' ← this branch' : ''
      return `  - #${p.number} ${clip(p.title, 120)} (${about})${mine}`
    })
    prs = {
      row: 'open-prs',
      lines: [list.length ? `- Open PRs${mayBeMore}:` : '- Open PRs: none'],
      items,
      kept: items.length,
      beyond: 0,
      more: (n) => `  - … and ${plural(n, 'more PR')} (budgetChars)`,
    }
    blocks.push(prs)
  }
  let commits: Block | null = null
  if (reading.commits) {
    const items = reading.commits.map((c) => `  - ${c.hash} ${clip(c.subject, 120)} (${clip(c.author, 40)}, ${c.date})`)
    commits = {
      row: 'commits',
      lines: [items.length ? '- Last commits, newest first:' : '- Last commits: none yet'],
      items,
      kept: items.length,
      beyond: 0,
      more: (n) => `  - … and ${plural(n, 'older commit')} (budgetChars)`,
    }
    blocks.push(commits)
  }
  if (extra.model) blocks.push({ row: 'model', lines: [`- Model: ${extra.model}`], items: [], kept: 0, beyond: 0 })
  let agents: Block | null = null
  if (extra.agents) {
    const items = extra.agents.map((a) => `  - ${[a.id, clip(a.description, 120)].filter(Boolean).join(': ')}`)
    agents = {
      row: 'agents',
      lines: [items.length ? `- Agents still running (${fmt(items.length)}):` : '- Agents still running: none'],
      items,
      kept: items.length,
      beyond: 0,
      more: (n) => `  - … and ${plural(n, 'more agent')} (budgetChars)`,
    }
    blocks.push(agents)
  }

  // A repository row that could not be read is said where the reader looks: a missing "Working
  // tree" line must not read as a clean tree. One line per cause, naming the rows it cost; only
  // beside rows that were read (with none, the section is left out and the reasons recorded).
  const byReason = new Map<string, Row[]>()
  for (const u of reading.unreadable) if (u.row in REPO_ROWS) byReason.set(u.reason, [...(byReason.get(u.reason) ?? []), u.row])
  const unread =
    blocks.length > 0
      ? [...byReason].map(([reason, rows]) => `- Not read (${rows.map((r) => REPO_ROWS[r as keyof typeof REPO_ROWS]).join(', ')}): ${reason}`)
      : []

  let body = renderAll(head, blocks, unread)
  for (const b of [files, prs, commits, agents]) {
    while (b && b.kept > 0 && body.length > opts.budget) {
      b.kept--
      body = renderAll(head, blocks, unread)
    }
  }
  // Only a budget smaller than the fixed rows themselves gets here; cut rather than overrun.
  if (body.length > opts.budget) body = `${body.slice(0, Math.max(0, opts.budget - 1))}…`
  return {
    body,
    rows: blocks.map((b) => b.row),
    files: { total: s?.entries.length ?? 0, listed: files?.kept ?? 0 },
    prs: reading.prs ? { total: reading.prs.list.length, listed: prs?.kept ?? 0 } : null,
    commits: commits?.kept ?? 0,
  }
}

/** A sub-call's time limit, held under the section's own so one slow row cannot sink the rest. */
function callLimit(setting: string, value: number, sectionTimeoutMs: number): { timeoutMs: number; label: string } {
  const ceiling = Math.max(1, sectionTimeoutMs - 250)
  if (value <= ceiling) return { timeoutMs: value, label: `${fmt(value)} ms (${setting}: ${value})` }
  return { timeoutMs: ceiling, label: `${fmt(ceiling)} ms (${setting}: ${value}, held under timeoutMs: ${sectionTimeoutMs})` }
}

/** The section's work, with the environment git and gh run in passed in (tests set PATH). */
export async function runState(ctx: SectionContext<StateOptions>, env: NodeJS.ProcessEnv): Promise<SectionResult | null> {
  const o = { ...DEFAULT_OPTIONS, ...ctx.options }
  const cwd = ctx.input.cwd
  const reading = await readState({
    cwd,
    env,
    signal: ctx.signal,
    commits: o.commits,
    gh: o.gh,
    prLimit: o.prLimit,
    git: callLimit('gitTimeoutMs', o.gitTimeoutMs, ctx.timeoutMs),
    ghCall: callLimit('ghTimeoutMs', o.ghTimeoutMs, ctx.timeoutMs),
  })
  if (ctx.signal.aborted) return null

  const model = ctx.input.model?.trim() || null
  if (!model) reading.unreadable.push({ row: 'model', reason: 'the host did not state the model' })
  const { agents, reason: agentsReason } = readAgents(ctx.input)
  if (agentsReason) reading.unreadable.push({ row: 'agents', reason: agentsReason })

  // One note per cause, naming every row it cost.
  const byReason = new Map<string, Row[]>()
  for (const u of reading.unreadable) byReason.set(u.reason, [...(byReason.get(u.reason) ?? []), u.row])
  for (const [reason, rows] of byReason) ctx.report.note(`${rows.join(', ')} not read: ${reason}`)

  const readAt = new Date(ctx.capabilities.now()).toISOString()
  const head = `Read at ${readAt} in \`${cwd}\`:`
  const r = renderState(head, reading, { model, agents }, { maxFiles: o.maxFiles, budget: ctx.budgetChars })
  const s = reading.status
  const record = {
    cwd,
    readAt,
    rows: r.rows,
    unreadable: reading.unreadable,
    branch: s ? s.branch : undefined,
    detached: s ? s.branch === null : undefined,
    upstream: s ? { name: s.upstream, ahead: s.ahead, behind: s.behind } : undefined,
    operation: reading.operation,
    workingTree: s ? { ...s.counts, stashes: s.stashes, paths: r.files.total, listed: r.files.listed } : undefined,
    untrackedOnlySubmodules: s?.untrackedOnlySubmodules,
    openPrs: r.prs,
    commits: r.commits,
    model,
    runningAgents: agents ? agents.length : null,
    ms: reading.ms,
  }
  if (r.files.listed < r.files.total) ctx.report.note(`${fmt(r.files.total - r.files.listed)} of ${fmt(r.files.total)} uncommitted paths counted, not listed`)
  // Nothing but the "read at" line means nothing was read: let the runner drop it as empty.
  if (r.rows.length === 0) return { body: '', record }
  return { body: r.body, record }
}

export default defineSection<StateOptions>({
  name: 'state',
  title: 'State at compaction',
  description: 'Branch, upstream, working tree, uncommitted files, open PRs, last commits, model and running agents, read live.',
  defaults: { timeoutMs: 5_000, budgetChars: 2_500, priority: 60, options: DEFAULT_OPTIONS },
  optionsSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      commits: { type: 'integer', minimum: 0, maximum: 50, description: 'how many of the newest commits to list (0 leaves the row out)' },
      maxFiles: { type: 'integer', minimum: 0, maximum: 1000, description: 'the most uncommitted paths listed; the rest are counted' },
      gh: { type: 'boolean', description: 'false skips the open-PR row and never runs gh' },
      prLimit: { type: 'integer', minimum: 1, maximum: 100, description: 'the most open PRs asked of gh' },
      gitTimeoutMs: { type: 'integer', minimum: 1, description: 'each git call is killed after this long and its rows left out' },
      ghTimeoutMs: { type: 'integer', minimum: 1, description: 'gh pr list is killed after this long and the PR row left out' },
    },
  },
  run: (ctx) => runState(ctx, process.env),
})
