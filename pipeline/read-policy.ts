/**
 * The one read policy: which files a transcript may make us read, and how. A transcript is
 * input, not instructions: a path it names is read only when it is a regular file whose real path
 * lies inside the session's project, the deny list does not call it a secret, and its content is
 * text. The host's file capability (CLI disk reads, the engine child) and restore's choice of
 * files and stored copies all ask this module, so there is one answer.
 */
import { closeSync, constants, lstatSync, openSync, readSync, realpathSync, statSync, type Stats } from 'node:fs'
import { open } from 'node:fs/promises'
import { homedir } from 'node:os'
import { isAbsolute, relative, resolve } from 'node:path'
import { isBinaryFile, isBinaryFileSync } from 'isbinaryfile'
import picomatch from 'picomatch'
import type { ToolUse } from './transcript.ts'

/**
 * Secrets refused by default. `~/` is the home directory; a pattern without a leading `/` or `~/`
 * matches at any depth. Widen with `allowPaths`, narrow with `denyPaths` (restore options).
 */
export const DEFAULT_DENY: readonly string[] = [
  '~/.ssh/**',
  '~/.aws/**',
  '~/.gnupg/**',
  '~/.azure/**',
  '~/.config/gcloud/**',
  '~/.kube/**',
  '~/.docker/config.json',
  '~/.netrc',
  '~/.npmrc',
  '~/.pypirc',
  '~/.git-credentials',
  '~/.claude/.credentials.json',
  '.env',
  '.env.*',
  'id_rsa*',
  'id_dsa*',
  'id_ecdsa*',
  'id_ed25519*',
  '*.pem',
  '*.key',
  '*.p12',
  '*.pfx',
  '*.keystore',
  '/etc/shadow*',
  '/etc/gshadow*',
  '/etc/sudoers*',
  '/etc/ssh/ssh_host_*',
]

/** Kernel views, not files: never read whatever a list says (`/proc/self/environ` is the reader's own environment). */
const VIRTUAL_ROOTS = ['/proc', '/sys', '/dev']

/** How much of a file is sniffed for binary content before any of it is kept. */
const SNIFF_BYTES = 8_192
const CHUNK_BYTES = 65_536

export interface ReadPolicyOptions {
  /** Globs added to DEFAULT_DENY. */
  denyPaths?: readonly string[]
  /** Globs exempt from the deny list and from the project rule (never from the others). */
  allowPaths?: readonly string[]
}

export interface ReadPolicy {
  /** The session's project (the transcript's cwd); null when the transcript names none. */
  root: string | null
  deny: readonly string[]
  allow: readonly string[]
  home: string
}

export function readPolicy(root: string | undefined | null, opts: ReadPolicyOptions = {}, home: string = homedir()): ReadPolicy {
  return { root: root ? resolve(root) : null, deny: [...DEFAULT_DENY, ...(opts.denyPaths ?? [])], allow: [...(opts.allowPaths ?? [])], home }
}

/** `path` as absolute: a relative one against the project, never the reader's working directory; null without a project. */
export function resolveIn(policy: ReadPolicy, path: string): string | null {
  if (isAbsolute(path)) return resolve(path)
  return policy.root === null ? null : resolve(policy.root, path)
}

export type PathVerdict = { ok: true; path: string; real: string | null; stats: Stats | null } | { ok: false; path: string; reason: string }

/** A pattern as matched: `~/` is the home directory, a pattern without a leading `/` any depth. */
const anchoredGlob = (pattern: string, home: string) =>
  pattern.startsWith('~/') ? home + pattern.slice(1) : pattern.startsWith('/') ? pattern : `**/${pattern}`

const matchers = new Map<string, (p: string) => boolean>()
function globMatch(pattern: string, home: string, path: string): boolean {
  const anchored = anchoredGlob(pattern, home)
  let m = matchers.get(anchored)
  if (!m) matchers.set(anchored, (m = picomatch(anchored, { dot: true })))
  return m(path)
}

/**
 * One regular expression for a whole list, every pattern an alternative: most paths match none
 * of the deny list's patterns, and one test answers that where trying each would take thirty.
 * Only on a match is the list walked to name the pattern.
 */
