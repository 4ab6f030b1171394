/**
 * Tool calls whose result reads as a failure: flagged `is_error`, or wrapped in the error text a
 * tool itself produces, less the searches and tests whose silent exit 1 is an answer ("no
 * match"). Each keeps the lines of its output that say why, and whether a later run of the same
 * call came back without an error. No exit code is inferred beyond what the result says.
 */
import { clip, errorReason, hideSecretValues, isFailure, keyInput, shortInput } from '../../pipeline/index.ts'
import type { Negative } from './command-writes.ts'
import type { Call } from './files.ts'

export interface Failure {
  tool: string
  /** The call's input in a few words: a command, a path, a pattern. */
  input: string
  /** What the tool answered: its exit line, and the lines that say why. */
  error: string
  at: number
  /** For a shell command, its number among the shell commands. */
  n?: number
  /** A later call of the same command (for `git commit`, any later commit) that came back
   *  without an error: its message index and, for the shell, its command number. */
  later?: { at: number; n?: number; commit?: true }
}

/**
 * A flagged shell call that is an answer, not an error: the command the shell ran last is a
 * search, comparison or test, and the result holds nothing but `Exit code 1` (2.x). Engines
 * before 2.x wrote a bare `Error` with no exit code for any silent failure; that counts too
 * unless the command's error messages could have been silenced (`2>/dev/null`, `grep -s`). A
 * search whose only output is zero counts (`grep -c`) answered no as well.
 */
export function negativeOf(c: Call): Negative | null {
  const r = c.use.result
  const neg = c.shell?.negative
  if (!r?.isError || !neg) return null
  const text = r.text.trim()
  if (text === 'Exit code 1' || (text === 'Error' && !neg.quiet)) return neg.label
  // `grep -c` prints its count even when it is zero (`0`, or `file:0` per file): still no match.
  if (
    neg.label === 'no match' &&
    text.startsWith('Exit code 1\n') &&
    text
      .split('\n')
      .slice(1)
      .every((l) => /^(?:[^\n]*:)?0$/.test(l.trim()))
  )
    return neg.label
  return null
}

/** Failed, and not a search or test answering no. */
export const failed = (c: Call) => isFailure(c.use) && negativeOf(c) === null

/**
 * Every failed call, oldest first, each with the later call of the same command that came back
 * without an error, if any: the same command line, the same tool on the same input, or for a
 * `git commit` that failed (a hook, a rejected call) any later commit.
 */
export function failures(calls: Call[]): Failure[] {
  const shellNumber = new Map<Call, number>()
  let k = 0
  for (const c of calls) if (c.use.name === 'Bash' && typeof c.use.input.command === 'string') shellNumber.set(c, ++k)

  // Walked newest first, so each failure meets the earliest success after it in one pass.
  const nextOk = new Map<string, Call>()
  let nextCommit: Call | null = null
  const out: Failure[] = []
  for (let i = calls.length - 1; i >= 0; i--) {
    const c = calls[i]!
    const key = `${c.use.name}\0${keyInput(c.use)}`
    if (failed(c)) {
      const same = nextOk.get(key)
      const commit = c.shell?.commits ? nextCommit : null
      const later = same ?? commit
      const n = shellNumber.get(c)
      const f: Failure = {
        tool: c.use.name,
        input: shortInput(c.use),
        error: errorReason(hideSecretValues(c.use.result!.text), { tool: c.use.name }),
        at: c.at,
        ...(n ? { n } : {}),
      }
      if (later) {
        const ln = shellNumber.get(later)
        f.later = { at: later.at, ...(ln ? { n: ln } : {}), ...(same ? {} : { commit: true as const }) }
      }
      out.push(f)
    } else if (c.use.result !== undefined && !isFailure(c.use)) {
      nextOk.set(key, c)
      if (c.shell?.commits) nextCommit = c
    }
  }
  return out.reverse()
}

/** One line per failure; a path under the session's cwd is shown relative to it. */
export function renderFailure(f: Failure, cwd?: string): string {
  const base = cwd && cwd !== '/' ? `${cwd.replace(/\/+$/, '')}/` : null
  const shown = base && f.input.startsWith(base) ? f.input.slice(base.length) : f.input
  const input = shown === '' ? '' : ` \`${shown.replace(/`/g, "'")}\``
  const what = f.later?.commit ? 'commit' : f.tool === 'Bash' ? 'run' : 'call'
  const later = f.later ? ` — a later ${what} succeeded${f.later.n ? `, #${f.later.n}` : ''}` : ''
  const number = f.n ? ` #${f.n}` : ''
  // One a later run fixed needs fewer of its words: it no longer stands in the way.
  const error = f.error === '' ? '(flagged as an error; no text)' : f.later ? clip(f.error, 120) : f.error
  return `- ${f.tool}${number}${input} → ${error}${later}`
}
