/**
 * Packages named in a config, loaded as a user's would be: real folders under a temp dir's
 * node_modules, configs named by relative paths from another working directory, and one test per
 * refusal and per bad definition field. Subscribers: recorded on the result, never able to fail,
 * stall or change the run.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { after, describe, test } from 'node:test'
import type { Capabilities } from './capabilities.ts'
import { ConfigError } from './config/format.ts'
import type { Transcript } from './transcript.ts'
import type { PipelineInput } from './types.ts'
import { repoRoot } from '../test/shared.ts'
import { builtinSections } from '../sections/index.ts'
import { buildHandoff, defaultConfigFile, prepareSections } from './build.ts'
import { loadSectionPackage, releaseSection, resolvePackage, sectionDefinitionProblems } from './packages.ts'
import { builtinsOff } from '../test/builtins-off.ts'

const root = mkdtempSync(join(tmpdir(), 'ch-packages-'))
after(() => rmSync(root, { recursive: true, force: true }))

/** A package folder under `<dir>/node_modules/<name>` with the given files. */
function pkg(dir: string, name: string, manifest: Record<string, unknown>, files: Record<string, string>): string {
  const at = join(dir, 'node_modules', name)
  mkdirSync(at, { recursive: true })
  writeFileSync(join(at, 'package.json'), JSON.stringify({ name, version: '1.0.0', ...manifest }))
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(join(at, f, '..'), { recursive: true })
    writeFileSync(join(at, f), text)
  }
  return at
}

const SECTION = (name: string, extra = '') => `export default {
  name: '${name}', title: 'From ${name}', description: 'test', defaults: { timeoutMs: 2000, budgetChars: 2000, priority: 10 },
  optionsSchema: { type: 'object', properties: { word: { type: 'string' } }, additionalProperties: false },
  async run(ctx) { return 'word: ' + (ctx.options.word ?? 'none') }, ${extra}
}\n`

const transcript: Transcript = {
  sessionId: 'pkg-test',
  messages: [
    { kind: 'typed', role: 'user', text: 'hello', toolUses: [], toolResults: [], line: 1 },
    { kind: 'assistant', role: 'assistant', text: 'hi', toolUses: [], toolResults: [], line: 2 },
  ],
  boundaries: [],
  malformed: { count: 0, lines: [] },
} as unknown as Transcript

const input = (): PipelineInput => ({ trigger: 'cli', sessionId: 'pkg-test', cwd: root, transcript })
const caps: Capabilities = { host: 'cli', model: null, files: null, now: Date.now }

/** Only the named built-in runs, so these builds are fast and need no model. */
const ONLY_TURNS = builtinsOff('turns')

function withCwd<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const before = process.cwd()
  process.chdir(dir)
  return fn().finally(() => process.chdir(before))
}

