/**
 * What one simple command writes, judged from its words: `tee`, `sed -i`, `perl -i`, the
 * destination of `mv`/`cp`/`install`, `touch`, `curl -o`, `wget -O`, `dd of=`; the inline
 * scripts it runs (`python -c`, `node -e`, `bash -c`, or a heredoc fed to one of them); and
 * whether it is a read-only probe (`ls`, `grep`, `git status`, `gh pr view`, …).
 */
import type { SimpleCommand, Word } from './shell-model.ts'

export type ScriptLanguage = 'python' | 'node' | 'shell'

export interface CommandJudgement {
  /** Files the command's own arguments say it writes, with how (`tee`, `sed -i`, …); an `mv`
   *  names the file it moved there (`from`), which no longer exists under that name; `rm` (and
   *  `rm -r`) names what it deleted. */
  writes: Array<{ target: Word; how: string; from?: Word }>
  /** Code it runs that may write in turn. */
  scripts: Array<{ language: ScriptLanguage; code: string }>
  readOnly: boolean
}

const base = (w: Word | undefined): string | null => (w?.value == null ? null : w.value.slice(w.value.lastIndexOf('/') + 1))
const isOpt = (w: Word | undefined) => w?.value != null && w.value.length > 1 && w.value.startsWith('-')

/** Skips `sudo`, `env`, `time`, `nohup`, `uv run` and the like, with their own options. */
export function unwrap(words: Word[]): Word[] {
  let i = 0
  const skipOptions = (withArg: RegExp) => {
    while (i < words.length && isOpt(words[i])) {
      const w = words[i]!.value!
      i++
      if (w === '--') break
      if (withArg.test(w)) i++
    }
  }
  for (;;) {
    const w = words[i]?.value
    if (w == null) break
    if (/^[A-Za-z_]\w*=/.test(w)) {
      i++
      continue
    }
    const name = base(words[i])
    if (name === 'sudo' || name === 'doas') {
      i++
      skipOptions(/^-[ugCDhprtUT]$/)
    } else if (name === 'env') {
      i++
      skipOptions(/^-[uCS]$/)
    } else if (name === 'time' || name === 'nohup' || name === 'builtin') {
      i++
      skipOptions(/^$/)
    } else if (name === 'nice' || name === 'ionice' || name === 'stdbuf' || name === 'exec') {
      i++
      skipOptions(/^-[nciaoe]$/)
    } else if (name === 'timeout') {
      i++
      skipOptions(/^-[sk]$/)
      i++ // the duration
    } else if (name === 'command' && !/^-[vV]/.test(words[i + 1]?.value ?? '')) {
      i++
      skipOptions(/^$/)
    } else if ((name === 'uv' || name === 'poetry' || name === 'pipenv' || name === 'pdm') && words[i + 1]?.value === 'run') {
      i += 2
      skipOptions(/^(--with|--python|-p|--project|--directory|--env-file|--extra|--group|--package)$/)
    } else break
  }
  return words.slice(i)
}

/** Splits arguments into positionals, honouring `--` and options that take the next word. */
function positionals(args: Word[], takesArg: (opt: string) => boolean): Word[] {
  const out: Word[] = []
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (a.value === '--') {
      out.push(...args.slice(i + 1))
      break
    }
    if (isOpt(a)) {
      if (takesArg(a.value!)) i++
      continue
    }
    out.push(a)
  }
  return out
}

function joinPath(dir: string, file: string): string {
  const name = file.replace(/\/+$/, '')
  return `${dir.replace(/\/+$/, '')}/${name.slice(name.lastIndexOf('/') + 1)}`
}

