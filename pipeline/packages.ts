/**
 * Third-party code named in a config (`package:` on a section, `plugins:`), found the way Node's
 * ESM loader finds a package (`import` conditions) from the folder of the config file that names
 * it, then checked field by field, so a bad package is one load error that says what is wrong.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { importModule } from './import-module.ts'
import type { Subscriber } from './pipeline.ts'
import { FUNCTION_MARK, LOAD_TIMEOUT_MS, runInThread, type SectionThread, startSectionThread, ThreadLoadError } from './section-worker.ts'
import type { SectionDefinition } from './types.ts'

/** The conditions an `import` matches in a package's `exports`, as Node's ESM loader has them. */
const CONDITIONS = ['node', 'import', 'default']

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** A package name as npm writes it, with an optional subpath: `name`, `@scope/name`, `name/sub`. */
const SPECIFIER = /^((?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)(\/.*)?$/i

export class PackageLoadError extends Error {}

/** The entry in `exports` for `subpath` under the import conditions; null when it has none. */
function exportTarget(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = exportTarget(v)
      if (found) return found
    }
    return null
  }
  if (isRecord(value)) {
    // Condition keys are tried in the package's own order, as Node does.
    for (const [key, v] of Object.entries(value)) {
      if (CONDITIONS.includes(key)) {
        const found = exportTarget(v)
        if (found) return found
      }
    }
  }
  return null
}

function exportsEntry(exports: unknown, subpath: string): string | null {
  const isSubpathMap = isRecord(exports) && Object.keys(exports).some((k) => k.startsWith('.'))
  if (!isSubpathMap) return subpath === '.' ? exportTarget(exports) : null
  const map = exports as Record<string, unknown>
  if (Object.hasOwn(map, subpath)) return exportTarget(map[subpath])
  // One `*` pattern, the longest prefix first (Node's rule).
  const patterns = Object.keys(map)
    .filter((k) => k.split('*').length === 2)
    .sort((a, b) => b.indexOf('*') - a.indexOf('*'))
  for (const key of patterns) {
    const [pre, post] = key.split('*') as [string, string]
    if (subpath.startsWith(pre) && subpath.endsWith(post) && subpath.length >= key.length - 1) {
      const target = exportTarget(map[key])
      return target && target.replaceAll('*', subpath.slice(pre.length, subpath.length - post.length))
    }
  }
  return null
}

/**
 * The file `import(specifier)` would load from a module in `fromDir`. Refuses a Node built-in
 * (`fs` would otherwise run a file named fs) and a path (a config names packages, not files), and
 * any entry that leaves its package's folder.
 */
export function resolvePackage(specifier: string, fromDir: string): string {
  if (isBuiltin(specifier)) throw new PackageLoadError(`"${specifier}" is a Node built-in module, not a package: name an npm package`)
  const parts = SPECIFIER.exec(specifier)
  if (!parts || specifier.includes('\\')) {
    throw new PackageLoadError(
      `"${specifier}" is not a package name: a config names npm packages, not paths (a folder of your own installs as one: cd ${fromDir} && npm install ./that-folder)`,
    )
  }
  const name = parts[1]!
  const subpath = `.${parts[2] ?? ''}`
  let dir = resolve(fromDir)
  let pkgDir: string | null = null
  for (;;) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) {
      pkgDir = candidate
      break
    }
    const up = dirname(dir)
    if (up === dir) break
    dir = up
  }
  if (!pkgDir)
    throw new PackageLoadError(
      `"${name}" is not installed beside ${fromDir} or in a folder above it (install it there: cd ${fromDir} && npm install ${name}, or the path of its .tgz or folder)`,
    )
  const realDir = realpathSync(pkgDir)
  let manifest: Record<string, unknown>
  try {
    manifest = JSON.parse(readFileSync(join(realDir, 'package.json'), 'utf8')) as Record<string, unknown>
  } catch (err) {
    throw new PackageLoadError(`"${name}" has a package.json that cannot be read: ${(err as Error).message}`)
  }
  let target: string | null
  if (manifest.exports !== undefined) {
    target = exportsEntry(manifest.exports, subpath)
    if (!target)
      throw new PackageLoadError(`"${name}" exports nothing at "${subpath}" for import (its package.json "exports" has no node, import or default entry there)`)
    if (!target.startsWith('./')) throw new PackageLoadError(`"${name}" has an "exports" entry that is not a path inside it: ${JSON.stringify(target)}`)
  } else if (subpath !== '.') {
    target = subpath
  } else {
    target = typeof manifest.main === 'string' ? manifest.main : 'index.js'
  }
  const outside = (p: string) => {
    const rel = relative(realDir, p)
    return rel === '..' || rel.startsWith(`..${sep}`) || resolve(realDir, rel) !== p
  }
  const file = join(realDir, target)
  // Checked as written and again with links followed: either may leave the folder.
  if (outside(file)) throw new PackageLoadError(`"${name}" has an entry outside its own folder (${file}); a package's code must be inside it`)
  if (!existsSync(file)) throw new PackageLoadError(`"${name}" names ${target} as its entry, and there is no such file in ${realDir}`)
  const realFile = realpathSync(file)
  if (outside(realFile)) throw new PackageLoadError(`"${name}" has an entry outside its own folder (${realFile}); a package's code must be inside it`)
  return realFile
}