describe('resolvePackage: as Node resolves an import, from the config file that names it', () => {
  const dir = join(root, 'resolve')
  pkg(dir, 'import-only', { type: 'module', exports: { '.': { import: './lib/index.js' } } }, { 'lib/index.js': SECTION('import-only') })
  pkg(dir, 'cond-nested', { exports: { node: { import: './esm.mjs', require: './cjs.cjs' } } }, { 'esm.mjs': SECTION('cond-nested') })
  pkg(dir, 'escapes', { exports: './../escapes-target.js' }, {})
  writeFileSync(join(dir, 'node_modules', 'escapes-target.js'), '')
  pkg(dir, 'main-only', { main: 'main.mjs' }, { 'main.mjs': SECTION('main-only') })
  pkg(dir, 'linked-out', { main: 'entry.mjs' }, {})
  writeFileSync(join(root, 'outside.mjs'), SECTION('outside'))
  symlinkSync(join(root, 'outside.mjs'), join(dir, 'node_modules', 'linked-out', 'entry.mjs'))

  test('an exports map with only an `import` entry resolves (require resolution did not)', () => {
    assert.equal(resolvePackage('import-only', dir), join(dir, 'node_modules/import-only/lib/index.js'))
  })
  test('nested conditions: node → import', () => {
    assert.equal(resolvePackage('cond-nested', dir), join(dir, 'node_modules/cond-nested/esm.mjs'))
  })
  test('found from a folder below the one that holds node_modules', () => {
    mkdirSync(join(dir, 'a', 'b'), { recursive: true })
    assert.equal(resolvePackage('main-only', join(dir, 'a', 'b')), join(dir, 'node_modules/main-only/main.mjs'))
  })
  test('a Node built-in is refused by name (not a file named fs in the working directory)', () => {
    writeFileSync(join(dir, 'fs'), 'throw new Error("ran")')
    assert.throws(() => resolvePackage('fs', dir), /"fs" is a Node built-in module, not a package/)
    assert.throws(() => resolvePackage('node:child_process', dir), /Node built-in/)
  })
  test('a path is refused: a config names packages', () => {
    for (const p of ['./x', '../x', '/abs/x', 'C:\\x'])
      assert.throws(() => resolvePackage(p, dir), /is not a package name: a config names npm packages, not paths/, p)
  })
  test('an entry outside its package folder is refused (exports, subpath and symlink alike)', () => {
    assert.throws(() => resolvePackage('escapes', dir), /not a path inside it|outside its own folder/)
    assert.throws(() => resolvePackage('main-only/../../escapes-target.js', dir), /outside its own folder/)
    assert.throws(() => resolvePackage('linked-out', dir), /outside its own folder/)
  })
  test('a missing package names the folder and the install command', () => {
    assert.throws(() => resolvePackage('not-there', dir), new RegExp(`"not-there" is not installed beside ${dir}.*cd ${dir} && npm install not-there`))
  })
})

describe('sectionDefinitionProblems: every bad field, by name', () => {
  const good = { name: 'ok', title: 'Ok', description: '', defaults: { timeoutMs: 1, budgetChars: 1, priority: 0 }, run: async () => 'x' }
  test('a good definition has none', () => assert.deepEqual(sectionDefinitionProblems(good), []))
  test("no timeoutMs (was: SECTION_THREW with p-timeout's own message)", () => {
    assert.deepEqual(sectionDefinitionProblems({ ...good, defaults: { budgetChars: 1, priority: 0 } }), [
      'defaults.timeoutMs must be an integer from 1 to 2147483647 (got nothing)',
    ])
  })
  test('no title (was: "## undefined" in the handoff)', () => {
    assert.deepEqual(sectionDefinitionProblems({ ...good, title: undefined }), ['title must be a non-empty string (the heading in the handoff) (got nothing)'])
  })
  test('several at once', () => {
    const problems = sectionDefinitionProblems({ name: 'Bad Name', defaults: 5, run: 'no' })
    assert.deepEqual(
      problems.map((p) => p.split(' ')[0]),
      ['name', 'title', 'description', 'run', 'defaults'],
    )
  })
  test('prepare, when there is one, is a function', () => {
    assert.deepEqual(sectionDefinitionProblems({ ...good, prepare: async () => undefined }), [])
    assert.deepEqual(sectionDefinitionProblems({ ...good, prepare: 'soon' }), ['prepare must be a function (async prepare()) (got "soon")'])
  })
  test('not an object', () =>
    assert.match(sectionDefinitionProblems(undefined)[0]!, /must be a section definition \(defineSection\(\{\.\.\.\}\)\), got nothing/))
})