/** `mv`, `cp`, `install`: the destination, or each source's name inside a `-t` / trailing directory. */
function destinations(args: Word[], how: string): CommandJudgement['writes'] {
  let targetDir: Word | null = null
  const withArg = how === 'install' ? /^-[tmogS]$/ : /^-[tS]$/
  if (how === 'install' && args.some((a) => a.value === '-d' || a.value === '--directory')) return []
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value
    if (v === '-t' || v === '--target-directory') targetDir = args[i + 1] ?? null
    else if (v?.startsWith('--target-directory=')) targetDir = { value: v.slice(19), loose: v.slice(19) }
  }
  const pos = positionals(args, (o) => withArg.test(o) || o === '--target-directory' || o === '--suffix')
  const moved = (s: Word) => (how === 'mv' ? { from: s } : {})
  const inDir = (dir: Word, srcs: Word[]) =>
    srcs.map((s) => ({
      target: dir.value === null || s.value === null ? { value: null, loose: dir.loose } : { value: joinPath(dir.value, s.value), loose: dir.loose },
      how,
      ...moved(s),
    }))
  if (targetDir) return inDir(targetDir, pos)
  if (pos.length < 2) return []
  const dest = pos[pos.length - 1]!
  const srcs = pos.slice(0, -1)
  if (srcs.length > 1 || dest.value?.endsWith('/')) return inDir(dest, srcs)
  return [{ target: dest, how, ...moved(srcs[0]!) }]
}

/** `sed`: in place when `-i`/`--in-place` is given; the files follow the script. */
function sedWrites(args: Word[]): Word[] {
  let inPlace = false
  let scriptGiven = false
  const pos: Word[] = []
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    const v = a.value
    if (v === '--') {
      pos.push(...args.slice(i + 1))
      break
    }
    if (v === null || !v.startsWith('-') || v === '-') {
      pos.push(a)
      continue
    }
    if (v.startsWith('--')) {
      if (v.startsWith('--in-place')) inPlace = true
      else if (v === '--expression' || v === '--file') {
        scriptGiven = true
        i++
      } else if (v.startsWith('--expression=') || v.startsWith('--file=')) scriptGiven = true
      else if (v === '--line-length') i++
      continue
    }
    for (let j = 1; j < v.length; j++) {
      const ch = v[j]
      if (ch === 'i') {
        inPlace = true
        // BSD sed: `-i ''` gives the (empty) backup suffix as its own word.
        if (j === v.length - 1 && args[i + 1]?.value === '') i++
        break
      }
      if (ch === 'e' || ch === 'f' || ch === 'l') {
        if (ch !== 'l') scriptGiven = true
        if (j === v.length - 1) i++
        break
      }
    }
  }
  if (!inPlace) return []
  return scriptGiven ? pos : pos.slice(1)
}

/** `perl -i -pe '…' files`: in place like sed. */
function perlWrites(args: Word[]): Word[] {
  let inPlace = false
  let codeGiven = false
  const pos: Word[] = []
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value
    if (v === '--') {
      pos.push(...args.slice(i + 1))
      break
    }
    if (v === null || !v.startsWith('-') || v === '-') {
      pos.push(args[i]!)
      continue
    }
    for (let j = 1; j < v.length; j++) {
      const ch = v[j]!
      if (ch === 'i') {
        inPlace = true
        break // the rest is the backup suffix
      }
      if ('eEIMm'.includes(ch)) {
        if (ch === 'e' || ch === 'E') codeGiven = true
        if (j === v.length - 1) i++
        break
      }
    }
  }
  if (!inPlace) return []
  return codeGiven ? pos : pos.slice(1)
}

/** `curl -o FILE` / `--output FILE` (also at the end of a cluster: `-sSLo FILE`). */
function curlWrites(args: Word[]): Word[] {
  const out: Word[] = []
  const withArg = 'AbcCdDeEFHKmoPQrTuUwxXyYz'
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value
    if (v === null || !v.startsWith('-') || v === '-') continue
    if (v.startsWith('--')) {
      if (v === '--output') out.push(args[++i] ?? { value: null, loose: '' })
      else if (v.startsWith('--output=')) out.push({ value: v.slice(9), loose: v.slice(9) })
      continue
    }
    for (let j = 1; j < v.length; j++) {
      const ch = v[j]!
      if (!withArg.includes(ch)) continue
      const inline = v.slice(j + 1)
      const arg = inline !== '' ? { value: inline, loose: inline } : args[++i]
      if (ch === 'o' && arg) out.push(arg)
      break
    }
  }
  return out
}

