/**
 * Reading a repository as it stands, without changing it: porcelain v2 status (branch, upstream,
 * entries), the last commits, and an operation left half done. Git runs with hooks and fsmonitor
 * off and takes no optional locks, because the session may be using the same repository.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { exec, type ExecResult, firstLine } from './exec.ts'

/** Variables that would point git somewhere other than the working directory it is run in. */
const REPO_LOCATION_VARS = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_COMMON_DIR',
  'GIT_NAMESPACE',
  'GIT_PREFIX',
]

/** The environment every git (and gh) call gets: the caller's, made quiet, stable and local. */
export function quietEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base }
  // A section run from inside a git hook (a pre-commit test run) must still read its own cwd.
  for (const name of REPO_LOCATION_VARS) delete env[name]
  return {
    ...env,
    LC_ALL: 'C',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_TERMINAL_PROMPT: '0',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
  }
}

/** Global options before every subcommand: no hooks, no fsmonitor daemon, no optional locks. */
export const GIT_GLOBAL_ARGS = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false', '--no-optional-locks']

export interface StatusEntry {
  kind: 'changed' | 'renamed' | 'conflicted' | 'untracked'
  /** Two columns as `git status --short` shows them: index, then worktree ('?' for untracked). */
  xy: string
  path: string
  /** The old path of a rename or copy. */
  from?: string
  staged: boolean
  unstaged: boolean
  /** For a submodule: what changed inside it, in words. */
  submodule?: string
}

export interface GitStatus {
  /** The commit HEAD names, or null on a branch with no commit yet. */
  oid: string | null
  /** The branch, or null when HEAD is detached. */
  branch: string | null
  upstream: string | null
  /** Null when there is no upstream, or it is configured but gone. */
  ahead: number | null
  behind: number | null
  stashes: number
  entries: StatusEntry[]
  counts: { staged: number; unstaged: number; untracked: number; conflicted: number }
  /** Submodules whose only change is untracked content inside them: not listed as changes. */
  untrackedOnlySubmodules: string[]
}

/** Splits `n` space-separated fields off the front; the rest (a path may hold spaces) is last. */
function fields(record: string, n: number): { head: string[]; rest: string } {
  const head: string[] = []
  let at = 0
  for (let i = 0; i < n; i++) {
    const next = record.indexOf(' ', at)
    if (next < 0) return { head, rest: '' }
    head.push(record.slice(at, next))
    at = next + 1
  }
  return { head, rest: record.slice(at) }
}

function submoduleWords(sub: string): string | undefined {
  if (!sub.startsWith('S')) return undefined
  const words = [sub[1] === 'C' && 'new commits', sub[2] === 'M' && 'modified content', sub[3] === 'U' && 'untracked content']
  return `submodule: ${words.filter(Boolean).join(', ') || 'changed'}`
}