const listMatchers = new Map<string, (path: string) => boolean>()
function anyMatch(patterns: readonly string[], home: string, path: string): boolean {
  const key = `${home}\0${patterns.join('\0')}`
  let m = listMatchers.get(key)
  if (!m) {
    // An anchored glob never starts with `!` (no negation) and `{ dot: true }` sets no flag, so the
    // alternatives join as they are. picomatch also takes a path equal to the glob itself.
    const globs = patterns.map((p) => anchoredGlob(p, home))
    const re = new RegExp(globs.map((g) => `(?:${picomatch.makeRe(g, { dot: true }).source})`).join('|'))
    const literal = new Set(globs)
    m = (p) => literal.has(p) || re.test(p)
    listMatchers.set(key, m)
  }
  return m(path)
}

const firstMatch = (patterns: readonly string[], policy: ReadPolicy, path: string) =>
  patterns.length > 0 && anyMatch(patterns, policy.home, path) ? patterns.find((p) => globMatch(p, policy.home, path)) : undefined

const inside = (root: string, path: string) => {
  const rel = relative(root, path)
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel))
}

/** The project's real path (itself when it has none), looked up once per root: every path a run
 *  checks asks for it. */
const realRoots = new Map<string, string>()
const realRoot = (root: string) => {
  let real = realRoots.get(root)
  if (real === undefined) {
    try {
      real = realpathSync(root)
    } catch {
      real = root
    }
    realRoots.set(root, real)
  }
  return real
}

function kindOf(s: Stats): string {
  if (s.isDirectory()) return 'a directory'
  if (s.isFIFO()) return 'a FIFO'
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device'
  if (s.isSocket()) return 'a socket'
  return 'not a regular file'
}

/**
 * Whether `path` may be read, without reading it. A relative path is resolved against the
 * project, never the reader's own working directory. A missing file passes with `real: null`
 * (the caller decides whether a stored copy may stand in; the path rules still applied).
 */
export function checkPath(path: string, policy: ReadPolicy): PathVerdict {
  const abs = resolveIn(policy, path)
  if (abs === null) return { ok: false, path, reason: 'a relative path, and the transcript names no project directory (cwd) to resolve it against' }
  const refuse = (reason: string): PathVerdict => ({ ok: false, path: abs, reason })
  const virtual = (p: string) => VIRTUAL_ROOTS.find((v) => p === v || p.startsWith(v + '/'))
  let real: string | null = null
  let stats: Stats | null = null
  try {
    // A missing path is the common case on a transcript from elsewhere: answered without the
    // cost of an error object.
    if (lstatSync(abs, { throwIfNoEntry: false })) {
      real = realpathSync(abs)
      stats = statSync(real)
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code !== 'ENOENT' && code !== 'ENOTDIR') return refuse(`cannot be examined (${code ?? (err as Error).message})`)
  }
  for (const p of real && real !== abs ? [abs, real] : [abs]) {
    const v = virtual(p)
    if (v) return refuse(`${p} is under ${v}, a kernel view, not a file`)
  }
  const allowed = [abs, real].some((p) => p !== null && firstMatch(policy.allow, policy, p) !== undefined)
  if (!allowed) {
    for (const p of real && real !== abs ? [abs, real] : [abs]) {
      const secret = firstMatch(policy.deny, policy, p)
      if (secret) return refuse(`${p === abs ? 'it' : `its real path ${p}`} matches the deny list (${secret}): a secret is never re-read`)
    }
    if (policy.root === null) return refuse('the transcript names no project directory (cwd), so no file is known to be inside it')
    // The project as named and as its real path (it may itself be a link, as /tmp is on macOS).
    const where = real ?? abs
    if (!inside(realRoot(policy.root), where) && !inside(policy.root, where)) {
      return refuse(`${real && real !== abs ? `its real path ${real}` : abs} is outside the session's project (${policy.root})`)
    }
  }
  if (stats && !stats.isFile()) return refuse(`${kindOf(stats)}, not a regular file`)
  return { ok: true, path: abs, real, stats }
}

/** The options a section that reads or shows files takes to widen or narrow the read policy
 *  (restore, excerpts): one schema, so a user sets both sections the same way. */
export const READ_POLICY_OPTIONS = {
  denyPaths: {
    type: 'array',
    items: { type: 'string', minLength: 1 },
    description: `globs never read or shown, added to the default deny list (${DEFAULT_DENY.length} patterns: ~/.ssh/**, .env, *.pem, …)`,
  },
  allowPaths: {
    type: 'array',
    items: { type: 'string', minLength: 1 },
    description: 'globs read and shown even when the deny list names them or they lie outside the project',
  },
} as const