/** `wget -O FILE` / `--output-document=FILE` (`-O -` is stdout). */
function wgetWrites(args: Word[]): Word[] {
  const out: Word[] = []
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value
    if (v === '-O' || v === '--output-document') out.push(args[++i] ?? { value: null, loose: '' })
    else if (v?.startsWith('--output-document=')) out.push({ value: v.slice(18), loose: v.slice(18) })
    else if (v?.startsWith('-O') && v.length > 2) out.push({ value: v.slice(2), loose: v.slice(2) })
  }
  return out.filter((w) => w.value !== '-')
}

/**
 * Where an interpreter's code comes from: `-c`/`-e` text, or its standard input (a heredoc)
 * when it names no script file. A script file or `-m module` is not inline code.
 */
function inlineCode(cmd: SimpleCommand, args: Word[], codeFlag: RegExp, argFlags: RegExp, longCode: RegExp): string[] | null {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value
    if (v === null) return null
    if (v === '-') return cmd.stdin
    const long = longCode.exec(v)
    if (long) return long[1] !== undefined ? [long[1]] : [args[i + 1]?.loose ?? '']
    if (v === '--') return args[i + 1] ? null : cmd.stdin
    if (!v.startsWith('-')) return null // a script file: the heredoc, if any, is its data
    if (v.startsWith('--')) {
      if (!v.includes('=') && argFlags.test(v)) i++
      continue
    }
    for (let j = 1; j < v.length; j++) {
      const ch = v[j]!
      if (codeFlag.test(ch)) return [v.length > j + 1 ? v.slice(j + 1) : (args[i + 1]?.loose ?? '')]
      if (ch === 'm') return null // python -m module
      if (argFlags.test(`-${ch}`)) {
        if (j === v.length - 1) i++
        break
      }
    }
  }
  return cmd.stdin
}

const PYTHON_RE = /^(python([23](\.\d+)?)?|pypy3?)$/
const NODE_RE = /^(node|nodejs|bun)$/
const SHELL_RE = /^(ba|z|da|k)?sh$/

function scriptsOf(name: string, cmd: SimpleCommand, args: Word[]): CommandJudgement['scripts'] {
  if (PYTHON_RE.test(name)) {
    const code = inlineCode(cmd, args, /c/, /^-[WXQ]$/, /(?!)/)
    return (code ?? []).map((c) => ({ language: 'python' as const, code: c }))
  }
  if (NODE_RE.test(name)) {
    const code = inlineCode(
      cmd,
      args,
      /[ep]/,
      /^(-r|--require|--import|--loader|--experimental-loader|-C|--conditions|--input-type|--env-file)$/,
      /^--(?:eval|print)(?:=([\s\S]*))?$/,
    )
    return (code ?? []).map((c) => ({ language: 'node' as const, code: c }))
  }
  if (SHELL_RE.test(name)) {
    // `bash -n` only checks syntax; `bash -c 'code' name args`: the code is the first positional.
    if (args.some((a) => /^-[a-z]*n[a-z]*$/.test(a.value ?? ''))) return []
    const cIndex = args.findIndex((a) => /^-[a-z]*c[a-z]*$/.test(a.value ?? ''))
    if (cIndex >= 0) {
      const code = args.slice(cIndex + 1).find((a) => !isOpt(a))
      return code ? [{ language: 'shell', code: code.loose }] : []
    }
    const file = positionals(args, (o) => o === '-o' || o === '+o')
    return file.length === 0 ? cmd.stdin.map((c) => ({ language: 'shell' as const, code: c })) : []
  }
  return []
}

// ---- what a failing status means ------------------------------------------------------------

/** What exit status 1 means from a search, a comparison or a test: an answer, not an error. */
export type Negative = 'no match' | 'differs' | 'false'