/** Parses `git status --porcelain=v2 --branch --show-stash -z`. */
export function parseStatus(raw: string): GitStatus {
  const s: GitStatus = {
    oid: null,
    branch: null,
    upstream: null,
    ahead: null,
    behind: null,
    stashes: 0,
    entries: [],
    counts: { staged: 0, unstaged: 0, untracked: 0, conflicted: 0 },
    untrackedOnlySubmodules: [],
  }
  const records = raw.split('\0')
  for (let i = 0; i < records.length; i++) {
    const rec = records[i]!
    if (rec === '') continue
    if (rec.startsWith('# ')) {
      const { head, rest } = fields(rec, 2)
      const key = head[1]
      if (key === 'branch.oid') s.oid = rest === '(initial)' ? null : rest
      else if (key === 'branch.head') s.branch = rest === '(detached)' ? null : rest
      else if (key === 'branch.upstream') s.upstream = rest
      else if (key === 'branch.ab') {
        const m = /^\+(\d+) -(\d+)$/.exec(rest)
        if (m) [s.ahead, s.behind] = [Number(m[1]), Number(m[2])]
      } else if (key === 'stash') s.stashes = Number(rest) || 0
      continue
    }
    const type = rec[0]
    if (type === '?') {
      s.entries.push({ kind: 'untracked', xy: '??', path: rec.slice(2), staged: false, unstaged: false })
      s.counts.untracked++
      continue
    }
    if (type !== '1' && type !== '2' && type !== 'u') continue // '!' (ignored) is never asked for
    const { head, rest } = fields(rec, type === '1' ? 8 : type === '2' ? 9 : 10)
    const [x = '.', y = '.'] = head[1] ?? '..'
    const sub = head[2] ?? 'N...'
    if (type === 'u') {
      s.entries.push({ kind: 'conflicted', xy: `${x}${y}`, path: rest, staged: false, unstaged: false })
      s.counts.conflicted++
      continue
    }
    // A submodule whose worktree "modification" is nothing but untracked files inside it is not
    // a change to this repository: `S..U` with only the worktree column set.
    const onlyUntrackedInside = sub.startsWith('S') && y === 'M' && sub[1] !== 'C' && sub[2] !== 'M'
    const staged = x !== '.'
    const unstaged = y !== '.' && !onlyUntrackedInside
    if (!staged && !unstaged) {
      if (onlyUntrackedInside) s.untrackedOnlySubmodules.push(rest)
      continue
    }
    const entry: StatusEntry = {
      kind: type === '2' ? 'renamed' : 'changed',
      xy: `${staged ? x : ' '}${unstaged ? y : ' '}`,
      path: rest,
      staged,
      unstaged,
    }
    if (type === '2') entry.from = records[++i] ?? ''
    const words = submoduleWords(sub)
    if (words) entry.submodule = words
    s.entries.push(entry)
    if (staged) s.counts.staged++
    if (unstaged) s.counts.unstaged++
  }
  return s
}

export interface Commit {
  hash: string
  /** Committer date, strict ISO 8601 with the committer's offset. */
  date: string
  author: string
  subject: string
}

/** The `--format` that parseLog reads: fields split by US (0x1f), commits by NUL (`-z`). */
export const LOG_FORMAT = '%h%x1f%cI%x1f%an%x1f%s'

export function parseLog(raw: string): Commit[] {
  return raw
    .split('\0')
    .map((r) => r.replace(/^\n/, ''))
    .filter((r) => r !== '')
    .map((r) => {
      const [hash = '', date = '', author = '', subject = ''] = r.split('\x1f')
      return { hash, date, author, subject }
    })
}