describe('buildHandoff with packages and subscribers', () => {
  const dir = join(root, 'project')
  const elsewhere = join(root, 'elsewhere')
  mkdirSync(elsewhere, { recursive: true })
  pkg(dir, 'section-words', { type: 'module', exports: { '.': { import: './index.js' } } }, { 'index.js': SECTION('section-words') })
  pkg(
    dir,
    'no-timeout',
    { type: 'module', exports: './index.js' },
    {
      'index.js': `export default { name: 'no-timeout', title: 'T', description: '', defaults: { budgetChars: 10, priority: 1 }, async run() { return 'x' } }\n`,
    },
  )
  pkg(
    dir,
    'sub-ok',
    { type: 'module', exports: './index.js' },
    {
      'index.js': `export default { name: 'sub-ok', apply(hooks, options) {
      hooks.beforeCompact.tapPromise('x', async (e) => { globalThis.__heard = { ...e, options } })
      hooks.sectionDropped.tap('x', (o) => { globalThis.__dropped = [...(globalThis.__dropped ?? []), o.name] })
      hooks.done.tap('x', (r) => { globalThis.__kept = r.sections.filter((s) => s.status === 'ok').map((s) => s.name) })
    } }\n`,
    },
  )
  pkg(
    dir,
    'sub-writes',
    { type: 'module', exports: './index.js' },
    {
      'index.js': `export default { name: 'sub-writes', apply(hooks) {
      hooks.beforeCompact.tap('x', (e) => { e.trigger = 'auto' })
      hooks.sectionDropped.tap('x', (o) => { o.code = 'CHANGED' })
      hooks.beforeSection.tap('x', (plan, input) => { input.transcript.messages.length = 0 })
      hooks.done.tap('x', (r) => { r.sections[0].status = 'dropped' })
    } }\n`,
    },
  )
  pkg(
    dir,
    'sub-bad',
    { type: 'module', exports: './index.js' },
    {
      'index.js': `export default { name: 'sub-bad', apply(hooks) {
      hooks.beforeCompact.tapPromise('x', () => new Promise(() => {}))
      hooks.sectionResult.tap('x', () => { throw new Error('result tap broke') })
      hooks.compose.tap('x', () => { throw new Error('compose tap broke') })
      hooks.config.tapPromise('x', () => new Promise(() => {}))
      hooks.sections.tap('x', async () => { throw new Error('async on a sync hook') })
    } }\n`,
    },
  )
  pkg(
    dir,
    'sub-apply-throws',
    { type: 'module', exports: './index.js' },
    {
      'index.js': `export default { name: 'sub-apply-throws', apply(hooks) { hooks.compose.tap('x', (s) => ({ ...s, handoff: 'hijacked' })); throw new Error('apply broke') } }\n`,
    },
  )
  pkg(
    dir,
    'sub-async-apply',
    { type: 'module', exports: './index.js' },
    {
      'index.js': `export default { name: 'sub-async-apply', async apply(hooks) { hooks.done.tap('x', () => {}); throw new Error('late') } }\n`,
    },
  )
  pkg(dir, 'sub-not-one', { type: 'module', exports: './index.js' }, { 'index.js': `export default { apply: 1 }\n` })

  const base = `seamTimeoutMs: 200\nsections:\n${ONLY_TURNS}`
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text)
    return join(dir, name)
  }
  const build = (configFile: string, lenient = false) =>
    buildHandoff({ input: input(), capabilities: caps, configFiles: [defaultConfigFile(), configFile], lenient, builtins: builtinSections })

  test('a relative --config from another working directory keeps the package section, options checked', async () => {
    write('words.yaml', `${base}  - name: words\n    package: section-words\n    options:\n      word: hello\n`)
    const rel = relative(elsewhere, join(dir, 'words.yaml'))
    assert.ok(rel.startsWith('..'))
    const { result } = await withCwd(elsewhere, () => build(rel))
    const words = result.sections.find((s) => s.name === 'words')!
    assert.equal(words.status, 'ok', JSON.stringify(words))
    assert.match(result.handoff, /## From section-words\n\nword: hello/)
  })

  test("every config problem at once: a structural issue and a package section's option issue together", async () => {
    const file = write('both.yaml', `concurrency: lots\n${base}  - name: words\n    package: section-words\n    options:\n      word: 7\n`)
    await assert.rejects(build(file), (err: unknown) => {
      assert.ok(err instanceof ConfigError)
      const messages = err.issues.map((i) => i.message)
      assert.equal(messages.length, 2, messages.join('\n'))
      assert.match(messages[0]!, /^concurrency must be an integer from 1 to 16/)
      assert.match(messages[1]!, /^sections\.words\.options\.word must be a string \(got 7\)/)
      return true
    })
  })

  test('a definition without timeoutMs is a load error that names the field; the rest compose', async () => {
    const { result } = await build(write('nt.yaml', `${base}  - name: nt\n    package: no-timeout\n`))
    const nt = result.sections.find((s) => s.name === 'nt')!
    assert.equal(nt.status, 'dropped')
    assert.equal(nt.status === 'dropped' && nt.code, 'SECTION_LOAD_FAILED')
    assert.match(
      nt.status === 'dropped' ? nt.message : '',
      /"no-timeout" does not default-export a usable section: defaults\.timeoutMs must be an integer from 1 to 2147483647 \(got nothing\)/,
    )
    assert.equal(result.sections.find((s) => s.name === 'turns')!.status, 'ok')
  })

  test('`package: fs` is refused, whatever file named fs the folder holds', async () => {
    writeFileSync(join(dir, 'fs'), 'globalThis.__ranFs = true')
    const { result } = await build(write('fs.yaml', `${base}  - name: fsx\n    package: fs\n`))
    const s = result.sections.find((o) => o.name === 'fsx')!
    assert.match(s.status === 'dropped' ? s.message : '', /"fs" is a Node built-in module/)
    assert.equal((globalThis as Record<string, unknown>).__ranFs, undefined)
  })

  test('subscribers: recorded per hook, told the event and their options, and read what they observe', async () => {
    const file = write('subs.yaml', `${base}plugins:\n  - package: sub-ok\n    options:\n      level: 2\n`)
    const { result } = await build(file)
    const seen = globalThis as Record<string, unknown>
    assert.deepEqual(seen.__heard, { sessionId: 'pkg-test', trigger: 'cli', messageCount: 2, options: { level: 2 } })
    assert.deepEqual(
      seen.__dropped,
      result.sections.filter((s) => s.status === 'dropped').map((s) => s.name),
    )
    assert.deepEqual(seen.__kept, ['turns'])
    assert.deepEqual(
      result.seam.map((s) => [s.name, s.hook, s.status]),
      [
        ['sub-ok', 'beforeCompact', 'ok'],
        ['sub-ok', 'sectionDropped', 'ok'],
        ['sub-ok', 'done', 'ok'],
      ],
    )
    assert.ok(result.seam.every((s) => typeof s.ms === 'number' && s.ms >= 0))
  })

  test('a subscriber cannot change what it observes: each write throws, is recorded, and the run is the same', async () => {
    const clean = await build(write('clean3.yaml', base))
    const { result } = await build(write('writes.yaml', `${base}plugins:\n  - package: sub-writes\n`))
    assert.deepEqual(
      result.seam.map((s) => `${s.hook} ${s.status}: ${s.message}`),
      ['beforeCompact', 'beforeSection', 'sectionDropped', 'done'].map(
        (h) => `${h} threw: this hook is observed, not changed: what a subscriber is handed here is read-only`,
      ),
    )
    assert.equal(result.handoff, clean.result.handoff)
    assert.deepEqual(
      result.sections.map((s) => [s.name, s.status === 'dropped' ? s.code : 'ok']),
      clean.result.sections.map((s) => [s.name, s.status === 'dropped' ? s.code : 'ok']),
    )
    assert.equal(result.sections.find((s) => s.name === 'turns')!.status, 'ok', 'the transcript was not emptied under it')
  })

  test('subscribers that hang, throw, throw in apply or are not subscribers: recorded, and the handoff is the same', async () => {
    const clean = await build(write('clean2.yaml', base))
    const file = write(
      'bad.yaml',
      `${base}plugins:\n  - package: sub-bad\n  - package: sub-apply-throws\n  - package: sub-not-one\n  - package: sub-async-apply\n  - package: not-installed\n`,
    )
    const started = Date.now()
    const { result } = await build(file)
    assert.ok(Date.now() - started < 3_000, 'two hangs of 200 ms each, not forever')
    assert.equal(result.handoff, clean.result.handoff)
    const rows = Object.fromEntries(result.seam.map((s) => [`${s.name} ${s.hook}`, `${s.status}: ${s.message ?? ''}`]))
    assert.deepEqual(Object.keys(rows).sort(), [
      'not-installed load',
      'sub-apply-throws apply',
      'sub-async-apply apply',
      'sub-bad beforeCompact',
      'sub-bad compose',
      'sub-bad config',
      'sub-bad sectionResult',
      'sub-bad sections',
      'sub-not-one load',
    ])
    assert.match(rows['sub-bad beforeCompact']!, /^timedOut: no answer within 200 ms \(seamTimeoutMs: 200\)/)
    assert.match(rows['sub-bad config']!, /^timedOut/)
    assert.match(rows['sub-bad sectionResult']!, /^threw: result tap broke/)
    assert.match(rows['sub-bad sections']!, /^threw: hooks\.sections is synchronous: its tap returned a promise/)
    assert.match(rows['sub-apply-throws apply']!, /^threw: apply broke/)
    assert.match(rows['sub-async-apply apply']!, /^threw: apply returned a promise: it must tap the hooks and return/)
    assert.match(rows['sub-not-one load']!, /name must be a non-empty string.*apply must be a function/)
    assert.match(rows['not-installed load']!, /"not-installed" is not installed beside/)
  })

  test('the CLI ends once its answer is written, though a timed-out subscriber left a timer behind', () => {
    pkg(
      dir,
      'sub-lingers',
      { type: 'module', exports: './index.js' },
      {
        'index.js': `export default { name: 'sub-lingers', apply(hooks) { hooks.beforeCompact.tapPromise('x', () => new Promise((r) => setTimeout(r, 120000))) } }\n`,
      },
    )
    const file = write('lingers.yaml', `${base}plugins:\n  - package: sub-lingers\n`)
    const transcriptFile = join(dir, 'session.jsonl')
    const line = (type: string, uuid: string, content: unknown) =>
      JSON.stringify({ type, sessionId: 'linger', uuid, cwd: dir, message: { role: type, content, ...(type === 'assistant' ? { id: uuid } : {}) } })
    writeFileSync(transcriptFile, [line('user', 'u1', 'hello'), line('assistant', 'a1', [{ type: 'text', text: 'hi' }])].join('\n') + '\n')
    writeFileSync(join(dir, 'empty.yaml'), '')
    const started = Date.now()
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'cli', 'main.ts'), 'build', transcriptFile, '--json', '--config', file], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, ANTHROPIC_API_KEY: '', COMPACT_HANDOFF_CONFIG: join(dir, 'empty.yaml') },
      timeout: 60_000,
    })
    assert.equal(r.status, 0, r.stderr)
    assert.ok(Date.now() - started < 30_000, `ended after ${Date.now() - started} ms, not when the 120 s timer fired`)
    const out = JSON.parse(r.stdout) as { seam: Array<{ name: string; status: string }> }
    assert.deepEqual(
      out.seam.map((x) => `${x.name} ${x.status}`),
      ['sub-lingers timedOut'],
    )
  })

  test('the repository config stays loadable with no packages at all', async () => {
    const { result } = await build(write('none.yaml', base))
    assert.deepEqual(result.seam, [])
    assert.ok(repoRoot)
  })
})