/**
 * The deny-list pattern a path matches (a secret: `~/.ssh/**`, `.env`, `*.pem`, …), unless the
 * allow list lets it through; undefined otherwise. Only the name is judged, nothing is opened:
 * for paths a command or a search named, whose output is shown rather than the file read.
 */
export function secretPattern(path: string, policy: ReadPolicy): string | undefined {
  // Remembered per policy as its lists and places read, not per policy object: a long session
  // names the same few hundred paths thousands of times, and every section builds its own policy.
  const key = policyKey(policy)
  let verdicts = secretVerdicts.get(key)
  if (!verdicts) {
    // A process that builds many handoffs (the quality bench) does not keep every project's paths.
    if (secretVerdicts.size >= 64) secretVerdicts.clear()
    secretVerdicts.set(key, (verdicts = new Map()))
  }
  if (verdicts.has(path)) return verdicts.get(path)
  if (verdicts.size >= 50_000) verdicts.clear()
  const expanded = path.startsWith('~/') ? policy.home + path.slice(1) : path
  const abs = resolveIn(policy, expanded) ?? expanded
  const verdict = firstMatch(policy.allow, policy, abs) !== undefined ? undefined : firstMatch(policy.deny, policy, abs)
  verdicts.set(path, verdict)
  return verdict
}
const secretVerdicts = new Map<string, Map<string, string | undefined>>()
const policyKeys = new WeakMap<ReadPolicy, string>()
function policyKey(policy: ReadPolicy): string {
  let key = policyKeys.get(policy)
  if (key === undefined) policyKeys.set(policy, (key = JSON.stringify([policy.root, policy.home, policy.deny, policy.allow])))
  return key
}

/**
 * A name that says it holds a secret: `API_TOKEN`, `db_password`, `apiKey`, `aws_access_key_id`,
 * `DB_PASS`, `APP_KEY`. Every quantifier here is bounded: these run on every line of every output,
 * and an unbounded `[\w.-]*` on both sides of the word backtracks quadratically on a long run of
 * word characters (a 50 KB line took seconds).
 */
const SECRET_WORD = String.raw`(?:secret|token|passw(?:or)?d|pass(?:wd|phrase)?\b|pwd\b|api[_-]?key|apikey|private[_-]?key|access[_-]?key|(?:app|master|account)[_-]?key|credential)`
const SECRET_NAME = String.raw`[\w.-]{0,40}${SECRET_WORD}[\w.-]{0,40}`

/**
 * A line that sets such a name, the rest of the line its value: `API_TOKEN=…`, `export KEY=…`,
 * `password: …`, `"api_key": "…"`, `- token: …`, also after a search's `path:` or `path:12:`.
 * (Leading blanks are matched once, not by two adjacent `\s*`.)
 */
const SECRET_LINE_RE = new RegExp(
  String.raw`^(\s*(?:[^\s:]{1,200}:(?:\d{1,9}[:-])?\s*)?(?:-\s+)?(?:export\s+)?(["']?)${SECRET_NAME}\2\s{0,20}(?::(?!=)|=(?!=))\s{0,20})(\S.*)$`,
  'i',
)

/** Such a name set inside a line: `env API_KEY=… cmd`, `{"token": "…"}`, `-d password=…`,
 *  `const apiKey = "…"`. Not a comparison (`token == x`). */
const SECRET_INLINE_RE = new RegExp(
  String.raw`(^|[^\w.-])(["']?)(${SECRET_NAME})\2(=(?!=)|\s{0,20}[:=]\s{0,20}(?=["']))("[^"\n]{0,2000}"|'[^'\n]{0,2000}'|[^\s"'&;,)}\]]{1,2000})`,
  'gi',
)

/**
 * What a secret-named setting may be set to that is not a secret: a number, a flag, an empty
 * value, a reference (`$TOKEN`, `${TOKEN}`, `os.Getenv("TOKEN")`, `config.apiKey`), a type in a
 * declaration (`token: string`), a URL with no password in it, a colour.
 */
