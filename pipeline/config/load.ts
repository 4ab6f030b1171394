/**
 * The resolved config: the default file, extended by each later one, with every section resolved
 * against its definition. Issues from all files are collected and thrown once (ConfigError);
 * the engine path uses the lenient form, where a broken override falls back to the default.
 */
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { ResolvedConfig, SectionDefinition, SectionPlan, SubscriberPlan } from '../types.ts'
import { type ConfigIssue, ConfigError, didYouMean } from './format.ts'
import {
  type ConfigFile,
  type ConfigSource,
  type SectionEntry,
  issuesFromAjv,
  NAME_PATTERN,
  readConfigFile,
  schema,
  type Segment,
  validateOptions,
} from './validate.ts'

export { ConfigError, type ConfigIssue, type ConfigSource }
export { formatIssue, formatIssues, formatReport } from './format.ts'

export const CONFIG_FILE_NAME = 'pipeline.config.yaml'

/**
 * The default config in a given root (the repo, or the plugin folder once bundled). The caller
 * says where: a bundle's import.meta.url says nothing reliable about where the YAML lives.
 */
export function defaultConfigPath(root: string): string {
  return join(root, CONFIG_FILE_NAME)
}

/** The user's override file: `$COMPACT_HANDOFF_CONFIG`, else ~/.claude/compact-handoff/pipeline.config.yaml. */
export function userConfigPath(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  return env.COMPACT_HANDOFF_CONFIG || join(home, '.claude', 'compact-handoff', CONFIG_FILE_NAME)
}

/** The user's override as a source: optional unless the env var names it explicitly. */
export function userConfigSource(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): ConfigSource {
  return { path: userConfigPath(env, home), optional: !env.COMPACT_HANDOFF_CONFIG }
}

export interface LoadOptions {
  /** The default file first, then each file that extends it. A bare string must exist. */
  files: ReadonlyArray<string | ConfigSource>
  /** Built-in sections by name. */
  builtins: Readonly<Record<string, SectionDefinition<any>>>
  /** Sections loaded from `package:`, by package name; their defaults and optionsSchema apply. */
  packages?: Readonly<Record<string, SectionDefinition<any>>>
}

/**
 * Reads, merges and resolves; throws ConfigError with every issue of every file.
 *
 * A `package:` section not found in `opts.packages` gets `definition: null`, `declaredIn` (the
 * file that named the package) and 0 for each limit the config leaves unset: the package's
 * own defaults fill those. Loading again with the package in `packages` does that here, and
 * checks its options with file:line:col like a built-in's.
 */
export function loadConfig(opts: LoadOptions): ResolvedConfig {
  const { config, issues } = resolveConfig(opts)
  if (issues.length > 0) throw new ConfigError(issues)
  return config
}

/**
 * For the engine: a broken override never breaks a compaction. When only override files have
 * issues, the default file runs alone and the issues come back as `problems` to report. A broken
 * default still throws.
 */
export function loadConfigLenient(opts: LoadOptions): { config: ResolvedConfig; problems: ConfigIssue[] } {
  const full = resolveConfig(opts)
  if (full.issues.length === 0) return { config: full.config, problems: [] }
  const defaultFile = sourceOf(opts.files[0]!).path
  if (full.issues.some((i) => i.file === defaultFile)) throw new ConfigError(full.issues)
  const alone = resolveConfig({ ...opts, files: opts.files.slice(0, 1) })
  if (alone.issues.length > 0) throw new ConfigError(alone.issues)
  return { config: alone.config, problems: full.issues }
}

const sourceOf = (s: string | ConfigSource): ConfigSource => (typeof s === 'string' ? { path: s } : s)

/** sections[index] of a file. */
interface Place {
  file: ConfigFile
  index: number
}

