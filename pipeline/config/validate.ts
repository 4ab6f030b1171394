/**
 * One config file checked on its own: YAML syntax, then ajv against schema.json, every issue placed
 * at its YAML node. Also checks a section's options against its optionsSchema, and turns ajv's
 * errors into path-first messages that quote the schema's description.
 */
import { readFileSync } from 'node:fs'
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv'
import type { Document, LineCounter } from 'yaml'
import type { JsonSchema } from '../types.ts'
import { type ConfigIssue, didYouMean, frameAt, showValue } from './format.ts'
import { ajv as loadAjv, yaml } from './lazy.ts'
import { precompiled } from './precompiled.ts'
import schema from './schema.json' with { type: 'json' }

export { schema }

/** A config file to read; a missing optional one (the user's override) is skipped silently. */
export interface ConfigSource {
  path: string
  optional?: boolean
}

/** A `sections` entry as written; every field but `name` falls back to the section's defaults. */
export interface SectionEntry {
  name: string
  package?: string
  enabled?: boolean
  timeoutMs?: number
  budgetChars?: number
  priority?: number
  options?: Record<string, unknown>
}

/** One file's content; trusted only when the file has no issues. */
export interface ConfigFileData {
  concurrency?: number
  seamTimeoutMs?: number
  loadTimeoutMs?: number
  handoff?: { maxChars?: number; maxFraction?: number; lateShare?: number }
  plugins?: Array<{ package: string; options?: Record<string, unknown> }>
  sections?: SectionEntry[]
}

export type Segment = string | number

/** A section name as the schema accepts it (kebab-case). */
export const NAME_PATTERN = new RegExp(schema.definitions.section.properties.name.pattern)

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** A parsed config file: its YAML document, what it holds, and the issues found in it so far. */
export class ConfigFile {
  readonly data: ConfigFileData = {}
  readonly issues: ConfigIssue[] = []
  private readonly names: Map<number, string>
  private parsed?: { doc: Document; lineCounter: LineCounter }

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    // The bundled default, as it was when the bundle was built: its content was read and checked
    // then (build.mjs), so it is taken as it is, and parsed again only if an issue must be placed.
    const known = precompiled.defaultConfig
    if (known && text === known.text) {
      this.data = structuredClone(known.data)
      this.names = this.uniqueSectionNames()
      return
    }
    for (const e of this.doc.errors) {
      this.issues.push(this.issueAtOffset(e.pos[0], e.pos[1], `YAML syntax: ${e.message}`))
    }
    // A document with syntax errors parses to a guess; checking the guess would only add noise.
    let value: unknown = null
    if (this.issues.length === 0) {
      try {
        value = this.doc.toJS()
      } catch (err) {
        this.issues.push(this.issueAtOffset(0, 0, `YAML: ${(err as Error).message}`))
      }
    }
    if (isRecord(value)) this.data = value as ConfigFileData
    this.names = this.uniqueSectionNames()
    // An empty file (or only comments) is a valid "no changes".
    if (this.issues.length === 0 && value !== null) {
      this.issues.push(...issuesFromAjv(validateFileSchema(value), (segments) => ({ file: this, path: segments, label: this.label(segments) })))
    }
  }

  /** The YAML document, with the line counter that places its nodes; parsed on first use. */
  get doc(): Document {
    return this.yaml.doc
  }

  get lineCounter(): LineCounter {
    return this.yaml.lineCounter
  }

  private get yaml(): { doc: Document; lineCounter: LineCounter } {
    if (!this.parsed) {
      const { LineCounter, parseDocument } = yaml()
      const lineCounter = new LineCounter()
      this.parsed = { doc: parseDocument(this.text, { lineCounter, prettyErrors: false }), lineCounter }
    }
    return this.parsed
  }

  /** The issue at the YAML node for `path`, or at the key `key` of the mapping there. */
  issueAt(path: readonly Segment[], message: string, opts: { key?: string; hint?: string } = {}): ConfigIssue {
    const [start, end] = this.rangeOf(path, opts.key)
    return this.issueAtOffset(start, end, message, opts.hint)
  }

  /** line:col of the node for `path` (or of its nearest existing parent). */
  positionOf(path: readonly Segment[]): { line: number; col: number } {
    return this.lineCounter.linePos(this.rangeOf(path)[0])
  }

  /** `sections.turns.timeoutMs` when the entry has a usable name, else `sections[1].timeoutMs`. */
  label(path: readonly Segment[]): string {
    if (path.length === 0) return 'the config'
    let out = ''
    path.forEach((s, i) => {
      const name = i === 1 && path[0] === 'sections' && typeof s === 'number' ? this.names.get(s) : undefined
      if (name) out += `.${name}`
      else if (typeof s === 'number') out += `[${s}]`
      else if (/^[A-Za-z_$][\w$-]*$/.test(s)) out += out ? `.${s}` : s
      else out += `[${JSON.stringify(s)}]`
    })
    return out
  }

  private issueAtOffset(start: number, end: number, message: string, hint?: string): ConfigIssue {
    const from = this.lineCounter.linePos(start)
    const to = this.lineCounter.linePos(end)
    const issue: ConfigIssue = { file: this.file, line: from.line, col: from.col, message, frame: this.text ? frameAt(this.text, from, to) : '' }
    if (hint) issue.hint = hint
    return issue
  }

  private rangeOf(path: readonly Segment[], key?: string): [number, number] {
    const { isMap, isNode, isScalar } = yaml()
    // Walk up to the nearest node that exists: a missing key is reported at its parent.
    let node: unknown
    for (let n = path.length; n >= 0; n--) {
      node = n === 0 ? this.doc.contents : this.doc.getIn(path.slice(0, n), true)
      if (isNode(node)) break
    }
    if (key !== undefined && isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === key)
      if (pair && isNode(pair.key) && pair.key.range) return [pair.key.range[0], pair.key.range[1]]
    }
    if (isNode(node) && node.range) return [node.range[0], node.range[1]]
    return [0, 0]
  }

  /** Names usable in labels: valid, and listed once in this file. */
  private uniqueSectionNames(): Map<number, string> {
    const out = new Map<number, string>()
    const sections = this.data.sections
    if (!Array.isArray(sections)) return out
    const names = sections.map((s) => (isRecord(s) && typeof s.name === 'string' && NAME_PATTERN.test(s.name) ? s.name : undefined))
    names.forEach((name, i) => {
      if (name && names.indexOf(name) === names.lastIndexOf(name)) out.set(i, name)
    })
    return out
  }
}