/**
 * Imports the package's default export in this thread (a subscriber taps this thread's hooks);
 * every failure is a PackageLoadError with one line. Its top-level code runs under `timeoutMs`:
 * an import that never settles is given up on (and left pending: nothing waits for it).
 */
export async function importDefault(specifier: string, fromDir: string, timeoutMs = LOAD_TIMEOUT_MS): Promise<unknown> {
  const file = resolvePackage(specifier, fromDir)
  let mod: { default?: unknown }
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new PackageLoadError(
            `"${specifier}" did not finish loading within ${timeoutMs.toLocaleString('en-US')} ms (loadTimeoutMs: ${timeoutMs}): its top-level code is still waiting`,
          ),
        ),
      timeoutMs,
    )
  })
  try {
    mod = (await Promise.race([importModule(pathToFileURL(file).href), late])) as { default?: unknown }
  } catch (err) {
    if (err instanceof PackageLoadError) throw err
    throw new PackageLoadError(`"${specifier}" threw while it loaded: ${String((err as Error)?.message ?? err).split('\n')[0]}`)
  } finally {
    clearTimeout(timer)
  }
  if (mod.default === undefined) throw new PackageLoadError(`"${specifier}" has no default export`)
  return mod.default
}

const describe = (v: unknown): string =>
  v === undefined
    ? 'nothing'
    : v === null
      ? 'null'
      : Array.isArray(v)
        ? 'a list'
        : typeof v === 'string'
          ? JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)
          : typeof v === 'object' || typeof v === 'function'
            ? `a ${typeof v}`
            : String(v)

const MAX_TIMER = 2_147_483_647
const positiveInt = (v: unknown, max = Number.MAX_SAFE_INTEGER) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= max

/**
 * Every field of a section definition that is missing or of the wrong type, by path
 * (`defaults.timeoutMs must be ...`); [] for a usable definition.
 */
export function sectionDefinitionProblems(value: unknown): string[] {
  if (!isRecord(value)) return [`the default export must be a section definition (defineSection({...})), got ${describe(value)}`]
  const problems: string[] = []
  const need = (ok: boolean, field: string, wanted: string, got: unknown) => ok || problems.push(`${field} must be ${wanted} (got ${describe(got)})`)
  need(typeof value.name === 'string' && /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(value.name), 'name', 'a kebab-case string', value.name)
  need(typeof value.title === 'string' && value.title.trim() !== '', 'title', 'a non-empty string (the heading in the handoff)', value.title)
  need(typeof value.description === 'string', 'description', 'a string', value.description)
  need(typeof value.run === 'function', 'run', 'a function (async run(ctx))', value.run)
  const d = value.defaults
  if (need(isRecord(d), 'defaults', 'a mapping with timeoutMs, budgetChars and priority', d) === true) {
    const defaults = d as Record<string, unknown>
    need(positiveInt(defaults.timeoutMs, MAX_TIMER), 'defaults.timeoutMs', `an integer from 1 to ${MAX_TIMER}`, defaults.timeoutMs)
    need(positiveInt(defaults.budgetChars), 'defaults.budgetChars', 'a positive integer', defaults.budgetChars)
    need(Number.isInteger(defaults.priority), 'defaults.priority', 'an integer', defaults.priority)
    need(defaults.options === undefined || isRecord(defaults.options), 'defaults.options', 'a mapping', defaults.options)
  }
  need(value.optionsSchema === undefined || isRecord(value.optionsSchema), 'optionsSchema', 'a JSON Schema object', value.optionsSchema)
  need(
    value.needs === undefined || (Array.isArray(value.needs) && value.needs.every((n) => typeof n === 'string')),
    'needs',
    'a list of section names',
    value.needs,
  )
  need(value.prepare === undefined || typeof value.prepare === 'function', 'prepare', 'a function (async prepare())', value.prepare)
  return problems
}

