/**
 * `state` runs git in whatever repository a transcript names, and that repository's own config
 * must not run programs. Before: its `filter.<x>.clean` ran during `git status`.
 */
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import type { SectionContext, SectionInput, Transcript } from '../../pipeline/index.ts'
import { DEFAULT_OPTIONS, runState, type StateOptions } from '../../sections/state/index.ts'

const root = mkdtempSync(join(tmpdir(), 'ch-hostile-git-'))
after(() => rmSync(root, { recursive: true, force: true }))
const repo = join(root, 'repo')
const marks = join(root, 'marks')
mkdirSync(repo)
mkdirSync(marks)

const gitIn = (...args: string[]) =>
  execFileSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' } })
/** A program that leaves a marker named after what ran it, then does a filter's job (cat). */
const touch = (name: string) => `sh -c 'touch ${marks}/${name}; cat'`

gitIn('init', '-q')
gitIn('config', 'user.email', 'h@example.com')
gitIn('config', 'user.name', 'h')
writeFileSync(join(repo, 'a.txt'), 'one\n')
writeFileSync(join(repo, '.gitattributes'), '* filter=evil diff=evil merge=evil\n')
gitIn('add', '.')
gitIn('commit', '-qm', 'init')
// Configured after the commit, as a repository handed to us would arrive.
gitIn('config', 'filter.evil.clean', touch('filter-clean'))
gitIn('config', 'filter.evil.smudge', touch('filter-smudge'))
gitIn('config', 'filter.evil.process', touch('filter-process'))
gitIn('config', 'filter.evil.required', 'true')
gitIn('config', 'diff.evil.textconv', touch('textconv'))
gitIn('config', 'diff.evil.command', touch('diff-command'))
gitIn('config', 'merge.evil.driver', touch('merge-driver'))
gitIn('config', 'core.fsmonitor', touch('fsmonitor'))
gitIn('config', 'core.pager', touch('pager'))
gitIn('config', 'credential.helper', touch('credential'))
mkdirSync(join(repo, '.git', 'hooks'), { recursive: true })
for (const hook of ['post-index-change', 'reference-transaction', 'post-checkout']) {
  writeFileSync(join(repo, '.git', 'hooks', hook), `#!/bin/sh\ntouch ${marks}/hook-${hook}\n`)
  chmodSync(join(repo, '.git', 'hooks', hook), 0o755)
}
// A change git must re-hash (its stat no longer matches the index): the clean filter's moment.
writeFileSync(join(repo, 'a.txt'), 'two\n')
utimesSync(join(repo, 'a.txt'), new Date('2001-01-01'), new Date('2001-01-01'))

const transcript: Transcript = { source: 'jsonl', cwd: repo, messages: [], boundaries: [], malformed: { count: 0, lines: [] } }

describe('hostile: no repository-configured programs', () => {
  test("the control: this git runs a repository's clean filter during status", () => {
    const control = join(root, 'control')
    const mark = join(root, 'control-mark')
    mkdirSync(control)
    const run = (...args: string[]) =>
      execFileSync('git', args, { cwd: control, env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' } })
    run('init', '-q')
    writeFileSync(join(control, '.gitattributes'), '* filter=x\n')
    writeFileSync(join(control, 'a.txt'), 'one\n')
    run('add', '.')
    run('-c', 'user.email=h@example.com', '-c', 'user.name=h', 'commit', '-qm', 'init')
    run('config', 'filter.x.clean', `sh -c 'touch ${mark}; cat'`)
    writeFileSync(join(control, 'a.txt'), 'two\n')
    utimesSync(join(control, 'a.txt'), new Date('2001-01-01'), new Date('2001-01-01'))
    run('status', '--porcelain')
    assert.ok(existsSync(mark), 'without it the test below would prove nothing')
  })

  test('state reads the hostile repository and no marker appears', async () => {
    for (const m of readdirSync(marks)) rmSync(join(marks, m))
    const ctx = stateContext(false)
    const r = await runState(ctx, { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' })
    assert.match(r?.body ?? '', /a\.txt/, 'the section still reads the repository')
    assert.deepEqual(readdirSync(marks), [])
  })

  test('gh, which runs git in the repository itself, runs it under the same settings', async () => {
    for (const m of readdirSync(marks)) rmSync(join(marks, m))
    // A stand-in gh that does what the real one does first: ask git about the repository.
    const bin = join(root, 'bin')
    mkdirSync(bin, { recursive: true })
    writeFileSync(join(bin, 'gh'), '#!/bin/sh\ngit status --porcelain >/dev/null 2>&1\necho "[]"\n')
    chmodSync(join(bin, 'gh'), 0o755)
    const ctx = stateContext(true)
    await runState(ctx, { ...process.env, PATH: `${bin}:${process.env.PATH}`, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' })
    assert.deepEqual(readdirSync(marks), [])
  })
})

/** The state section's context over the hostile repository, gh on or off. */
function stateContext(gh: boolean): SectionContext<StateOptions> {
  const notes: string[] = []
  return {
    name: 'state',
    input: { trigger: 'cli', sessionId: 's', cwd: repo, transcript, lineage: { n: 1, prev: null, earlier: [] } } as SectionInput,
    options: { ...DEFAULT_OPTIONS, gh },
    budgetChars: 4_000,
    timeoutMs: 10_000,
    signal: new AbortController().signal,
    capabilities: { host: 'cli', model: null, files: null, now: Date.now },
    report: { note: (m) => void notes.push(m), notes },
    needed: {},
  }
}
