/**
 * Runs a CommonJS bundle of the plugin with V8's code cache: what V8 compiled for one run of a
 * command (the bundle's top level and every function the run called) is kept on disk, and the next
 * run of that command starts from it instead of parsing and compiling the same code again. Node 20
 * has no such cache for ES modules (`module.enableCompileCache` came in Node 22.1), so the commands
 * that run most (a compaction's child, every history tool call, `build`) are bundled as CommonJS
 * for this loader: measured on the 3.5 MB bench transcript, `build` went from 299 to 237 ms.
 *
 * The cache is only ever an optimization. A cache V8 refuses (another Node, other flags, another
 * bundle) is replaced after the run; a folder that cannot be written, or that another user could
 * write to, is not used; nothing here fails a command.
 */
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import { createRequire } from 'node:module'
import { homedir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { Script } from 'node:vm'
import v8 from 'node:v8'

/**
 * Flags set before the bundle is compiled: V8 accepts a cache only under the flags it was made
 * with, and the bundle sets these itself when it loads WASM (the shell grammar, SQLite), so a
 * cache written at exit carries them. Set first, every run compiles under the same ones.
 */
export const CACHE_FLAGS = ['--liftoff-only']

/** Where caches are kept: COMPACT_HANDOFF_CODE_CACHE names the folder (`off` turns caching off),
 *  else $XDG_CACHE_HOME/compact-handoff/code-cache, else ~/.cache/compact-handoff/code-cache. */
export function cacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const set = env.COMPACT_HANDOFF_CODE_CACHE?.trim()
  if (set === 'off' || set === '0') return null
  if (set) return set
  const base = env.XDG_CACHE_HOME?.startsWith('/') ? env.XDG_CACHE_HOME : join(env.HOME || homedir(), '.cache')
  return join(base, 'compact-handoff', 'code-cache')
}

/** A folder only this user can write to: a cache holds code this process will run. Made (0700)
 *  when missing; null when it cannot be made or is not safe. */
function ownFolder(dir: string): string | null {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    const st = statSync(dir)
    const uid = process.getuid?.()
    if (!st.isDirectory() || (uid !== undefined && st.uid !== uid) || (st.mode & 0o022) !== 0) return null
    return dir
  } catch {
    return null
  }
}

/** FNV-1a of the bundle's path: two installs of the plugin keep apart caches. */
function pathHash(path: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < path.length; i++) h = Math.imul(h ^ path.charCodeAt(i), 0x01000193)
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
 * keeps its own: they call different functions). The cache file is named by the bundle's size and
 * modification time, so a changed bundle never meets an old cache (V8 checks only the length).
 */
export function runCached(file: string, use: string, env: NodeJS.ProcessEnv = process.env): CachedRun {
  for (const flag of CACHE_FLAGS) v8.setFlagsFromString(flag)
  const source = readFileSync(file, 'utf8')
  const dir = cacheDir(env)
  const folder = dir === null ? null : ownFolder(dir)
  let cachePath: string | null = null
  let cachedData: Buffer | undefined
  if (folder !== null) {
    const st = statSync(file)
    cachePath = join(folder, `${basename(file)}-${pathHash(file)}-${st.size}-${Math.floor(st.mtimeMs)}-${process.version}-${process.arch}-${use}.bin`)
    try {
      cachedData = readFileSync(cachePath)
    } catch {
      // none yet
    }
  }
  // CommonJS's own wrapper, and `__chImport`: this module's import(), for what the bundle loads as
  // an ES module (a config's section packages), since code run through vm.Script has none.
  const script = new Script(`(function (exports, require, module, __filename, __dirname, __chImport) {${source}\n})`, { filename: file, cachedData })
  const module = { exports: {} as unknown }
  const run = script.runInThisContext() as (...args: unknown[]) => void
  const esImport = (specifier: string): Promise<unknown> => import(specifier)
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file), esImport)
  const cache: CachedRun['cache'] = cachePath === null ? 'off' : cachedData === undefined ? 'miss' : script.cachedDataRejected ? 'rejected' : 'hit'
  return {
    exports: module.exports,
    cache,
    save() {
      if (cachePath === null || cache === 'hit') return null
      const tmp = `${cachePath}.${process.pid}.tmp`
      try {
        // Written beside it and renamed over it: a reader never sees half a cache.
        const fd = openSync(tmp, 'w', 0o600)
        try {
          writeSync(fd, script.createCachedData())
        } finally {
          closeSync(fd)
        }
        renameSync(tmp, cachePath)
        return cachePath
      } catch {
        // A full disk, a folder gone: no cache this time, and no half-written file left behind.
        try {
          rmSync(tmp, { force: true })
        } catch {
          // nothing more to do
        }
        return null
      }
    },
  }
}