/** One section's settings merged over every file that names it. */
interface MergedSection extends Omit<SectionEntry, 'options'> {
  options: Record<string, unknown>
  /** The entry that introduced the name (where "unknown section" points). */
  first: Place
  /** The last entry naming it, and the last one with options: where option errors fall back to. */
  last: Place
  /** The entry that set `package` last (the package resolves from that file). */
  packagePlace?: Place
  lastOptions?: Place
  /** Which entry wrote each option key last, so an option error points into that file. */
  optionPlaces: Map<string, Place>
}

const SCALAR_FIELDS = ['package', 'enabled', 'timeoutMs', 'budgetChars', 'priority'] as const

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** Reads, merges and resolves without throwing: the config as far as it goes, and every issue. */
export function resolveConfig(opts: LoadOptions): { config: ResolvedConfig; issues: ConfigIssue[] } {
  if (opts.files.length === 0) throw new TypeError('loadConfig needs at least the default config file')
  const issues: ConfigIssue[] = []
  const files: ConfigFile[] = []
  for (const source of opts.files.map(sourceOf)) {
    const read = readConfigFile(source)
    if (read === null) continue
    if ('doc' in read) {
      files.push(read)
      issues.push(...read.issues)
    } else issues.push(read)
  }

  const limits = {
    concurrency: schema.properties.concurrency.default,
    maxChars: schema.properties.handoff.properties.maxChars.default,
    maxFraction: schema.properties.handoff.properties.maxFraction.default,
    lateShare: schema.properties.handoff.properties.lateShare.default,
    seamTimeoutMs: schema.properties.seamTimeoutMs.default,
    loadTimeoutMs: schema.properties.loadTimeoutMs.default,
  }
  // By package: a later file naming one again replaces its options and is where it resolves from.
  const plugins = new Map<string, SubscriberPlan>()
  const merged = new Map<string, MergedSection>()
  for (const file of files) {
    // Values of the wrong type are merged as they are: the file already has an issue for them,
    // and merging the rest lets every other issue surface in the same run.
    const data = file.data
    if (data.concurrency !== undefined) limits.concurrency = data.concurrency
    if (data.seamTimeoutMs !== undefined) limits.seamTimeoutMs = data.seamTimeoutMs
    if (data.loadTimeoutMs !== undefined) limits.loadTimeoutMs = data.loadTimeoutMs
    if (Array.isArray(data.plugins)) {
      for (const entry of data.plugins) {
        if (!isRecord(entry) || typeof entry.package !== 'string') continue
        plugins.delete(entry.package)
        plugins.set(entry.package, { package: entry.package, declaredIn: file.file, options: isRecord(entry.options) ? entry.options : {} })
      }
    }
    if (isRecord(data.handoff)) {
      if (data.handoff.maxChars !== undefined) limits.maxChars = data.handoff.maxChars
      if (data.handoff.maxFraction !== undefined) limits.maxFraction = data.handoff.maxFraction
      if (data.handoff.lateShare !== undefined) limits.lateShare = data.handoff.lateShare
    }
    if (Array.isArray(data.sections)) issues.push(...mergeSections(file, merged))
  }

  const sections: SectionPlan[] = []
  for (const section of merged.values()) {
    const { plan, issues: found } = planSection(section, opts)
    sections.push(plan)
    issues.push(...found)
  }

  const order = new Map(files.map((f, i) => [f.file, i]))
  const rank = (i: ConfigIssue) => order.get(i.file) ?? -1
  issues.sort((a, b) => rank(a) - rank(b) || a.line - b.line || a.col - b.col)
  return { config: { files: files.map((f) => f.file), ...limits, sections, plugins: [...plugins.values()] }, issues }
}

