/**
 * Golden tests: a folder per case under test/fixtures/config/ with input.yaml (and override.yaml,
 * which extends it) beside expected.txt, the exact output. `UPDATE_GOLDEN=1` rewrites them.
 */
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { test } from 'node:test'
import { Ajv, type ValidateFunction } from 'ajv'
import { parse, stringify } from 'yaml'
import { builtinSections } from '../../sections/index.ts'
import { repoRoot } from '../../test/shared.ts'
import type { ResolvedConfig, SectionDefinition } from '../types.ts'
import { ConfigError, formatReport } from './format.ts'
import { precompiledModule } from './precompile.ts'
import { defaultConfigPath, loadConfig, loadConfigLenient, userConfigPath, userConfigSource } from './load.ts'
import schema from './schema.json' with { type: 'json' }
import { configAjv } from './validate.ts'

const casesDir = join(repoRoot, 'test', 'fixtures', 'config')

const section = (name: string, def: Partial<SectionDefinition>): SectionDefinition => ({
  name,
  title: name,
  description: `the ${name} section`,
  defaults: { timeoutMs: 5000, budgetChars: 8000, priority: 50 },
  run: async () => null,
  ...def,
})

/** Small stand-ins for the built-ins, so the goldens do not move when a real section changes. */
const builtins: Record<string, SectionDefinition> = {
  turns: section('turns', {
    defaults: { timeoutMs: 5000, budgetChars: 16000, priority: 80, options: { maxTurnChars: 6000 } },
    optionsSchema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        maxTurnChars: { type: 'integer', minimum: 200, description: 'a longer turn is clipped in the middle' },
        carried: { type: 'boolean', description: 'include turns an earlier handoff carried' },
      },
    },
  }),
  ledger: section('ledger', {
    defaults: { timeoutMs: 2000, budgetChars: 6000, priority: 40, options: { source: 'transcript' } },
    // `required` is met by the defaults: a config that leaves it out is fine.
    optionsSchema: {
      type: 'object',
      required: ['source'],
      properties: { source: { enum: ['git', 'transcript'], description: 'where the ledger reads changes from' } },
    },
  }),
}

/** A resolved config as the goldens show it: paths relative to the case, definitions by kind. */
function renderConfig(config: ResolvedConfig, dir: string): string {
  return stringify({
    files: config.files.map((f) => relative(dir, f)),
    concurrency: config.concurrency,
    maxChars: config.maxChars,
    maxFraction: config.maxFraction,
    sections: config.sections.map(({ definition, declaredIn, ...plan }) => ({
      ...plan,
      ...(declaredIn ? { declaredIn: relative(dir, declaredIn) } : {}),
      definition: definition ? `built-in ${definition.name}` : null,
    })),
  })
}

function runCase(dir: string, name: string): string {
  const files = ['input.yaml', 'override.yaml'].map((f) => join(dir, f)).filter((f) => existsSync(f))
  if (name.startsWith('lenient-')) {
    const { config, problems } = loadConfigLenient({ files, builtins })
    return `${formatReport(problems, { relativeTo: dir })}\n\nresolved (defaults only):\n${renderConfig(config, dir)}`
  }
  try {
    return `resolved:\n${renderConfig(loadConfig({ files, builtins }), dir)}`
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    return `${formatReport(err.issues, { relativeTo: dir })}\n`
  }
}

for (const name of readdirSync(casesDir).sort()) {
  test(`config golden: ${name}`, () => {
    const dir = join(casesDir, name)
    const actual = runCase(dir, name)
    const expectedFile = join(dir, 'expected.txt')
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(expectedFile, actual)
    assert.equal(actual, readFileSync(expectedFile, 'utf8'))
  })
}

/** The ConfigError `fn` throws (the test fails when it throws nothing or something else). */
function configError(fn: () => unknown): ConfigError {
  try {
    fn()
  } catch (err) {
    if (err instanceof ConfigError) return err
    throw err
  }
  assert.fail('expected a ConfigError')
}

test('the repo pipeline.config.yaml loads cleanly and runs every built-in section', () => {
  const config = loadConfig({ files: [defaultConfigPath(repoRoot)], builtins: builtinSections })
  assert.deepEqual(config.sections.map((s) => s.name).sort(), Object.keys(builtinSections).sort())
  assert.ok(config.sections.every((s) => s.definition !== null && s.enabled))
})

