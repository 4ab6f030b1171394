/**
 * The code cache the bundle's commands run with (./code-cache.ts): a cache is written after a run
 * and taken by the next, a changed bundle or a broken cache is never used, a folder others could
 * write to is not used, `off` turns it off, and nothing here fails the load. Then the real bundle:
 * `compact-handoff build` keeps a cache after it succeeds, and not after a usage error.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { isAbsolute, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, test } from 'node:test'
import { rawTranscript, repoRoot, skipWithoutShared } from '../test/shared.ts'
import { cacheDir } from './code-cache.ts'

/** A CommonJS bundle in a fresh folder, and a cache folder beside it. */
function fixture(source = 'exports.twice = (n) => n * 2\nexports.where = __filename\n') {
  const dir = mkdtempSync(join(tmpdir(), 'ch-code-cache-'))
  const file = join(dir, 'bundle.cjs')
  writeFileSync(file, source)
  return { dir, file, env: { COMPACT_HANDOFF_CODE_CACHE: join(dir, 'cache') } }
}

const cacheFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.bin'))
const keyOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16)

interface Loaded {
  cache: string
  /** What `call(exports)` gave. */
  value: unknown
  /** What save() returned. */
  saved: string | null
}

/**
 * Loads the bundle in a process of its own, as the CLI does: within one process V8 keeps what it
 * compiled in memory and would never consult the cache on disk.
 */
function load(file: string, use: string, env: Record<string, string>, call = 'return e.twice(21)', key = keyOf(file)): Loaded {
  const script = [
    `import { runCached } from ${JSON.stringify(join(repoRoot, 'cli', 'code-cache.ts'))}`,
    `const run = runCached(${JSON.stringify(file)}, ${JSON.stringify(key)}, ${JSON.stringify(use)}, process.env)`,
    `const value = await (async (e) => { ${call} })(run.exports)`,
    'console.log(JSON.stringify({ cache: run.cache, value, saved: run.save() }))',
  ].join('\n')
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: tmpdir(), ...env },
    encoding: 'utf8',
  })
  assert.equal(r.status, 0, `exit ${r.status} (${r.signal}): ${r.stderr}`)
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Loaded
}