/**
 * Reads and checks one file. A missing file is an issue unless the source is optional (then
 * null); an unreadable one is always an issue.
 */
export function readConfigFile(source: ConfigSource): ConfigFile | ConfigIssue | null {
  let text: string
  try {
    text = readFileSync(source.path, 'utf8')
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ENOENT' && source.optional) return null
    const message = code === 'ENOENT' ? 'config file not found' : `config file cannot be read: ${(err as Error).message}`
    return { file: source.path, line: 0, col: 0, message, frame: '' }
  }
  return new ConfigFile(source.path, text)
}

// One ajv, made on first use: a Node child starts per compaction, and a second instance costs
// it ~10 ms. Not strict, because section schemas are third-party too; a test compiles schema.json
// and every built-in section's optionsSchema strictly instead. For the same reason ajv does not
// check our own schemas against the JSON Schema meta-schema on every start (compiling that
// meta-schema was half of the config's cost in the CLI bench): only a package section's schema,
// which no test of ours has seen, is checked before it is compiled.
let ajv: Ajv | undefined
let fileValidator: ValidateFunction | undefined
const optionsValidators = new WeakMap<JsonSchema, ValidateFunction | Error>()

/** An ajv as every schema is compiled, at run time and ahead of time (./precompile.ts) alike. */
export function configAjv(code?: { source: boolean; esm: boolean }): Ajv {
  const made = new (loadAjv().Ajv)({ allErrors: true, verbose: true, strict: false, validateSchema: false, ...(code ? { code } : {}) })
  // `expected` is an annotation read by the messages below, not a check.
  made.addKeyword({ keyword: 'expected', schemaType: 'string' })
  return made
}

function sharedAjv(): Ajv {
  ajv ??= configAjv()
  return ajv
}

function validateFileSchema(value: unknown): ErrorObject[] {
  fileValidator ??= precompiled.file ?? sharedAjv().compile(schema)
  return fileValidator(value) ? [] : [...(fileValidator.errors ?? [])]
}

/**
 * A section's options against its optionsSchema (draft-07): [] when valid, or the schema's own
 * error when it does not compile. `checkSchema`: check the schema against the meta-schema first
 * (a package section's, which none of our tests has compiled).
 */
export function validateOptions(optionsSchema: JsonSchema, options: Record<string, unknown>, { checkSchema = true } = {}): ErrorObject[] | Error {
  let validate = optionsValidators.get(optionsSchema)
  if (!validate) {
    validate = precompiled.options.get(JSON.stringify(optionsSchema)) ?? compileOptionsSchema(optionsSchema, checkSchema)
    optionsValidators.set(optionsSchema, validate)
  }
  if (validate instanceof Error) return validate
  return validate(options) ? [] : [...(validate.errors ?? [])]
}

function compileOptionsSchema(optionsSchema: JsonSchema, checkSchema: boolean): ValidateFunction | Error {
  const ajv = sharedAjv()
  try {
    if (checkSchema && !ajv.validateSchema(optionsSchema)) return new Error(`schema is invalid: ${ajv.errorsText(ajv.errors)}`)
    return ajv.compile(optionsSchema)
  } catch (err) {
    return err as Error
  }
}

