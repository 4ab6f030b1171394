/**
 * The one place a handoff is built, for both front doors (the CLI's `build` and the engine's
 * child): resolve the config, load third-party sections, run the pipeline. The built-in sections
 * are handed in by the caller (sections/index.ts): the core imports no section.
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Capabilities } from './capabilities.ts'
import { type ConfigIssue, type ConfigSource, loadConfig, loadConfigLenient, resolveConfig, userConfigSource } from './config/load.ts'
import { createPipeline, type Pipeline, type Subscriber } from './pipeline.ts'
import type { HandoffResult, PipelineInput, ResolvedConfig, SectionDefinition, SectionPlan } from './types.ts'
import { loadSectionPackage, loadSubscriberPackage, PackageLoadError, releaseSection } from './packages.ts'

/** The default pipeline: beside the bundle (plugin/dist/) or at the repo root (running from source). */
export function defaultConfigFile(): string {
  const here = dirname(fileURLToPath(import.meta.url))
  const candidates = [join(here, 'pipeline.config.yaml'), join(here, '..', 'pipeline.config.yaml')]
  return candidates.find((p) => existsSync(p)) ?? candidates[1]!
}

/**
 * The default, then the user's override, then any file named explicitly. The override at its usual
 * place is optional; one that COMPACT_HANDOFF_CONFIG names must exist (a missing one is an error
 * said as such, not silently a default run).
 */
export function configFiles(explicit: string[] = [], env: NodeJS.ProcessEnv = process.env): Array<string | ConfigSource> {
  return [defaultConfigFile(), userConfigSource(env), ...explicit]
}

/**
 * Third-party sections: each `package:` in the config, resolved from the file that named it.
 * A package that cannot be loaded stays a plan with `loadError` (dropped as SECTION_LOAD_FAILED);
 * the run goes on.
 */
export async function importPackages(config: ResolvedConfig): Promise<{ loaded: Record<string, SectionDefinition<any>>; failed: Record<string, string> }> {
  // No prototype: a package named "constructor" must not find Object's.
  const loaded: Record<string, SectionDefinition<any>> = Object.create(null)
  const failed: Record<string, string> = Object.create(null)
  for (const plan of config.sections) {
    if (plan.definition || !plan.package || plan.package in loaded || plan.package in failed) continue
    try {
      loaded[plan.package] = await loadSectionPackage(plan.package, plan.declaredIn ?? join(process.cwd(), 'pipeline.config.yaml'), config.loadTimeoutMs)
    } catch (err) {
      failed[plan.package] =
        `package ${err instanceof PackageLoadError ? err.message : `"${plan.package}" could not be loaded: ${String((err as Error)?.message ?? err)}`}`
    }
  }
  return { loaded, failed }
}

/** Each `plugins:` subscriber, loaded and applied, then the host's own; one that fails is recorded
 *  on the run, never fatal. */
async function subscribe(pipeline: Pipeline, config: ResolvedConfig, hosts: Subscriber[]): Promise<void> {
  for (const plan of config.plugins ?? []) {
    try {
      pipeline.subscribe(await loadSubscriberPackage(plan.package, plan.declaredIn, config.loadTimeoutMs), plan.options)
    } catch (err) {
      pipeline.noteSubscriberFailure(plan.package, 'load', `package ${err instanceof PackageLoadError ? err.message : String((err as Error)?.message ?? err)}`)
    }
  }
  for (const subscriber of hosts) pipeline.subscribe(subscriber)
}

export interface BuildOptions {
  input: PipelineInput
  /** The sections a config may name without a package (sections/index.ts `builtinSections`). */
  builtins: Record<string, SectionDefinition<any>>
  capabilities: Capabilities
  configFiles: Array<string | ConfigSource>
  /** Engine path: a broken override falls back to the default pipeline and is reported. */
  lenient: boolean
  signal?: AbortSignal
  /** Subscribers the host brings, applied after the config's `plugins:` (the engine seam's: one
   *  per plugin that subscribed through `$.compactHandoff`, engine/seam-subscribers.ts). */
  subscribers?: Subscriber[]
  /** Lets a caller tap the pipeline's hooks before it runs (tests, subscribers). */
  tap?: (pipeline: Pipeline) => void
}

/**
 * Starts each enabled section's `prepare` under the config the files make (read leniently: a
 * broken file is reported by the build itself), and resolves once all have settled. A failure is
 * the section's to meet again when it runs.
 */
export async function prepareSections(opts: Pick<BuildOptions, 'builtins' | 'configFiles'>): Promise<void> {
  let plans: SectionPlan[]
  try {
    plans = loadConfigLenient({ files: opts.configFiles, builtins: opts.builtins, packages: {} }).config.sections
  } catch {
    return
  }
  await Promise.all(
    plans.map((p) =>
      p.enabled && p.definition?.prepare
        ? Promise.resolve()
            .then(() => p.definition!.prepare!())
            .catch(() => undefined)
        : undefined,
    ),
  )
}

/**
 * The problems `buildHandoff` (lenient) will report for these files, known before it runs, for a
 * host that tells the person at once rather than when the build ends. Null when that cannot be
 * known without loading packages (a config naming a package section), or the default is broken.
 */
export function configProblemsAhead(opts: Pick<BuildOptions, 'builtins' | 'configFiles'>): ConfigIssue[] | null {
  try {
    const first = resolveConfig({ files: opts.configFiles, builtins: opts.builtins })
    if (first.config.sections.some((p) => p.package)) return null
    return first.issues.length ? loadConfigLenient({ files: opts.configFiles, builtins: opts.builtins, packages: {} }).problems : []
  } catch {
    return null
  }
}

export async function buildHandoff(opts: BuildOptions): Promise<{ result: HandoffResult; configProblems: ConfigIssue[] }> {
  const load = (packages: Record<string, SectionDefinition<any>>) =>
    opts.lenient
      ? loadConfigLenient({ files: opts.configFiles, builtins: opts.builtins, packages })
      : { config: loadConfig({ files: opts.configFiles, builtins: opts.builtins, packages }), problems: [] }
  // The packages are found from a first reading, issues or not, so that the load below reports
  // every problem at once: the files' own and each package section's options. Without packages
  // and issues, the first reading is the config (a compaction's child parses its files once).
  const first = resolveConfig({ files: opts.configFiles, builtins: opts.builtins })
  const hasPackages = first.config.sections.some((p) => p.package)
  const { loaded, failed } = hasPackages ? await importPackages(first.config) : { loaded: {}, failed: {} as Record<string, string> }
  try {
    const { config: read, problems: configProblems } = hasPackages || first.issues.length ? load(loaded) : { config: first.config, problems: [] }
    const config = {
      ...read,
      sections: read.sections.map((p) => (p.package && failed[p.package] ? { ...p, loadError: failed[p.package] } : p)),
    }
    const pipeline = createPipeline(config)
    await subscribe(pipeline, config, opts.subscribers ?? [])
    opts.tap?.(pipeline)
    const result = await pipeline.run(opts.input, opts.capabilities, { signal: opts.signal })
    return { result, configProblems }
  } finally {
    // A package section no run took still holds its thread.
    for (const definition of Object.values(loaded)) releaseSection(definition)
  }
}
