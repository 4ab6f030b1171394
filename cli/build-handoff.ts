/**
 * The one place a handoff is built, for both front doors (the CLI's `build` and the engine's
 * child): resolve the config, load third-party sections, run the pipeline.
 */
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { Capabilities } from '../pipeline/capabilities.ts'
import { type ConfigIssue, type ConfigSource, loadConfig, loadConfigLenient, userConfigSource } from '../pipeline/config/load.ts'
import { createPipeline, type Pipeline } from '../pipeline/pipeline.ts'
import type { HandoffResult, PipelineInput, ResolvedConfig, SectionDefinition } from '../pipeline/types.ts'
import { builtinSections } from '../sections/index.ts'

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

function isSection(value: unknown): value is SectionDefinition<any> {
  const v = value as SectionDefinition<any> | null
  return !!v && typeof v.name === 'string' && typeof v.run === 'function' && typeof v.defaults === 'object'
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
    if (plan.definition || !plan.package || plan.package in loaded) continue
    try {
      const from = plan.declaredIn ?? join(process.cwd(), 'pipeline.config.yaml')
      const resolved = createRequire(from).resolve(plan.package)
      const mod = (await import(pathToFileURL(resolved).href)) as { default?: unknown }
      if (isSection(mod.default)) loaded[plan.package] = mod.default
      else failed[plan.package] = `package "${plan.package}" does not default-export a section (defineSection({...}))`
    } catch (err) {
      const e = err as NodeJS.ErrnoException
      const hint = e.code === 'MODULE_NOT_FOUND' ? ` (install it beside ${plan.declaredIn ?? 'the config'}: npm install ${plan.package})` : ''
      failed[plan.package] = `package "${plan.package}" could not be loaded: ${e.message.split('\n')[0]}${hint}`
    }
  }
  return { loaded, failed }
}

export interface BuildOptions {
  input: PipelineInput
  capabilities: Capabilities
  configFiles: Array<string | ConfigSource>
  /** Engine path: a broken override falls back to the default pipeline and is reported. */
  lenient: boolean
  signal?: AbortSignal
  /** Lets a caller tap the pipeline's hooks before it runs (tests, subscribers). */
  tap?: (pipeline: Pipeline) => void
}

export async function buildHandoff(opts: BuildOptions): Promise<{ result: HandoffResult; configProblems: ConfigIssue[] }> {
  const load = (packages: Record<string, SectionDefinition<any>>) =>
    opts.lenient
      ? loadConfigLenient({ files: opts.configFiles, builtins: builtinSections, packages })
      : { config: loadConfig({ files: opts.configFiles, builtins: builtinSections, packages }), problems: [] }
  let { config, problems: configProblems } = load({})
  if (config.sections.some((p) => p.package && !p.definition)) {
    // Loaded again with the packages, so their defaults apply and their options are checked
    // with file:line:col like a built-in's.
    const { loaded, failed } = await importPackages(config)
    ;({ config, problems: configProblems } = load(loaded))
    config = {
      ...config,
      sections: config.sections.map((p) => (p.package && failed[p.package] ? { ...p, loadError: failed[p.package] } : p)),
    }
  }
  const pipeline = createPipeline(config)
  opts.tap?.(pipeline)
  const result = await pipeline.run(opts.input, opts.capabilities, { signal: opts.signal })
  return { result, configProblems }
}