/**
 * What exit 1 from this command means when it is a search, comparison or test (`grep`, `rg`,
 * `diff`, `cmp`, `test`, `[`, `[[`), and whether its own options silence the messages it would
 * print for a real error (`grep -s`, `cmp -s`), so that an empty answer proves less.
 */
export function negativeExit(cmd: SimpleCommand): { label: Negative; silenced: boolean } | null {
  const words = unwrap(cmd.words)
  const name = base(words[0])
  const args = words.slice(1)
  const has = (re: RegExp) => args.some((a) => re.test(a.value ?? ''))
  if (name === null) return null
  if (/^(grep|egrep|fgrep|zgrep)$/.test(name)) return { label: 'no match', silenced: has(/^(-[a-zA-Z]*s[a-zA-Z]*|--no-messages)$/) }
  if (name === 'rg' || name === 'ag') return { label: 'no match', silenced: has(/^--no-messages$/) }
  if (name === 'git' && subcommand(args).sub === 'grep') return { label: 'no match', silenced: false }
  if (name === 'diff') return { label: 'differs', silenced: false }
  if (name === 'cmp') return { label: 'differs', silenced: has(/^(-[a-z]*s[a-z]*|--quiet|--silent)$/) }
  if (name === 'test' || name === '[' || name === '[[') return { label: 'false', silenced: false }
  return null
}

/** `git commit` in any of its forms (`git -C dir commit`, after `git add … &&`). */
export function isCommit(cmd: SimpleCommand): boolean {
  const words = unwrap(cmd.words)
  return base(words[0]) === 'git' && subcommand(words.slice(1)).sub === 'commit'
}

// ---- read-only probes -----------------------------------------------------------------------

const READ_ONLY = new Set(
  (
    'ls ll la cat bat head tail less more grep egrep fgrep rg ag ack fd wc file stat pwd echo printf which whereis type ' +
    'tree du df diff cmp jq yq sort uniq cut tr column basename dirname realpath readlink date printenv id whoami hostname ' +
    'uname true false test [ nproc free ps lsof man locate xxd od hexdump strings md5sum sha1sum sha256sum shasum cd pushd popd ' +
    'sleep wait history comm nl fold expand paste tac rev look seq'
  ).split(' '),
)

const GIT_READ = new Set(
  'status log diff show rev-parse ls-files ls-tree blame grep describe shortlog cat-file merge-base whatchanged count-objects'.split(' '),
)
const GH_READ: Record<string, Set<string>> = {
  pr: new Set(['view', 'list', 'status', 'checks', 'diff']),
  issue: new Set(['view', 'list', 'status']),
  run: new Set(['view', 'list', 'watch']),
  repo: new Set(['view', 'list']),
  release: new Set(['view', 'list']),
  workflow: new Set(['view', 'list']),
  auth: new Set(['status']),
  search: new Set(['repos', 'issues', 'prs', 'code', 'commits']),
}
const NPM_READ = new Set('view info show ls list outdated root bin search explain why ping doctor'.split(' '))

/** The first argument that is not an option (git's `-C dir`/`-c k=v` take a word). */
function subcommand(args: Word[], withArg = /^-[Cc]$/): { sub: string | null; rest: Word[] } {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value
    if (v === null) return { sub: null, rest: [] }
    if (withArg.test(v)) {
      i++
      continue
    }
    if (!v.startsWith('-')) return { sub: v, rest: args.slice(i + 1) }
  }
  return { sub: null, rest: [] }
}