/** A merge, rebase, cherry-pick, revert, am or bisect left half done, read off the git dir. */
export function operationInProgress(gitDir: string): string | null {
  const has = (p: string) => existsSync(join(gitDir, p))
  const read = (p: string) => {
    try {
      return readFileSync(join(gitDir, p), 'utf8').trim()
    } catch {
      return ''
    }
  }
  const step = (dir: string, n: string, of: string) => {
    const [a, b] = [read(join(dir, n)), read(join(dir, of))]
    return a && b ? `, step ${a} of ${b}` : ''
  }
  const branchOf = (dir: string) => {
    const name = read(join(dir, 'head-name')).replace(/^refs\/heads\//, '')
    return name && name !== 'detached HEAD' ? ` of ${name}` : ''
  }
  if (has('rebase-merge')) return `rebase${branchOf('rebase-merge')}${step('rebase-merge', 'msgnum', 'end')}`
  if (has('rebase-apply')) {
    if (has('rebase-apply/applying')) return `am (applying patches${step('rebase-apply', 'next', 'last')})`
    return `rebase${branchOf('rebase-apply')}${step('rebase-apply', 'next', 'last')}`
  }
  if (has('MERGE_HEAD')) return 'merge'
  if (has('CHERRY_PICK_HEAD')) return 'cherry-pick'
  if (has('REVERT_HEAD')) return 'revert'
  if (has('BISECT_LOG')) return 'bisect'
  return null
}

export interface GitCallOptions {
  cwd: string
  env: NodeJS.ProcessEnv
  timeoutMs: number
  signal: AbortSignal
  /** repoProgramOverrides for this cwd, read once and shared by the calls that run together. */
  overrides?: Promise<string[]>
}

/**
 * Config keys whose value is a program git runs. Set in the repository itself (local or worktree
 * scope, includes too), they are the repository's choice, not the user's, and a transcript can name
 * any repository: each is emptied for our calls (an empty filter or textconv is no program).
 * The user's own global and system config stand (git-lfs's filter is theirs).
 */
const PROGRAM_KEY_RE =
  /^(?:filter\..+\.(?:clean|smudge|process)|diff\..+\.(?:textconv|command)|merge\..+\.driver|core\.(?:sshcommand|askpass|editor|pager|gitproxy)|credential\.(?:.+\.)?helper|gpg\.(?:.+\.)?program|sequence\.editor)$/i
const REPO_SCOPES = new Set(['local', 'worktree'])

/** `-c key=` for every program the repository's own config names (see PROGRAM_KEY_RE). Reading
 *  config runs nothing; a failure to read it leaves none to empty. */
export async function repoProgramOverrides(opts: Omit<GitCallOptions, 'overrides'>): Promise<string[]> {
  const r = await exec('git', ['config', '--show-scope', '--null', '--name-only', '--get-regexp', '.'], { ...opts, env: quietEnv(opts.env) })
  if (r.kind !== 'ok') return []
  const parts = r.stdout.split('\0')
  const out: string[] = []
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const [scope, key] = [parts[i]!, parts[i + 1]!]
    if (!REPO_SCOPES.has(scope) || !PROGRAM_KEY_RE.test(key)) continue
    out.push('-c', `${key}=`)
    // A filter marked required would refuse to run without its program: not required here.
    const filter = /^filter\.(.+)\.(?:clean|smudge|process)$/i.exec(key)
    if (filter) out.push('-c', `filter.${filter[1]}.required=false`)
  }
  return out
}

/**
 * The same settings as environment (GIT_CONFIG_COUNT/KEY/VALUE, git 2.31+) for a program that runs
 * git itself, such as gh: `-c` pairs from GIT_GLOBAL_ARGS and repoProgramOverrides.
 */
export function gitConfigEnv(pairs: string[]): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  let n = 0
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    if (pairs[i] !== '-c') continue
    const kv = pairs[i + 1]!
    const eq = kv.indexOf('=')
    env[`GIT_CONFIG_KEY_${n}`] = kv.slice(0, eq)
    env[`GIT_CONFIG_VALUE_${n}`] = kv.slice(eq + 1)
    n++
  }
  env.GIT_CONFIG_COUNT = String(n)
  return env
}

/** Runs git with no hooks, no fsmonitor, and none of the programs the repository's config names. */
export async function git(args: string[], opts: GitCallOptions): Promise<ExecResult> {
  const overrides = await (opts.overrides ?? repoProgramOverrides(opts))
  return exec('git', [...GIT_GLOBAL_ARGS, ...overrides, ...args], { ...opts, env: quietEnv(opts.env) })
}

/**
 * Why a call gave nothing usable, in words that name the measured value and the setting.
 * `limit` is how the time limit reads in a reason, e.g. "20 ms (gitTimeoutMs: 20)".
 */
export function whyFailed(what: string, program: string, r: Exclude<ExecResult, { kind: 'ok' }>, limit: string): string {
  switch (r.kind) {
    case 'missing':
      return `${program} is not installed (no ${program} on PATH)`
    case 'timeout':
      return `${what} did not answer within ${limit}`
    case 'aborted':
      return `${what} was stopped: the section was aborted`
    case 'too-large':
      return `${what} printed over ${Math.floor(r.bytes / 1024 / 1024)} MB; refused`
    case 'error':
      return `${what} could not start: ${r.message}`
    case 'failed': {
      const line = firstLine(r.stderr)
      const how = r.code === null ? `was killed (${r.signal})` : `exited ${r.code}`
      return line ? `${what} ${how}: ${line}` : `${what} ${how}`
    }
  }
}

/** True when git's refusal means "this is not a repository" (the one refusal every row shares). */
export function isNotARepo(r: ExecResult): boolean {
  return r.kind === 'failed' && /not a git repository/i.test(r.stderr)
}