/** A name already seen updates that section; a new name is appended in its order. */
function mergeSections(file: ConfigFile, merged: Map<string, MergedSection>): ConfigIssue[] {
  const issues: ConfigIssue[] = []
  const firstIndex = new Map<string, number>()
  file.data.sections!.forEach((entry, index) => {
    if (!isRecord(entry) || typeof entry.name !== 'string') return
    const place = { file, index }
    const prior = firstIndex.get(entry.name)
    if (prior !== undefined) {
      const { line } = file.positionOf(['sections', prior, 'name'])
      issues.push(
        file.issueAt(['sections', index, 'name'], `section "${entry.name}" is listed twice in this file (first at line ${line})`, {
          hint: 'list a section once per file; a later file updates it by naming it again',
        }),
      )
      return
    }
    firstIndex.set(entry.name, index)
    let section = merged.get(entry.name)
    if (!section) {
      section = { name: entry.name, options: {}, first: place, last: place, optionPlaces: new Map() }
      merged.set(entry.name, section)
    }
    section.last = place
    for (const field of SCALAR_FIELDS) {
      if (entry[field] !== undefined) Object.assign(section, { [field]: entry[field] })
    }
    if (entry.package !== undefined) section.packagePlace = place
    if (isRecord(entry.options)) {
      section.lastOptions = place
      for (const [key, value] of Object.entries(entry.options)) {
        section.options[key] = value
        section.optionPlaces.set(key, place)
      }
    }
  })
  return issues
}

function planSection(section: MergedSection, opts: LoadOptions): { plan: SectionPlan; issues: ConfigIssue[] } {
  const issues: ConfigIssue[] = []
  const fromPackage = typeof section.package === 'string'
  // Own keys only: a section named "toString" or "constructor" is unknown, not Object.prototype's.
  const own = <T>(table: Readonly<Record<string, T>> | undefined, key: string): T | null => (table && Object.hasOwn(table, key) ? table[key]! : null)
  const definition = fromPackage ? own(opts.packages, section.package!) : own(opts.builtins, section.name)
  const namePath = ['sections', section.first.index, 'name']

  // A name the schema rejected already has its issue; a second one would only repeat it.
  if (!definition && !fromPackage && NAME_PATTERN.test(section.name)) {
    const builtins = Object.keys(opts.builtins)
    const suggestion = didYouMean(section.name, builtins)
    issues.push(
      section.first.file.issueAt(namePath, `unknown section "${section.name}"${suggestion ? ` — did you mean "${suggestion}"?` : ''}`, {
        hint: `built-in sections: ${builtins.join(', ') || '(none)'}; a section from npm also needs \`package: <npm name>\``,
      }),
    )
  }

  const options = { ...(definition?.defaults.options as Record<string, unknown> | undefined), ...section.options }
  if (definition?.optionsSchema) {
    const errors = validateOptions(definition.optionsSchema, options, { checkSchema: fromPackage })
    if (errors instanceof Error) {
      issues.push(section.first.file.issueAt(namePath, `section "${section.name}" has an optionsSchema that does not compile: ${errors.message}`))
    } else {
      issues.push(...issuesFromAjv(errors, (segments) => locateOption(section, segments)))
    }
  }

  const defaults = definition?.defaults ?? { timeoutMs: 0, budgetChars: 0, priority: 0 }
  const plan: SectionPlan = {
    name: section.name,
    enabled: section.enabled ?? true,
    timeoutMs: section.timeoutMs ?? defaults.timeoutMs,
    budgetChars: section.budgetChars ?? defaults.budgetChars,
    priority: section.priority ?? defaults.priority,
    options,
    definition,
  }
  if (fromPackage) {
    plan.package = section.package!
    plan.declaredIn = (section.packagePlace ?? section.first).file.file
  }
  return { plan, issues }
}

/** An option error lands on the entry that wrote that key last, else on the last entry with options. */
function locateOption(section: MergedSection, segments: Segment[]) {
  const key = segments[0]
  const place = (typeof key === 'string' ? section.optionPlaces.get(key) : undefined) ?? section.lastOptions ?? section.last
  const path = ['sections', place.index, 'options', ...segments]
  return { file: place.file, path, label: place.file.label(path) }
}