export function subscriberProblems(value: unknown): string[] {
  if (!isRecord(value)) return [`the default export must be a subscriber ({ name, apply(hooks) }), got ${describe(value)}`]
  const problems: string[] = []
  if (typeof value.name !== 'string' || value.name.trim() === '') problems.push(`name must be a non-empty string (got ${describe(value.name)})`)
  if (typeof value.apply !== 'function') problems.push(`apply must be a function (apply(hooks, options)) (got ${describe(value.apply)})`)
  return problems
}

/** A definition's shape as it came from its thread, its functions stood in for (checks only). */
const unmark = (v: unknown): unknown => {
  const stub = () => undefined
  if (v === FUNCTION_MARK) return stub
  if (!isRecord(v)) return v
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x === FUNCTION_MARK ? stub : x]))
}

/**
 * A section package: its checked definition, or why it cannot run. It is loaded in a thread of
 * its own (pipeline/section-worker.ts), and its `run` runs there: the first run in the thread
 * that loaded it, any later one in a fresh thread.
 */
export async function loadSectionPackage(specifier: string, configFile: string, timeoutMs = LOAD_TIMEOUT_MS): Promise<SectionDefinition<any>> {
  const url = pathToFileURL(resolvePackage(specifier, dirname(configFile))).href
  const start = () =>
    startSectionThread(url, timeoutMs).catch((err: unknown) => {
      throw err instanceof ThreadLoadError ? new PackageLoadError(`"${specifier}" ${err.message}`) : err
    })
  let spare: SectionThread | null = await start()
  const release = () => {
    if (spare) void spare.worker.terminate()
    spare = null
  }
  const value = unmark(spare.shape)
  const problems = sectionDefinitionProblems(value)
  if (problems.length) {
    void spare.worker.terminate()
    throw new PackageLoadError(`"${specifier}" does not default-export a usable section: ${problems.join('; ')}`)
  }
  // Its `prepare` is not offered: it would run in the thread the package loaded in, which its
  // first run takes, and a later run starts a fresh one.
  const { prepare: _prepare, ...shape } = value as SectionDefinition<any>
  const definition: SectionDefinition<any> = {
    ...shape,
    async run(ctx) {
      const thread = spare ?? (await start())
      spare = null
      return (await runInThread(thread, ctx)) as Awaited<ReturnType<SectionDefinition['run']>>
    },
  }
  releasers.set(definition, release)
  return definition
}

/** What ends a loaded package's idle thread, by its definition. */
const releasers = new WeakMap<SectionDefinition<any>, () => void>()

/** Ends the thread a package section loaded in, if no run took it (a disabled section, a config
 *  that failed after the load): an idle worker would keep the process alive. */
export function releaseSection(definition: SectionDefinition<any>): void {
  releasers.get(definition)?.()
}

export async function loadSubscriberPackage(specifier: string, configFile: string, timeoutMs = LOAD_TIMEOUT_MS): Promise<Subscriber> {
  const value = await importDefault(specifier, dirname(configFile), timeoutMs)
  const problems = subscriberProblems(value)
  if (problems.length) throw new PackageLoadError(`"${specifier}" does not default-export a usable subscriber: ${problems.join('; ')}`)
  return value as Subscriber
}