describe('prepare: what a section loads ahead of a compaction', () => {
  const calls: string[] = []
  const section = (name: string, prepare: () => Promise<void>) => ({
    name,
    title: name,
    description: '',
    defaults: { timeoutMs: 1_000, budgetChars: 100, priority: 1 },
    prepare,
    run: async () => 'x',
  })
  const builtins = {
    ...builtinSections,
    'warm-one': section('warm-one', async () => void calls.push('warm-one')),
    'warm-off': section('warm-off', async () => void calls.push('warm-off')),
    'warm-broken': section('warm-broken', () => {
      calls.push('warm-broken')
      throw new Error('no grammar here')
    }),
  }
  test("each enabled section's prepare is called once, a disabled one's is not, and one that throws fails nothing", async () => {
    const config = join(root, 'prepare.yaml')
    writeFileSync(config, `sections:\n${builtinsOff()}  - name: warm-one\n  - name: warm-off\n    enabled: false\n  - name: warm-broken\n`)
    await prepareSections({ configFiles: [defaultConfigFile(), config], builtins })
    assert.deepEqual(calls.sort(), ['warm-broken', 'warm-one'])
  })
  test("a package section's prepare is not offered (its thread starts with its run), and the package still loads", async () => {
    const dir = join(root, 'prepare-pkg')
    pkg(dir, 'section-prepares', { type: 'module', exports: './index.js' }, { 'index.js': SECTION('section-prepares', 'async prepare() {},') })
    const definition = await loadSectionPackage('section-prepares', join(dir, 'pipeline.config.yaml'))
    try {
      assert.equal(definition.name, 'section-prepares')
      assert.equal(definition.prepare, undefined)
    } finally {
      releaseSection(definition)
    }
  })
})
