/**
 * Files an inline Python or Node script writes: `open(path, "w"|"a"|"x")`, `Path(path).write_text`,
 * `shutil.copy(src, dst)`; `fs.writeFileSync(path)`, `appendFileSync`, `createWriteStream`,
 * `copyFileSync(src, dst)`. The script is tokenized first, so a call that only sits inside one of
 * its string literals or comments is text, not a write.
 */

type Tok = { t: 'id'; v: string } | { t: 'str'; v: string | null } | { t: 'p'; v: string }

export interface ScriptWrites {
  paths: string[]
  /** Writes whose path is computed at run time (a variable, an f-string, a join). */
  unresolved: number
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', '\\': '\\', "'": "'", '"': '"', '`': '`' }

function readString(s: string, i: number, quote: string, raw: boolean, interpolates: (body: string) => boolean): { tok: Tok; end: number } {
  let j = i + quote.length
  let body = ''
  while (j < s.length && !s.startsWith(quote, j)) {
    if (s[j] === '\\' && j + 1 < s.length) {
      body += raw ? s.slice(j, j + 2) : (ESCAPES[s[j + 1]!] ?? s[j + 1]!)
      j += 2
    } else if (quote.length === 1 && s[j] === '\n' && quote !== '`') break
    else body += s[j++]
  }
  return { tok: { t: 'str', v: interpolates(body) ? null : body }, end: j + quote.length }
}

function lex(s: string, language: 'python' | 'node'): Tok[] {
  const out: Tok[] = []
  let i = 0
  while (i < s.length) {
    const c = s[i]!
    if (/\s/.test(c)) {
      i++
    } else if (language === 'python' && c === '#') {
      const nl = s.indexOf('\n', i)
      i = nl < 0 ? s.length : nl
    } else if (language === 'node' && s.startsWith('//', i)) {
      const nl = s.indexOf('\n', i)
      i = nl < 0 ? s.length : nl
    } else if (language === 'node' && s.startsWith('/*', i)) {
      const end = s.indexOf('*/', i + 2)
      i = end < 0 ? s.length : end + 2
    } else if (/[A-Za-z_$]/.test(c)) {
      const m = /^[\w$]+/.exec(s.slice(i))![0]
      const next = s[i + m.length]
      // Python string prefixes: r'…', b"…", f'…', rb"…".
      if (language === 'python' && (next === '"' || next === "'") && /^[rRbBuUfF]{1,2}$/.test(m)) {
        const quote = s.startsWith(next.repeat(3), i + m.length) ? next.repeat(3) : next
        const f = /[fF]/.test(m)
        const { tok, end } = readString(s, i + m.length, quote, /[rR]/.test(m), (b) => f && /\{[^{]/.test(b))
        out.push(tok)
        i = end
      } else {
        out.push({ t: 'id', v: m })
        i += m.length
      }
    } else if (c === '"' || c === "'" || (c === '`' && language === 'node')) {
      const quote = language === 'python' && s.startsWith(c.repeat(3), i) ? c.repeat(3) : c
      const { tok, end } = readString(s, i, quote, false, (b) => c === '`' && b.includes('${'))
      out.push(tok)
      i = end
    } else {
      out.push({ t: 'p', v: c })
      i++
    }
  }
  return out
}

/** The arguments of the call whose `(` is at `open`: each a token list, split at top-level commas. */
function callArgs(toks: Tok[], open: number): Tok[][] {
  const args: Tok[][] = [[]]
  let depth = 0
  for (let k = open + 1; k < toks.length; k++) {
    const t = toks[k]!
    if (t.t === 'p' && '([{'.includes(t.v)) depth++
    if (t.t === 'p' && ')]}'.includes(t.v)) {
      if (depth === 0) return args
      depth--
    }
    if (depth === 0 && t.t === 'p' && t.v === ',') args.push([])
    else args[args.length - 1]!.push(t)
  }
  return args
}

/** A lone string literal's value; undefined when the argument is anything else. */
function stringArg(arg: Tok[] | undefined): string | null | undefined {
  if (!arg || arg.length !== 1 || arg[0]!.t !== 'str') return undefined
  return arg[0]!.v
}

/** `mode="w"` among the arguments, or the positional one at `index`. */
function modeArg(args: Tok[][], index: number): string | null | undefined {
  for (const a of args) {
    if (a.length === 3 && a[0]!.t === 'id' && a[0]!.v === 'mode' && a[1]!.t === 'p' && a[1]!.v === '=') return stringArg([a[2]!])
  }
  const positional = args[index]
  if (positional && !(positional[1]?.t === 'p' && positional[1].v === '=')) return stringArg(positional)
  return undefined
}

const WRITE_MODE = /[wax+]/

function scan(code: string, language: 'python' | 'node'): ScriptWrites {
  const toks = lex(code, language)
  const paths: string[] = []
  let unresolved = 0
  const take = (path: string | null | undefined) => {
    if (typeof path === 'string' && path !== '') paths.push(path)
    else unresolved++
  }
  const isCall = (k: number) => toks[k + 1]?.t === 'p' && toks[k + 1]!.v === '('

  for (let k = 0; k < toks.length; k++) {
    const t = toks[k]!
    if (t.t !== 'id' || !isCall(k)) continue
    const args = callArgs(toks, k + 1)
    const afterDot = toks[k - 1]?.t === 'p' && toks[k - 1]!.v === '.'
    if (language === 'python') {
      if (t.v === 'open' && !afterDot) {
        const mode = modeArg(args, 1)
        if (typeof mode === 'string' && WRITE_MODE.test(mode)) take(stringArg(args[0]))
        else if (mode === null) unresolved++
      } else if (t.v === 'open' && afterDot) {
        // io.open / codecs.open take a path first; Path(p).open takes the mode first.
        const receiver = pathReceiver(toks, k - 1)
        if (receiver !== undefined) {
          const mode = modeArg(args, 0)
          if (typeof mode === 'string' && WRITE_MODE.test(mode)) take(receiver)
        } else {
          const mode = modeArg(args, 1)
          if (typeof mode === 'string' && WRITE_MODE.test(mode)) take(stringArg(args[0]))
        }
      } else if (afterDot && /^(write_text|write_bytes|touch)$/.test(t.v)) {
        const receiver = pathReceiver(toks, k - 1)
        if (receiver !== undefined) take(receiver)
      } else if (afterDot && /^(copy|copy2|copyfile|move)$/.test(t.v) && toks[k - 2]?.t === 'id' && toks[k - 2]!.v === 'shutil') {
        take(stringArg(args[1]))
      }
    } else if (/^(writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream|outputFileSync|outputFile)$/.test(t.v)) {
      take(stringArg(args[0]))
    } else if (/^(copyFileSync|copyFile|cpSync|renameSync)$/.test(t.v)) {
      take(stringArg(args[1]))
    }
  }
  return { paths, unresolved }
}

/**
 * For `Path("x").write_text(…)` with the dot at `dot`: the literal path ("x"), null when the
 * receiver is a Path built at run time, undefined when the receiver is not a Path(…) call.
 */
function pathReceiver(toks: Tok[], dot: number): string | null | undefined {
  const close = toks[dot - 1]
  if (close?.t !== 'p' || close.v !== ')') return undefined
  let depth = 0
  for (let k = dot - 1; k >= 0; k--) {
    const t = toks[k]!
    if (t.t === 'p' && t.v === ')') depth++
    else if (t.t === 'p' && t.v === '(' && --depth === 0) {
      const callee = toks[k - 1]
      if (callee?.t !== 'id' || !/^(Path|PurePath|PosixPath)$/.test(callee.v)) return undefined
      const inner = toks.slice(k + 1, dot - 1)
      return inner.length === 1 && inner[0]!.t === 'str' ? inner[0]!.v : null
    }
  }
  return undefined
}

export const pythonWrites = (code: string): ScriptWrites => scan(code, 'python')
export const nodeWrites = (code: string): ScriptWrites => scan(code, 'node')
