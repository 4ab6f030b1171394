/**
 * One shell command in, the files its text says it writes out: redirections, the writing
 * commands, and the inline scripts it runs (recursively for `bash -c`). Read with the real parser
 * when it is loaded and the command parses cleanly; with the conservative tokenizer otherwise.
 */
import { posix } from 'node:path'
import type { BashParser } from './bash-parser.ts'
import { isCommit, judgeCommand, type Negative, negativeExit } from './command-writes.ts'
import { nodeWrites, pythonWrites } from './script-writes.ts'
import type { Dir, Redirect, ShellScript } from './shell-model.ts'
import { scriptFromTokens } from './shell-tokens.ts'
import { scriptFromTree } from './shell-tree.ts'

export interface ShellWrite {
  path: string
  /** How the text says so: `>`, `>>`, `tee`, `sed -i`, `mv`, `python`, …; `rm` or `rm -r` for a
   *  deletion (`isDeletion`), kept in the same list so that its order against writes holds. */
  how: string
  /** The directory the text `cd`'d to before this write (see `Dir`); absent when it did not. */
  dir?: string | null
  /** For `mv`: the file moved here, gone under its old name. */
  from?: string
}

/** A write that deletes (`rm`, `rm -r`): the path is gone afterwards, not written. */
export const isDeletion = (w: { how: string }): boolean => w.how === 'rm' || w.how === 'rm -r'

export interface ShellAnalysis {
  writes: ShellWrite[]
  /** Writes whose target is only known at run time (`> "$OUT"`, `open(name, "w")`). */
  unresolved: number
  /** Every simple command in it is a probe and nothing is written. */
  readOnly: boolean
  /** Which front end read the outermost command. */
  via: 'parser' | 'tokenizer'
  /** What exit 1 means for it, when the command the shell ran last is a search, comparison or
   *  test (`no match`, `differs`, `false`); `quiet` when its error messages may not have shown. */
  negative?: { label: Negative; quiet: boolean }
  /** It runs `git commit`. */
  commits: boolean
  /** Where it leaves the shell when it `cd`s (see `Dir`): the next command starts there. */
  endDir?: string | null
}

/** Descriptors and devices a redirection may name without writing a file. */
const NOT_A_FILE = /^\/dev\/(null|stdout|stderr|tty|zero|fd\/\d+)$|^\/proc\/self\/fd\/\d+$/
const WRITING_OPS = new Set(['>', '>>', '>|', '&>', '&>>', '>&'])
const MAX_DEPTH = 4

function redirectWrite(r: Redirect): ShellWrite | 'unresolved' | null {
  if (!WRITING_OPS.has(r.op)) return null
  // `>&2`, `2>&1`, `>&-`: a descriptor copy, not a file.
  if (r.op === '>&' && (r.target.value === null ? /^\$/.test(r.target.loose) : /^(\d+|-)$/.test(r.target.value))) return null
  if (r.target.value === null) return 'unresolved'
  if (r.target.value === '' || NOT_A_FILE.test(r.target.value)) return null
  return { path: r.target.value, how: r.op }
}

function read(command: string, parser: BashParser | null): { script: ShellScript; via: ShellAnalysis['via'] } {
  if (parser) {
    const tree = parser.parse(command)
    try {
      if (tree && !tree.rootNode.hasError) return { script: scriptFromTree(tree.rootNode), via: 'parser' }
    } finally {
      tree?.delete()
    }
  }
  return { script: scriptFromTokens(command), via: 'tokenizer' }
}

/** `dir` (where an inner script started) as seen from the outer shell, which was in `outer`. */
function within(outer: Dir, dir: Dir): Dir {
  if (dir === undefined) return outer
  if (dir === null || dir.startsWith('/') || dir.startsWith('~') || outer === undefined) return dir
  return outer === null ? null : posix.join(outer, dir)
}

const at = (w: ShellWrite, dir: Dir): ShellWrite => (dir === undefined ? w : { ...w, dir })

/** `set -e` or `set -o pipefail`: a failure may come from any command, not only the last. */
const setsStrict = (script: ShellScript) =>
  script.commands.some(
    (c) =>
      c.words[0]?.value === 'set' &&
      c.words
        .slice(1)
        .some((w, i, all) => /^-[a-z]*e/.test(w.value ?? '') || (/^-[a-z]*o$/.test(w.value ?? '') && /^(errexit|pipefail)$/.test(all[i + 1]?.value ?? ''))),
  )

export function analyzeShell(command: string, parser: BashParser | null, depth = 0): ShellAnalysis {
  const { script, via } = read(command, parser)
  const writes: ShellWrite[] = []
  let unresolved = 0
  let readOnly = true
  let commits = false

  /** Each write's place in the source: its redirection's, or its command's. */
  const pos = new Map<ShellWrite, number>()
  const add = (w: ShellWrite, from: { pos?: number }) => {
    writes.push(w)
    pos.set(w, from.pos ?? 0)
  }
  for (const r of script.redirects) {
    const w = redirectWrite(r)
    if (w === 'unresolved') unresolved++
    else if (w) add(at(w, r.dir), r)
  }
  for (const cmd of script.commands) {
    const j = judgeCommand(cmd)
    if (!j.readOnly) readOnly = false
    if (isCommit(cmd)) commits = true
    for (const { target, how, from } of j.writes) {
      if (target.value === null) unresolved++
      else if (target.value !== '' && target.value !== '-' && !NOT_A_FILE.test(target.value)) {
        add(at({ path: target.value, how, ...(from?.value ? { from: from.value } : {}) }, cmd.dir), cmd)
      }
    }
    for (const s of j.scripts) {
      if (s.language === 'shell') {
        if (depth >= MAX_DEPTH) continue
        const inner = analyzeShell(s.code, parser, depth + 1)
        for (const w of inner.writes) add(at(w, within(cmd.dir, w.dir)), cmd)
        unresolved += inner.unresolved
        if (inner.commits) commits = true
      } else {
        const found = s.language === 'python' ? pythonWrites(s.code) : nodeWrites(s.code)
        for (const path of found.paths) add(at({ path, how: s.language }, cmd.dir), cmd)
        unresolved += found.unresolved
      }
    }
  }
  // In the order the shell makes them (a redirection and an `mv` after it), not the order read.
  const order = new Map(writes.map((w, i) => [w, i]))
  writes.sort((a, b) => (pos.get(a) ?? 0) - (pos.get(b) ?? 0) || order.get(a)! - order.get(b)!)
  // Each write once, unless an `mv` took the file away in between (`> f; mv f g; > f`).
  const seen = new Map<string, Set<string>>()
  const unique = writes.filter((w) => {
    const at = `${w.path}\0${w.dir}`
    const hows = seen.get(at) ?? new Set<string>()
    if (hows.has(w.how)) return false
    seen.set(at, hows.add(w.how))
    if (w.from !== undefined) seen.delete(`${w.from}\0${w.dir}`)
    return true
  })
  const analysis: ShellAnalysis = { writes: unique, unresolved, readOnly: readOnly && unique.length === 0 && unresolved === 0, via, commits }
  const neg = script.exit && !setsStrict(script) ? negativeExit(script.exit.command) : null
  if (neg) analysis.negative = { label: neg.label, quiet: neg.silenced || script.exit!.quiet }
  if (script.endDir !== undefined) analysis.endDir = script.endDir
  return analysis
}