test('a missing file named explicitly is an issue; a missing optional one is skipped', () => {
  const dir = mkdtempSync(join(tmpdir(), 'compact-handoff-config-'))
  const base = join(dir, 'base.yaml')
  writeFileSync(base, 'sections:\n  - name: turns\n')
  const missing = join(dir, 'nope.yaml')

  const err = configError(() => loadConfig({ files: [base, missing], builtins }))
  assert.equal(err.code, 'CONFIG_INVALID')
  assert.deepEqual(err.issues, [{ file: missing, line: 0, col: 0, message: 'config file not found', frame: '' }])
  assert.equal(formatReport(err.issues, { relativeTo: dir }), 'nope.yaml  config file not found\n\n1 issue in the pipeline config')

  const config = loadConfig({ files: [base, { path: missing, optional: true }], builtins })
  assert.deepEqual(config.files, [base])
  assert.deepEqual(
    config.sections.map((s) => s.name),
    ['turns'],
  )
})

test('a broken default file throws even in the lenient form', () => {
  const dir = join(casesDir, 'bad-types')
  const err = configError(() => loadConfigLenient({ files: [join(dir, 'input.yaml')], builtins }))
  assert.ok(err.issues.length > 0)
})

test('a package section resolves with its package definition when one is given', () => {
  const dir = join(casesDir, 'override-extends')
  const files = [join(dir, 'input.yaml'), join(dir, 'override.yaml')]
  const jira = section('jira-links', { defaults: { timeoutMs: 900, budgetChars: 3000, priority: 10 } })
  const config = loadConfig({ files, builtins, packages: { 'compact-handoff-section-jira': jira } })
  const plan = config.sections.find((s) => s.name === 'jira-links')
  assert.equal(plan?.definition, jira)
  assert.deepEqual([plan?.timeoutMs, plan?.budgetChars, plan?.priority], [1500, 3000, 10])
  assert.equal(plan?.declaredIn, files[1])
})

test("every built-in section's optionsSchema compiles in strict mode (so the pipeline may skip the meta-schema check)", () => {
  const strict = new Ajv({ strict: true })
  const withSchema = Object.values(builtinSections).filter((d) => d.optionsSchema)
  assert.ok(withSchema.length >= 5, `only ${withSchema.length} built-ins have an optionsSchema`)
  for (const def of withSchema) assert.doesNotThrow(() => strict.compile(def.optionsSchema!), `section ${def.name}`)
})

test("a package section's optionsSchema is checked against the meta-schema: one ajv compiles, and wrongly", () => {
  const dir = mkdtempSync(join(tmpdir(), 'compact-handoff-config-'))
  const file = join(dir, 'pipeline.config.yaml')
  writeFileSync(file, 'sections:\n  - name: jira-links\n    package: compact-handoff-section-jira\n')
  // `minimum: "5"` compiles without the meta-schema check and then quietly checks nothing.
  const jira = section('jira-links', { optionsSchema: { type: 'object', properties: { n: { type: 'number', minimum: '5' } } } })
  const err = configError(() => loadConfig({ files: [file], builtins, packages: { 'compact-handoff-section-jira': jira } }))
  assert.equal(err.issues.length, 1)
  assert.match(err.issues[0]!.message, /^section "jira-links" has an optionsSchema that does not compile: schema is invalid: .*minimum must be number/)
})

test('the user override path: $COMPACT_HANDOFF_CONFIG (required), else under ~/.claude (optional)', () => {
  assert.equal(userConfigPath({}, '/home/u'), '/home/u/.claude/compact-handoff/pipeline.config.yaml')
  assert.deepEqual(userConfigSource({}, '/home/u'), { path: '/home/u/.claude/compact-handoff/pipeline.config.yaml', optional: true })
  assert.deepEqual(userConfigSource({ COMPACT_HANDOFF_CONFIG: '/etc/ch.yaml' }, '/home/u'), { path: '/etc/ch.yaml', optional: false })
})

test('ConfigError prints every issue with its place and a summary line', () => {
  const dir = join(casesDir, 'bad-types')
  const err = configError(() => loadConfig({ files: [join(dir, 'input.yaml')], builtins }))
  assert.match(err.message, /input\.yaml:1:14 {2}concurrency must be an integer from 1 to 16 \(got 0\)/)
  assert.match(err.message, /\n6 issues in the pipeline config$/)
})

