/**
 * The project and its example packages packed as their authors would pack them, from copies
 * outside the repository: what a third party installs. Shared by the packaging test and the
 * engine test that compacts with the examples installed.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { repoRoot } from './shared.ts'

export const TS_VERSION = (JSON.parse(readFileSync(join(repoRoot, 'node_modules', 'typescript', 'package.json'), 'utf8')) as { version: string }).version

const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', ANTHROPIC_API_KEY: '' }

/** Runs a command to completion; a non-zero exit fails the test with its output. */
export function run(cmd: string, args: string[], cwd: string, extraEnv: Record<string, string> = {}): string {
  const r = spawnSync(cmd, args, { cwd, env: { ...env, ...extraEnv }, encoding: 'utf8', timeout: 180_000 })
  assert.equal(r.status, 0, `${cmd} ${args.join(' ')} in ${cwd} exited ${r.status}\n${r.stdout}\n${r.stderr}`)
  return r.stdout
}

/** npm, from the cache first (the registry is asked only for what the cache lacks). */
export const npm = (args: string[], cwd: string): string => run('npm', [...args, '--prefer-offline'], cwd)

function packInto(dir: string, from: string): string {
  mkdirSync(dir, { recursive: true })
  npm(['pack', '--pack-destination', dir], from)
  return join(
    dir,
    readdirSync(dir).find((f) => f.endsWith('.tgz'))!,
  )
}

export interface Packs {
  project: string
  sectionTodos: string
  subscriberLog: string
}

const LOCK = join(tmpdir(), 'compact-handoff-npm-pack.lock')
const STALE_MS = 10 * 60_000

/**
 * One `npm pack` of the repository at a time: its prepack empties and rebuilds dist/, and the
 * test files that pack run side by side (a lock left by a killed run is stale after 10 minutes).
 */
function packRepoLocked(dir: string): string {
  for (;;) {
    try {
      mkdirSync(LOCK)
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const held = statSync(LOCK, { throwIfNoEntry: false })
      if (held && Date.now() - held.mtimeMs > STALE_MS) rmSync(LOCK, { recursive: true, force: true })
      else if (held) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250)
    }
  }
  try {
    return packInto(dir, repoRoot)
  } finally {
    rmSync(LOCK, { recursive: true, force: true })
  }
}

/** The three tarballs under `tmp`. The project's prepack builds its public API into dist/. */
export function packAll(tmp: string): Packs {
  const project = packRepoLocked(join(tmp, 'packs', 'ch'))
  // The TypeScript example is built by its own prepack (tsc) against the packed project.
  const todos = join(tmp, 'section-todos')
  cpSync(join(repoRoot, 'examples', 'section-todos'), todos, { recursive: true, filter: (p) => !/node_modules|dist$/.test(p) })
  npm(['install', '--no-save', project], todos)
  const sectionTodos = packInto(join(tmp, 'packs', 'todos'), todos)
  const subscriberLog = packInto(join(tmp, 'packs', 'log'), join(repoRoot, 'examples', 'subscriber-log'))
  return { project, sectionTodos, subscriberLog }
}