function notASecret(value: string): boolean {
  const v = value.trim().replace(/[;,]$/, '')
  const bare = v.replace(/^(["'])(.*)\1$/, '$2')
  return (
    bare === '' ||
    /^-?\d[\d.,_]*$/.test(bare) ||
    /^(?:true|false|null|nil|none|undefined|yes|no|on|off|\[\]|\{\})$/i.test(bare) ||
    /^\$/.test(bare) ||
    (v === bare && /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(.*\))?$/.test(v) && (/[.(]/.test(v) || TYPE_NAMES.test(v))) ||
    /^[a-z][a-z0-9+.-]{0,20}:\/\/[^\s@]*$/i.test(bare) ||
    /^#[0-9a-f]{3,8}$/i.test(bare)
  )
}
const TYPE_NAMES =
  /^(?:string|number|boolean|bigint|symbol|object|any|unknown|never|void|str|int|float|bool|bytes|dict|list|String|Number|Boolean|Optional|Option|None|null|undefined)$/

/** Values that are written out whatever the variable is called: credentials in a URL, an HTTP
 *  authorization or cookie, a password on a command's flag, and tokens whose shape says what they
 *  are (a real key holds a digit: `sk-learn-…` is a name). */
const SECRET_SHAPES: Array<[RegExp, string]> = [
  [/\b([a-z][a-z0-9+.-]{0,20}:\/\/[^\s:@/]{0,200}:)[^\s@/]{1,500}@/gi, '$1[value not shown]@'],
  [/\b(Bearer|Basic|Token)\s+(?=[\w.~+/=-]{0,500}\d)[\w.~+/=-]{8,500}/gi, '$1 [value not shown]'],
  [
    /\b((?:Authorization|Proxy-Authorization|X-Api-Key|X-Auth-Token|Cookie|Set-Cookie)\s*:\s*)(?!\[value not shown\])[^\s"'][^"'\n]{0,2000}/gi,
    '$1[value not shown]',
  ],
  [/(--(?:password|passwd|token|api[_-]?key|secret|auth[_-]?token|access[_-]?token)(?:=|\s+))(?!\[value)(?!-)[^\s"']{1,500}/gi, '$1[value not shown]'],
  [/(\bcurl\b[^\n]{0,500}?\s(?:-u|--user)\s+[^\s:]{1,100}:)[^\s"']{1,500}/g, '$1[value not shown]'],
  [
    /\b(?:sk-ant-[\w-]{8,200}|sk-(?:proj-)?(?=[\w-]{0,200}\d)[\w-]{20,200}|(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{10,200}|gh[pousr]_\w{20,200}|github_pat_\w{20,200}|glpat-[\w-]{20,200}|xox[abprs]-[\w-]{10,200}|npm_[A-Za-z0-9]{30,100}|hf_[A-Za-z0-9]{30,100}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[\w-]{35}|ya29\.[\w-]{20,500}|eyJ[\w-]{10,2000}\.eyJ[\w-]{10,4000}\.[\w-]{10,2000})/g,
    '[value not shown]',
  ],
  [/(hooks\.slack\.com\/services\/)[\w/]{10,200}/g, '$1[value not shown]'],
]

const PRIVATE_KEY_RE = /(-----BEGIN [A-Z ]{0,40}PRIVATE KEY(?: BLOCK)?-----)[\s\S]*?(-----END [A-Z ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)/g

/** What a text or line must hold for the rules above to be tried on it: most hold none of it. */
const NAMED = new RegExp(SECRET_WORD, 'i')
const SHAPED =
  /:\/\/[^\s/@]*:[^\s/@]+@|bearer |basic |token |authorization|api-key|auth-token|cookie|--pass|--token|--api|--secret|--auth|--access|curl |PRIVATE KEY|\bsk-|\b[sr]k_(?:live|test)_|\bgh[pousr]_|github_pat_|glpat-|\bxox[abprs]-|\bnpm_|\bhf_|\bAKIA|\bASIA|\bAIza|\bya29\.|\beyJ|hooks\.slack\.com/i

/**
 * Text with every secret-looking value hidden (`GITHUB_TOKEN=[value not shown]`): what any section
 * shows of what a call printed, what a file held, or what a call was given. The name stays, so the
 * next window knows the setting exists; only its value goes.
 */
export function hideSecretValues(text: string): string {
  return hidden(text, false)
}

/** A shell command with every secret-looking value hidden: as the shell reads its first line, a
 *  value set at its start (`TOKEN=… gh pr list`) ends at a blank, and the command after it stays;
 *  the lines after it (a heredoc's text, a script) are read as any text is. */
export function hideSecretValuesInCommand(command: string): string {
  return hidden(command, true)
}

function hidden(text: string, asCommand: boolean): string {
  if (!NAMED.test(text) && !SHAPED.test(text)) return text
  return text
    .replace(PRIVATE_KEY_RE, '$1\n[value not shown]\n$2')
    .split('\n')
    .map((line, i) => {
      const named = NAMED.test(line)
      if (!named && !SHAPED.test(line)) return line
      const set = named && !(asCommand && i === 0) ? SECRET_LINE_RE.exec(line) : null
      if (set && !notASecret(set[3]!)) return `${set[1]}[value not shown]`
      let out = !named
        ? line
        : line.replace(SECRET_INLINE_RE, (m, pre: string, q: string, name: string, sep: string, value: string) => {
            if (notASecret(value)) return m
            const quote = value.startsWith('"') || value.startsWith("'") ? value[0] : ''
            return `${pre}${q}${name}${q}${sep}${quote}[value not shown]${quote}`
          })
      for (const [re, to] of SECRET_SHAPES) out = out.replace(re, to)
      return out
    })
    .join('\n')
}

/** The inputs that name a file or folder. */
export const PATH_FIELDS = ['file_path', 'notebook_path', 'path']

/** The paths a call names: its path inputs, the path-like words of its command, the files a
 *  search's `path:12:` lines point into, and for a search that prints no line numbers (`grep -r
 *  KEY .` prints `.env:KEY=…`) each line's `word:` prefix holding a `.` or a `/`. */
/** A shell command that searches files: its output's lines may start `path:` with no line number. */
const SEARCH_COMMAND = /(^|[\s;|&(])(grep|egrep|fgrep|zgrep|rg|ag|ack|git\s+grep)\s/

function pathsNamed(u: ToolUse): string[] {
  const paths: string[] = []
  for (const key of PATH_FIELDS) if (typeof u.input[key] === 'string') paths.push(u.input[key])
  if (typeof u.input.command === 'string')
    for (const word of u.input.command.split(/[\s;|&<>()'"`=]+/)) if (/[/.~]/.test(word) && !word.startsWith('-')) paths.push(word)
  const text = u.result?.text ?? ''
  const search = u.name === 'Grep' || (typeof u.input.command === 'string' && SEARCH_COMMAND.test(u.input.command))
  if (search) {
    for (const m of text.matchAll(/^([^\s:]+):(\d+[:-])?/gm)) if (m[2] || /[./]/.test(m[1]!)) paths.push(m[1]!)
  } else {
    for (const m of text.matchAll(/^([^\s:]+):\d+[:-]/gm)) paths.push(m[1]!)
  }
  return paths
}

/**
 * Why what a call printed (and wrote) is not to be shown, or null: it names a path on the deny list
 * (`cat .env`, a Grep through `~/.aws`, a Write of `id_rsa`): restore never re-reads such a file, so
 * no section may hand its contents on from the transcript either. Binary output is not text.
 */
export function callOutputRefusal(u: ToolUse, policy: ReadPolicy): string | null {
  for (const path of pathsNamed(u)) {
    const secret = secretPattern(path, policy)
    if (secret) return `it names ${path}, which matches the deny list (${secret})`
  }
  if (binaryText(u.result?.text ?? '')) return 'binary output'
  return null
}

/** A stored copy's text is not handed up when it is not text (a NUL is never in a text file). */
export function binaryText(text: string): boolean {
  return text.includes('\u0000')
}

/** The refusal for a file restore would take from the transcript, or null: the path rules, and text only. */
export function refusalOf(path: string, policy: ReadPolicy, storedText?: string): string | null {
  const v = checkPath(path, policy)
  if (!v.ok) return v.reason
  if (v.real !== null && sniffBinarySync(v.real)) return 'binary content (sniffed), not text'
  if (storedText !== undefined && v.real === null && binaryText(storedText)) return "the transcript's copy is binary, not text"
  return null
}

/** The first SNIFF_BYTES of a regular file, judged; opened without blocking or following a link. */
function sniffBinarySync(real: string): boolean {
  let fd: number | undefined
  try {
    fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
    const buf = Buffer.alloc(SNIFF_BYTES)
    const n = readSync(fd, buf, 0, SNIFF_BYTES, 0)
    return n > 0 && isBinaryFileSync(buf, n)
  } catch {
    return false // unreadable now: the read itself will say why
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

export type BoundedRead =
  | { ok: true; path: string; text: string; firstLine: number; lines: number; truncated: boolean; bytesRead: number; size: number }
  | { ok: false; path: string; reason: string }

/**
 * Reads lines `offset`… (1-based) of a file the policy allows, keeping at most `maxChars` chars and
 * `limit` lines: opened without following a link and without blocking, checked to be the same
 * regular file that was examined, sniffed for binary content, then read in chunks until enough is
 * kept. Memory is bounded by what is kept, not by the file's size.
 */
export async function readBounded(
  path: string,
  policy: ReadPolicy,
  opts: { offset?: number; limit?: number; maxChars?: number; maxScanBytes?: number; signal?: AbortSignal } = {},
): Promise<BoundedRead> {
  const verdict = checkPath(path, policy)
  if (!verdict.ok) return verdict
  if (!verdict.real || !verdict.stats) return { ok: false, path: verdict.path, reason: 'no such file' }
  const offset = Math.max(1, opts.offset ?? 1)
  const limit = opts.limit ?? Number.MAX_SAFE_INTEGER
  const maxChars = opts.maxChars ?? 100_000
  const maxScan = opts.maxScanBytes ?? 64 * 1024 * 1024
  const refuse = (reason: string): BoundedRead => ({ ok: false, path: verdict.path, reason })
  let fd
  try {
    fd = await open(verdict.real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  } catch (err) {
    return refuse(`cannot be opened (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`)
  }
  try {
    const now = await fd.stat()
    if (!now.isFile()) return refuse(`${kindOf(now)}, not a regular file`)
    // Swapped between the check and the open (a link or a rename): not the file that was examined.
    if (now.ino !== verdict.stats.ino || now.dev !== verdict.stats.dev) return refuse('it changed while being read (not the file that was examined)')
    const buf = Buffer.alloc(CHUNK_BYTES)
    const decoder = new TextDecoder('utf-8')
    const kept: string[] = []
    let keptChars = 0
    let line = 1
    let partial = ''
    let bytesRead = 0
    let truncated = false
    let sniffed = false
    for (;;) {
      if (opts.signal?.aborted) return refuse('the read was stopped')
      const { bytesRead: n } = await fd.read(buf, 0, CHUNK_BYTES, bytesRead)
      if (!sniffed) {
        sniffed = true
        if (n > 0 && (await isBinaryFile(buf, Math.min(n, SNIFF_BYTES)))) return refuse('binary content (sniffed), not text')
      }
      bytesRead += n
      const eof = n === 0
      const pieces = (partial + (eof ? decoder.decode() : decoder.decode(buf.subarray(0, n), { stream: true }))).split('\n')
      // The last piece is a line still being read; at the end, a final newline adds no line.
      partial = eof ? '' : pieces.pop()!
      if (eof && pieces.at(-1) === '') pieces.pop()
      for (const piece of pieces) {
        if (line >= offset && kept.length < limit) {
          if (keptChars + piece.length > maxChars) {
            truncated = true
            break
          }
          kept.push(piece)
          keptChars += piece.length + 1
        }
        line++
      }
      if (truncated || kept.length >= limit || eof) break
      if (bytesRead >= maxScan) {
        truncated = true
        break
      }
      // A single line longer than the cap is never kept whole: stop before holding it.
      if (partial.length > maxChars) {
        truncated = true
        break
      }
    }
    return { ok: true, path: verdict.path, text: kept.join('\n'), firstLine: offset, lines: kept.length, truncated, bytesRead, size: now.size }
  } finally {
    await fd.close()
  }
}

/**
 * Every check readBounded makes (the path rules, a regular file, the same file, text), for a host
 * that reads through something else (the engine's Read tool): only the first chunk is read.
 * Resolves a relative path against the project, so the reader is handed the absolute one.
 */
export async function vetForRead(path: string, policy: ReadPolicy, signal?: AbortSignal): Promise<{ ok: true; path: string } | { ok: false; reason: string }> {
  const r = await readBounded(path, policy, { limit: 1, maxChars: 0, ...(signal ? { signal } : {}) })
  return r.ok ? { ok: true, path: r.path } : { ok: false, reason: r.reason }
}