/** Where an error at some instance path lands: the file, the YAML path in it, and its label. */
export type Locate = (segments: Segment[]) => { file: ConfigFile; path: Segment[]; label: string }

const VALUE_KEYWORDS = new Set([
  'type',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'enum',
  'const',
  'pattern',
  'minLength',
  'maxLength',
  'format',
  'minItems',
  'maxItems',
])

/** ajv's errors as issues: one per value (ajv may raise several), keys placed at the key. */
export function issuesFromAjv(errors: readonly ErrorObject[], locate: Locate): ConfigIssue[] {
  const issues: ConfigIssue[] = []
  const valuesSeen = new Set<string>()
  for (const err of errors) {
    const segments = pointerSegments(err.instancePath)
    const at = locate(segments)
    const parent = (err.parentSchema ?? {}) as Record<string, unknown>
    const properties = isRecord(parent.properties) ? parent.properties : {}
    if (err.keyword === 'additionalProperties') {
      // Located as the key's own path, so merged options land in the file that wrote the key.
      const key = String(err.params.additionalProperty)
      const own = locate([...segments, key])
      const known = Object.keys(properties)
      const suggestion = didYouMean(key, known)
      const message = `${own.label} is not a known key${suggestion ? ` — did you mean "${suggestion}"?` : ''}`
      const where = at.label === 'the config' ? 'at the top level' : `in ${at.label}`
      const hint = known.length ? `known keys ${where}: ${known.join(', ')}` : undefined
      issues.push(own.file.issueAt(own.path.slice(0, -1), message, { key, ...(hint ? { hint } : {}) }))
    } else if (err.keyword === 'required') {
      const missing = String(err.params.missingProperty)
      const property = properties[missing]
      const description = isRecord(property) && typeof property.description === 'string' ? property.description : undefined
      const hint = description ? `${missing}: ${description}` : undefined
      issues.push(at.file.issueAt(at.path, `${at.label} is missing "${missing}"`, hint ? { hint } : {}))
    } else if (VALUE_KEYWORDS.has(err.keyword)) {
      if (valuesSeen.has(err.instancePath)) continue
      valuesSeen.add(err.instancePath)
      const wanted = expected(parent)
      const got = `(got ${showValue(err.data)})`
      const message = wanted ? `${at.label} must be ${wanted} ${got}` : `${at.label} ${err.message ?? 'is invalid'} ${got}`
      const last = segments[segments.length - 1]
      const hint = typeof parent.description === 'string' && typeof last === 'string' ? `${last}: ${parent.description}` : undefined
      issues.push(at.file.issueAt(at.path, message, hint ? { hint } : {}))
    } else {
      issues.push(at.file.issueAt(at.path, `${at.label} ${err.message ?? 'is invalid'}`))
    }
  }
  return issues
}

function pointerSegments(pointer: string): Segment[] {
  if (!pointer) return []
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s))
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined)

/** What a schema node accepts, in words: "a positive integer", "a number greater than 0 and at most 1". */
export function expected(s: Record<string, unknown>): string | undefined {
  if (typeof s.expected === 'string') return s.expected
  if (Array.isArray(s.enum)) return `one of ${s.enum.map(showValue).join(', ')}`
  if ('const' in s) return showValue(s.const)
  const type = s.type
  if (Array.isArray(type)) {
    const each = type.map((t) => expected({ type: t }))
    return each.every(Boolean) ? each.join(' or ') : undefined
  }
  if (type === 'integer' || type === 'number') {
    const min = num(s.minimum)
    const max = num(s.maximum)
    const xmin = num(s.exclusiveMinimum)
    const xmax = num(s.exclusiveMaximum)
    const bounded = [min, max, xmin, xmax].filter((b) => b !== undefined).length
    if (type === 'integer' && bounded === 1 && min === 1) return 'a positive integer'
    if (type === 'integer' && bounded === 1 && min === 0) return 'a non-negative integer'
    if (type === 'integer' && bounded === 2 && min !== undefined && max !== undefined) return `an integer from ${min} to ${max}`
    const bounds = [
      xmin !== undefined && `greater than ${xmin}`,
      min !== undefined && `at least ${min}`,
      max !== undefined && `at most ${max}`,
      xmax !== undefined && `less than ${xmax}`,
    ].filter((b): b is string => typeof b === 'string')
    return `${type === 'integer' ? 'an integer' : 'a number'}${bounds.length ? ` ${bounds.join(' and ')}` : ''}`
  }
  if (type === 'boolean') return 'true or false'
  if (type === 'string') {
    if (typeof s.pattern === 'string') return `a string matching /${s.pattern}/`
    if (s.minLength === 1) return 'a non-empty string'
    return 'a string'
  }
  if (type === 'object') return 'a mapping'
  if (type === 'array') return 'a list'
  if (type === 'null') return 'null'
  return undefined
}