describe('runCached', () => {
  test('a first run misses and writes the cache (0600 in a 0700 folder); the next one takes it and writes nothing', () => {
    const { file, env } = fixture()
    const first = load(file, 'build', env, 'return [e.twice(21), e.where]')
    assert.equal(first.cache, 'miss')
    assert.deepEqual(first.value, [42, file])
    assert.ok(first.saved)
    assert.equal(statSync(first.saved).mode & 0o777, 0o600)
    assert.equal(statSync(env.COMPACT_HANDOFF_CODE_CACHE).mode & 0o777, 0o700)
    const second = load(file, 'build', env)
    assert.deepEqual([second.cache, second.value, second.saved], ['hit', 42, null])
    // Each use keeps its own cache, and so does each way of running node.
    assert.equal(load(file, 'engine', env).cache, 'miss')
    assert.equal(load(file, 'build', { ...env, NODE_OPTIONS: '--max-old-space-size=512' }).cache, 'miss')
    assert.equal(load(file, 'build', env).cache, 'hit')
    assert.equal(load(file, 'build', { ...env, NODE_OPTIONS: '--max-old-space-size=512' }).cache, 'hit')
  })

  test('a changed bundle never meets the old cache, at the same length and the same time too', () => {
    const { file, env } = fixture('exports.v = 1\n')
    const when = statSync(file).mtime
    assert.equal(load(file, 'build', env, 'return e.v').cache, 'miss')
    writeFileSync(file, 'exports.v = 2\n')
    utimesSync(file, when, when)
    const run = load(file, 'build', env, 'return e.v')
    assert.deepEqual([run.cache, run.value], ['miss', 2])
  })

  test('a damaged cache is refused, not run: the bundle loads, and the cache is written again', () => {
    // Enough code for a cache of some size, every function called so that all of it is in there.
    const body = Array.from({ length: 200 }, (_, i) => `function f${i}(n) { return n + ${i} }`).join('\n')
    const { file, env } = fixture(`${body}\nexports.twice = (n) => [${Array.from({ length: 200 }, (_, i) => `f${i}(0)`).join(', ')}].length * 0 + n * 2\n`)
    const path = load(file, 'build', env).saved!
    const good = readFileSync(path)
    for (const at of [0.25, 0.5, 0.75].map((share) => Math.floor(good.length * share))) {
      const bad = Buffer.from(good)
      bad.writeUInt32LE(0xffffffff, at)
      writeFileSync(path, bad)
      const run = load(file, 'build', env)
      assert.deepEqual([run.cache, run.value, run.saved], ['rejected', 42, path], `damaged at byte ${at}`)
    }
    assert.equal(load(file, 'build', env).cache, 'hit')
  })

  test('off, a relative value, a folder others may write to, a folder that cannot be made: no cache, and the load goes on', () => {
    const { dir, file } = fixture()
    for (const value of ['off', '0', 'false'])
      assert.deepEqual(load(file, 'build', { COMPACT_HANDOFF_CODE_CACHE: value }), { cache: 'off', value: 42, saved: null }, value)
    assert.equal(existsSync(join(repoRoot, 'false')), false, 'a relative value makes no folder')
    const shared = join(dir, 'shared')
    mkdirSync(shared)
    chmodSync(shared, 0o777)
    assert.equal(load(file, 'build', { COMPACT_HANDOFF_CODE_CACHE: join(shared, 'cache') }).cache, 'off')
    assert.deepEqual(readdirSync(shared), [], 'nothing is made under a folder others may write to')
    assert.deepEqual(load(file, 'build', { COMPACT_HANDOFF_CODE_CACHE: join(file, 'cache') }), { cache: 'off', value: 42, saved: null })
  })

  test('the bundle runs strict, and imports an ES module through the import() it is handed', () => {
    const { dir, file, env } = fixture('exports.strict = (function () { return this === undefined })()\nexports.load = (url) => __chImport(url)\n')
    const esm = join(dir, 'section.mjs')
    writeFileSync(esm, 'export default { name: "from-esm" }\n')
    const run = load(file, 'build', env, `return [e.strict, (await e.load(${JSON.stringify(pathToFileURL(esm).href)})).default.name]`)
    assert.deepEqual(run.value, [true, 'from-esm'])
  })

  test('where caches are kept by default, and what must exist first', () => {
    assert.deepEqual(cacheDir({ HOME: '/home/u' }), { dir: '/home/u/.cache/compact-handoff/code-cache', within: '/home/u' })
    assert.deepEqual(cacheDir({ HOME: '/home/u', XDG_CACHE_HOME: '/var/cache/u' }), {
      dir: '/var/cache/u/compact-handoff/code-cache',
      within: '/var/cache/u',
    })
    assert.deepEqual(cacheDir({ HOME: '/home/u', COMPACT_HANDOFF_CODE_CACHE: '/tmp/cc' }), { dir: '/tmp/cc', within: '/tmp' })
    assert.equal(cacheDir({ COMPACT_HANDOFF_CODE_CACHE: 'off' }), null)
    assert.equal(cacheDir({ COMPACT_HANDOFF_CODE_CACHE: 'relative/dir' }), null)
    // An empty or relative HOME is not a place: the home the system gives stands in (os.homedir),
    // and where that is not absolute either there is no cache.
    for (const HOME of ['', 'relhome']) assert.ok(isAbsolute(cacheDir({ HOME })!.dir), HOME)
  })

  test('a HOME that does not exist is not made, and a relative one puts nothing in the working folder', () => {
    const { dir, file } = fixture()
    const gone = join(dir, 'no-such-home')
    assert.equal(load(file, 'build', { HOME: gone }).cache, 'off')
    assert.equal(existsSync(gone), false)
    const work = join(dir, 'work')
    mkdirSync(work)
    // tsx by its path: the working folder is not the repository.
    const tsx = pathToFileURL(join(repoRoot, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        tsx,
        '--input-type=module',
        '-e',
        `import { runCached } from ${JSON.stringify(join(repoRoot, 'cli', 'code-cache.ts'))}\nrunCached(${JSON.stringify(file)}, 'k', 'build', process.env).save()`,
      ],
      {
        cwd: work,
        env: { PATH: process.env.PATH, HOME: 'relhome' },
        encoding: 'utf8',
      },
    )
    assert.equal(r.status, 0, r.stderr)
    assert.deepEqual(readdirSync(work), [])
  })

  test('a bundle edited by hand (same length, its built hash kept) is not run from the old cache', () => {
    const { file, env } = fixture('exports.v = 1\n')
    assert.equal(load(file, 'build', env, 'return e.v', 'built-hash').cache, 'miss')
    writeFileSync(file, 'exports.v = 2\n')
    const later = new Date(Date.now() + 5_000)
    utimesSync(file, later, later)
    const run = load(file, 'build', env, 'return e.v', 'built-hash')
    assert.deepEqual([run.cache, run.value], ['miss', 2])
  })
})

describe('the bundle keeps a code cache per command', { skip: skipWithoutShared }, () => {
  test('build: written after a run that succeeded, taken by the next, none after a usage error or --help; status: its own', () => {
    const cache = join(mkdtempSync(join(tmpdir(), 'ch-bundle-cache-')), 'cache')
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [join(repoRoot, 'plugin', 'dist', 'compact-handoff.mjs'), ...args], {
        env: { PATH: process.env.PATH, HOME: mkdtempSync(join(tmpdir(), 'home-')), COMPACT_HANDOFF_CODE_CACHE: cache },
        encoding: 'utf8',
      })
    const usage = run('build')
    assert.equal(usage.status, 2)
    assert.equal(run('build', '--help').status, 0)
    assert.deepEqual(existsSync(cache) ? cacheFiles(cache) : [], [], 'neither a usage error nor --help keeps a cache')
    const transcript = rawTranscript('marot__spotter__short.jsonl')
    const first = run('build', transcript, '--json')
    assert.equal(first.status, 0, first.stderr)
    const [written] = cacheFiles(cache).filter((f) => f.endsWith('-build.bin'))
    assert.ok(written, `no build cache in ${readdirSync(cache).join(', ')}`)
    const before = readFileSync(join(cache, written))
    const mtime = statSync(join(cache, written)).mtimeMs
    const second = run('build', transcript, '--json')
    assert.equal(second.status, 0, second.stderr)
    // The same handoff, but for the moment the state was read.
    const handoff = (out: string) => (JSON.parse(out) as { handoff: string }).handoff.replace(/^Read at \S+/m, 'Read at <time>')
    assert.equal(handoff(second.stdout), handoff(first.stdout))
    // Taken, not written again.
    assert.equal(statSync(join(cache, written)).mtimeMs, mtime)
    assert.ok(readFileSync(join(cache, written)).equals(before))
    // A history command keeps its own, from its own file.
    assert.equal(run('status').status, 0)
    assert.equal(cacheFiles(cache).filter((f) => f.startsWith('history-') && f.endsWith('-status.bin')).length, 1, cacheFiles(cache).join(', '))
  })
})
