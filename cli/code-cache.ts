/**
 * Runs a CommonJS bundle of the plugin with V8's code cache: what V8 compiled for one run of a
 * command (the bundle's top level and every function the run called) is kept on disk, and the next
 * run of that command starts from it instead of parsing and compiling the same code again. Node 20
 * has no such cache for ES modules (`module.enableCompileCache` came in Node 22.1), so the bundle's
 * commands are CommonJS files for this loader (build.mjs): measured on the 3.5 MB bench
 * transcript, `build` went from 304 to 278 ms, interleaved (README, Benchmarks: `cli`).
 *
 * The cache is only ever an optimization. A cache V8 refuses (another Node, other flags, a damaged
 * file: its checksum is verified) is replaced after the run; a folder that cannot be written, or
 * that another user could write to, is not used; nothing here fails a command.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { homedir } from 'node:os'
import { basename, dirname, isAbsolute, join } from 'node:path'
import { Script } from 'node:vm'
import v8 from 'node:v8'

/**
 * Flags set before the bundle is compiled. V8 accepts a cache only under the flags it was made
 * with, and the bundle sets `--liftoff-only` itself when it loads WASM (the shell grammar, SQLite),
 * so a cache written at exit carries it: set first, every run compiles under the same ones. V8 does
 * not check a cache's checksum unless told to, and a damaged cache of the right length crashes the
 * process (measured: SIGSEGV, or a fatal error) instead of being refused.
 */
export const CACHE_FLAGS = ['--liftoff-only', '--verify-snapshot-checksum']

/** A cache not used for this long is removed when another is written: old versions go. */
const STALE_MS = 30 * 24 * 60 * 60 * 1000

/**
 * Where caches are kept: COMPACT_HANDOFF_CODE_CACHE names the folder (an absolute path; `off` or
 * `0` turns caching off, and any other value is not a folder, so it does too), else
 * $XDG_CACHE_HOME/compact-handoff/code-cache, else ~/.cache/compact-handoff/code-cache. `within`
 * is what must exist already (the named folder's parent, or the cache home or HOME): a cache never
 * makes a home folder, nor one beside a relative or empty HOME.
 */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): { dir: string; within: string } | null {
  const set = env.COMPACT_HANDOFF_CODE_CACHE?.trim()
  if (set) return isAbsolute(set) ? { dir: set, within: dirname(set) } : null
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME))
    return { dir: join(env.XDG_CACHE_HOME, 'compact-handoff', 'code-cache'), within: env.XDG_CACHE_HOME }
  const home = env.HOME && isAbsolute(env.HOME) ? env.HOME : homedir()
  return isAbsolute(home) ? { dir: join(home, '.cache', 'compact-handoff', 'code-cache'), within: home } : null
}

/** Whether a folder is one only this user (or root) can change: owned by one of them, and not
 *  writable by others unless sticky (as /tmp is, where others cannot move what is ours). */
function trusted(path: string, uid: number | undefined): boolean {
  const st = statSync(path)
  if (!st.isDirectory()) return false
  if (uid !== undefined && st.uid !== uid && st.uid !== 0) return false
  return (st.mode & 0o022) === 0 || (st.mode & 0o1000) !== 0
}

/**
 * The folder, made (0700) when missing, if it and every folder above it are trusted: a cache holds
 * code the next run executes. Null when it cannot be made or is not safe, and then nothing is
 * made: root running with another user's HOME does not leave them a folder they cannot use.
 */
function ownFolder({ dir, within }: { dir: string; within: string }): string | null {
  const uid = process.getuid?.()
  try {
    if (!statSync(within).isDirectory()) return null
    let existing = dir
    const missing: string[] = []
    for (;;) {
      try {
        statSync(existing)
        break
      } catch {
        missing.push(existing)
        const up = dirname(existing)
        if (up === existing) return null
        existing = up
      }
    }
    for (let p = existing; ; p = dirname(p)) {
      if (!trusted(p, uid)) return null
      if (dirname(p) === p) break
    }
    if (missing.length > 0) mkdirSync(dir, { recursive: true, mode: 0o700 })
    const st = statSync(dir)
    if (uid !== undefined && st.uid !== uid) return null
    return (st.mode & 0o077) === 0 ? dir : null
  } catch {
    return null
  }
}

/** FNV-1a, base 36: a short name for what V8 also checks (the node flags this process runs with). */
function fnv(text: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return (h >>> 0).toString(36)
}