function isReadOnly(name: string, args: Word[]): boolean {
  if (args.length === 1 && /^(--version|-v|-V|--help|-h|version)$/.test(args[0]!.value ?? '')) return true
  if (name === 'find') return !args.some((a) => /^-(delete|exec|execdir|ok|okdir|fprint|fprint0|fprintf|fls)$/.test(a.value ?? ''))
  if (name === 'sed') return !args.some((a) => /^(-[a-zA-Z]*i|--in-place)/.test(a.value ?? ''))
  if (name === 'awk' || name === 'gawk') return !args.some((a) => /[>|]|system\s*\(/.test(a.loose))
  if (READ_ONLY.has(name)) return true
  if (name === 'git') {
    const { sub, rest } = subcommand(args)
    if (sub === null) return false
    if (GIT_READ.has(sub)) return true
    if (sub === 'branch' || sub === 'tag') return rest.every((a) => /^-(a|r|v|vv|l|-list|-show-current|-contains|-merged|-no-merged)$/.test(a.value ?? ''))
    if (sub === 'remote') return rest.length === 0 || /^(-v|show|get-url)$/.test(rest[0]!.value ?? '')
    if (sub === 'stash') return /^(list|show)$/.test(rest[0]?.value ?? '')
    if (sub === 'config') return rest.some((a) => /^(--get|--get-all|--list|-l)$/.test(a.value ?? ''))
    if (sub === 'worktree') return rest[0]?.value === 'list'
    return false
  }
  if (name === 'gh') {
    const { sub, rest } = subcommand(args, /^-R$|^--repo$/)
    if (sub === 'api') return !args.some((a) => /^(-X|--method|-f|-F|--field|--raw-field|--input)$/.test(a.value ?? ''))
    return sub !== null && (GH_READ[sub]?.has(rest[0]?.value ?? '') ?? false)
  }
  if (name === 'npm' || name === 'pnpm' || name === 'yarn') {
    const { sub } = subcommand(args, /^$/)
    return sub !== null && NPM_READ.has(sub)
  }
  return false
}

export function judgeCommand(cmd: SimpleCommand): CommandJudgement {
  const words = unwrap(cmd.words)
  const name = base(words[0])
  const args = words.slice(1)
  const none: CommandJudgement = { writes: [], scripts: [], readOnly: words.length === 0 }
  if (name === null) return none
  const writes = (targets: Word[], how: string) => targets.map((target) => ({ target, how }))
  const judged = (w: CommandJudgement['writes']): CommandJudgement => ({ writes: w, scripts: [], readOnly: false })
  switch (name) {
    case 'tee':
      return judged(
        writes(
          positionals(args, () => false),
          'tee',
        ),
      )
    case 'sed':
    case 'gsed': {
      const w = sedWrites(args)
      return w.length ? judged(writes(w, 'sed -i')) : { ...none, readOnly: isReadOnly('sed', args) }
    }
    case 'perl': {
      const w = perlWrites(args)
      if (w.length) return judged(writes(w, 'perl -i'))
      break
    }
    case 'mv':
    case 'cp':
    case 'install':
      return judged(destinations(args, name))
    case 'rm':
    case 'unlink': {
      // A deletion is a change too: the file is gone. `-r` takes what is under a directory with it.
      const recursive = args.some((a) => /^(-[a-zA-Z]*[rR][a-zA-Z]*|--recursive)$/.test(a.value ?? ''))
      return judged(
        writes(
          positionals(args, () => false),
          recursive ? 'rm -r' : 'rm',
        ),
      )
    }
    case 'touch':
      return judged(
        writes(
          positionals(args, (o) => /^-[dtr]$/.test(o)),
          'touch',
        ),
      )
    case 'curl': {
      const w = writes(curlWrites(args), 'curl -o')
      // A plain GET is a probe; one that sends data or saves a file changed something.
      const sends = args.some((a) => /^(-[a-zA-Z]*[XdFTO]|--request|--data.*|--form|--upload-file|--remote-name)$/.test(a.value ?? ''))
      return { writes: w, scripts: [], readOnly: w.length === 0 && !sends }
    }
    case 'wget':
      return judged(writes(wgetWrites(args), 'wget -O'))
    case 'dd':
      return judged(
        writes(
          args.filter((a) => a.value?.startsWith('of=')).map((a) => ({ value: a.value!.slice(3), loose: a.loose.slice(3) })),
          'dd of=',
        ),
      )
  }
  const scripts = scriptsOf(name, cmd, args)
  if (scripts.length) return { writes: [], scripts, readOnly: false }
  return { ...none, readOnly: isReadOnly(name, args) }
}