test('schema.json compiles in strict mode and describes every property', () => {
  const strict = new Ajv({ strict: true })
  strict.addKeyword({ keyword: 'expected', schemaType: 'string' })
  strict.compile(schema)
  const undescribed: string[] = []
  const walk = (node: unknown, path: string) => {
    if (node === null || typeof node !== 'object') return
    const n = node as Record<string, unknown>
    if (typeof n.description !== 'string' && !('$ref' in n)) undescribed.push(path || '(root)')
    for (const [key, child] of Object.entries((n.properties ?? {}) as Record<string, unknown>)) walk(child, `${path}.${key}`)
    for (const [key, child] of Object.entries((n.definitions ?? {}) as Record<string, unknown>)) walk(child, `#${key}`)
  }
  walk(schema, '')
  assert.deepEqual(undescribed, [])
})

test("a section's optionsSchema that does not compile is an issue, not a crash", () => {
  const dir = mkdtempSync(join(tmpdir(), 'compact-handoff-config-'))
  const file = join(dir, 'pipeline.config.yaml')
  writeFileSync(file, 'sections:\n  - name: broken\n')
  const broken = section('broken', { optionsSchema: { type: 'object', properties: { n: { type: 'not-a-type' } } } })
  const err = configError(() => loadConfig({ files: [file], builtins: { broken } }))
  assert.equal(err.issues.length, 1)
  assert.match(err.issues[0]!.message, /^section "broken" has an optionsSchema that does not compile: /)
  assert.equal(err.issues[0]!.line, 2)
})

test("the bundle's precompiled validators judge, and word, every case as compiling at run time does", async () => {
  const withSchema = Object.values(builtinSections).flatMap((d) => (d.optionsSchema ? [d] : []))
  // The module as build.mjs makes it, given the `require` the bundle's banner defines; written
  // inside the repository so that ajv's runtime helpers resolve.
  const dir = join(repoRoot, 'node_modules', '.cache', 'compact-handoff')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `precompiled-test-${process.pid}.mjs`)
  const defaultFile = join(repoRoot, 'pipeline.config.yaml')
  const defaultText = readFileSync(defaultFile, 'utf8')
  const code = precompiledModule(
    withSchema.map((d) => d.optionsSchema!),
    { file: defaultFile, text: defaultText },
  )
  writeFileSync(file, `import { createRequire } from 'node:module'\nconst require = createRequire(import.meta.url)\n${code}`)
  try {
    const { precompiled } = (await import(file)) as {
      precompiled: { file: ValidateFunction; options: Map<string, ValidateFunction>; defaultConfig: { text: string; data: unknown } }
    }
    // The default config travels as read: its text, and what a parse of it holds.
    assert.equal(precompiled.defaultConfig.text, defaultText)
    assert.deepEqual(precompiled.defaultConfig.data, parse(defaultText))
    // A default with an issue stops the build, naming it.
    assert.throws(
      () => precompiledModule([], { file: defaultFile, text: defaultText.replace('concurrency: 4', 'concurrency: 99') }),
      /pipeline\.config\.yaml has issues:\n\d+:\d+ .*concurrency/,
    )
    const ajv = configAjv()
    const judge = (v: ValidateFunction, data: unknown) => (v(data) ? [] : v.errors)
    const runtimeFile = ajv.compile(schema)
    let invalid = 0
    for (const name of readdirSync(casesDir)) {
      for (const f of ['input.yaml', 'override.yaml']) {
        const path = join(casesDir, name, f)
        if (!existsSync(path)) continue
        let data: unknown
        try {
          data = parse(readFileSync(path, 'utf8'))
        } catch {
          continue // a YAML syntax case: never reaches the schema
        }
        const expected = judge(runtimeFile, data)
        if (expected?.length) invalid++
        assert.deepEqual(judge(precompiled.file, data), expected, `${name}/${f}`)
      }
    }
    assert.ok(invalid >= 3, `the cases hold invalid files (${invalid})`)
    for (const d of withSchema) {
      const v = precompiled.options.get(JSON.stringify(d.optionsSchema))
      assert.ok(v, `a precompiled validator for ${d.name}`)
      const runtime = ajv.compile(d.optionsSchema!)
      const wrong = Object.fromEntries(Object.keys((d.optionsSchema as { properties?: object }).properties ?? {}).map((k) => [k, { not: 'this' }]))
      for (const options of [d.defaults.options ?? {}, wrong, { surely_unknown: 1 }]) assert.deepEqual(judge(v, options), judge(runtime, options), d.name)
    }
  } finally {
    rmSync(file, { force: true })
  }
})