export interface CachedRun {
  /** The bundle's `module.exports`. */
  exports: unknown
  /** What the cache did: `hit` (V8 took it), `miss` (none yet), `rejected` (V8 refused it), `off`. */
  cache: 'hit' | 'miss' | 'rejected' | 'off'
  /** Writes the cache for the next run, from what this run compiled (a no-op after a hit or when
   *  caching is off). Returns the file written, or null. */
  save(): string | null
}

/**
 * Loads `file` (a CommonJS bundle) as `require` would, with the code cache for `use` (each command
 * keeps its own: they call different functions). `key` is the bundle's content hash (build.mjs
 * writes it into the entry), so a changed bundle never meets an old cache: V8 itself checks only
 * the source's length. The node flags are in the name too, so two ways of running Node keep one
 * cache each rather than replacing each other's.
 */
export function runCached(file: string, key: string, use: string, env: NodeJS.ProcessEnv = process.env): CachedRun {
  for (const flag of CACHE_FLAGS) v8.setFlagsFromString(flag)
  const source = readFileSync(file, 'utf8')
  const where = cacheDir(env)
  const folder = where === null ? null : ownFolder(where)
  // Node's options, not what they take (`-e`'s script, `--import`'s module).
  const flags = fnv(`${process.execArgv.filter((a) => a.startsWith('--')).join(' ')}\0${env.NODE_OPTIONS ?? ''}`)
  // The file's size and time as well: a hand edit of the bundle keeps the hash it was built with.
  const st = statSync(file)
  const name = `${basename(file, '.cjs')}-${key}-${fnv(`${st.size}:${Math.floor(st.mtimeMs)}`)}-${flags}-${process.version}-${process.arch}-${use}.bin`
  const cachePath = folder === null ? null : join(folder, name)
  let cachedData: Buffer | undefined
  if (cachePath !== null) {
    try {
      cachedData = readFileSync(cachePath)
    } catch {
      // none yet
    }
  }
  // CommonJS's own wrapper, strict as the bundle's ES sources are (esbuild's "use strict" is no
  // directive once the banner stands before it), and `__chImport`: this module's import(), for
  // what the bundle loads as an ES module (a config's section packages), since code run through
  // vm.Script has none of its own.
  const wrapped = `(function (exports, require, module, __filename, __dirname, __chImport) {'use strict';${source}\n})`
  const script = new Script(wrapped, { filename: file, cachedData })
  const module = { exports: {} as unknown }
  const run = script.runInThisContext() as (...args: unknown[]) => void
  const esImport = (specifier: string): Promise<unknown> => import(specifier)
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file), esImport)
  const cache: CachedRun['cache'] = cachePath === null ? 'off' : cachedData === undefined ? 'miss' : script.cachedDataRejected ? 'rejected' : 'hit'
  // A cache in use is dated now and then, so that the sweep of stale ones (removeStale) spares it.
  if (cache === 'hit') freshen(cachePath!)
  return {
    exports: module.exports,
    cache,
    save() {
      if (cachePath === null || cache === 'hit') return null
      const tmp = `${cachePath}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`
      try {
        // Written whole beside it (writeFileSync fails rather than write short) and renamed over
        // it: a reader never sees half a cache.
        writeFileSync(tmp, script.createCachedData(), { flag: 'wx', mode: 0o600 })
        renameSync(tmp, cachePath)
      } catch {
        // A full disk, a folder gone: no cache this time, and no half-written file left behind.
        try {
          rmSync(tmp, { force: true })
        } catch {
          // nothing more to do
        }
        return null
      }
      removeStale(dirname(cachePath), cachePath)
      return cachePath
    },
  }
}

/** Dates a cache taken now, once it is a week old: a metadata write, rarely. */
function freshen(path: string): void {
  try {
    if (Date.now() - statSync(path).mtimeMs > STALE_MS / 4) {
      const now = new Date()
      utimesSync(path, now, now)
    }
  } catch {
    // left as it is
  }
}

/** Caches in the folder not used for STALE_MS: an older bundle's, another Node's. */
function removeStale(folder: string, kept: string): void {
  try {
    const now = Date.now()
    for (const name of readdirSync(folder)) {
      const path = join(folder, name)
      if (path !== kept && (name.endsWith('.bin') || name.endsWith('.tmp')) && now - statSync(path).mtimeMs > STALE_MS) rmSync(path, { force: true })
    }
  } catch {
    // a cache folder that cannot be listed keeps what it has
  }
}
