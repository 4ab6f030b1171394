/**
 * The repository's open pull requests through the GitHub CLI, all of them rather than only this
 * session's. gh may be missing, signed out, offline or slow; each of those is a reason, not a row.
 */
import { exec } from './exec.ts'
import { GIT_GLOBAL_ARGS, gitConfigEnv, quietEnv, repoProgramOverrides, whyFailed } from './git.ts'

export interface PullRequest {
  number: number
  title: string
  branch: string
  author: string
  draft: boolean
}

export type PrReading = { ok: true; prs: PullRequest[]; limit: number } | { ok: false; reason: string }

/** Reads `gh pr list --json number,title,headRefName,author,isDraft`; null when it is not that. */
export function parsePrList(raw: string): PullRequest[] | null {
  let data: unknown
  try {
    data = JSON.parse(raw)
  } catch {
    return null
  }
  if (!Array.isArray(data)) return null
  const prs: PullRequest[] = []
  for (const item of data) {
    if (!item || typeof item !== 'object') return null
    const o = item as Record<string, unknown>
    if (typeof o.number !== 'number' || typeof o.title !== 'string') return null
    const author = o.author && typeof o.author === 'object' ? (o.author as Record<string, unknown>).login : undefined
    prs.push({
      number: o.number,
      title: o.title,
      branch: typeof o.headRefName === 'string' ? o.headRefName : '',
      author: typeof author === 'string' ? author : '',
      draft: o.isDraft === true,
    })
  }
  return prs
}

export async function listOpenPrs(opts: {
  cwd: string
  env: NodeJS.ProcessEnv
  timeoutMs: number
  signal: AbortSignal
  limit: number
  /** How the time limit reads in a reason. */
  limitLabel: string
  /** The repository's program overrides (git.ts), when already being read. */
  overrides?: Promise<string[]>
}): Promise<PrReading> {
  const args = ['pr', 'list', '--state', 'open', '--limit', String(opts.limit), '--json', 'number,title,headRefName,author,isDraft']
  // gh runs git in the repository too: under the same settings as our own git calls.
  const overrides = await (opts.overrides ?? repoProgramOverrides(opts))
  const env = {
    ...quietEnv(opts.env),
    ...gitConfigEnv([...GIT_GLOBAL_ARGS.filter((a) => a !== '--no-optional-locks'), ...overrides]),
    // Never ask, never nag, never colour: gh runs with nobody at a terminal.
    GH_PROMPT_DISABLED: '1',
    GH_NO_UPDATE_NOTIFIER: '1',
    GH_NO_EXTENSION_UPDATE_NOTIFIER: '1',
    GH_SPINNER_DISABLED: '1',
    NO_COLOR: '1',
  }
  const r = await exec('gh', args, { cwd: opts.cwd, env, timeoutMs: opts.timeoutMs, signal: opts.signal, maxBytes: 4 * 1024 * 1024 })
  if (r.kind !== 'ok') return { ok: false, reason: whyFailed('gh pr list', 'gh', r, opts.limitLabel) }
  const prs = parsePrList(r.stdout)
  if (!prs) return { ok: false, reason: 'gh pr list printed something other than the JSON list it was asked for' }
  return { ok: true, prs, limit: opts.limit }
}
