/**
 * `npm run demo`: the bundled CLI builds the handoff for the bundled sample (a real engine session,
 * samples/session.jsonl, recorded by samples/record.ts). With no model it keeps the four sections
 * that need none and says why the other two are left out; with the sample's recorded replies
 * (--model-replies samples/model-replies.json) it keeps the summary and commitments too.
 */
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { PROMISE, QUESTION, SAMPLE_PROJECT, TURNS } from '../samples/record.ts'
import { skipWithoutEngine } from './e2e/harness.ts'
import { ENGINE_VERSION } from './engine-pin.ts'

const root = fileURLToPath(new URL('..', import.meta.url))
const bundle = join(root, 'plugin', 'dist', 'compact-handoff.mjs')
const sample = join(root, 'samples', 'session.jsonl')
const MARKER = /^<!-- compact-handoff: session=([0-9a-f-]{36}) n=001 prev=none -->\n/

/** The demo as package.json runs it, from the repository root, with no API key to reach for. */
function demo(...extra: string[]) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { demo: string } }
  const [cmd, ...args] = pkg.scripts.demo.split(' ')
  assert.equal(cmd, 'node')
  const env = { ...process.env }
  delete env.ANTHROPIC_API_KEY
  delete env.COMPACT_HANDOFF_CONFIG
  return spawnSync(process.execPath, [...args, ...extra], { cwd: root, env, encoding: 'utf8', timeout: 30_000 })
}

/** The typed turns before the sample's compaction: what the handoff is built for. */
const before = TURNS.slice(0, TURNS.indexOf('/compact'))

describe('npm run demo', { skip: existsSync(bundle) ? false : 'plugin/dist is not built (npm run build)' }, () => {
  test('the sample is a real engine transcript with one compaction, turns on both sides of it', () => {
    const lines = readFileSync(sample, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
    const boundaries = lines.filter((l) => l.type === 'system' && l.subtype === 'compact_boundary')
    assert.equal(boundaries.length, 1)
    assert.equal(boundaries[0].compactMetadata.trigger, 'manual')
    const typed = lines.filter((l) => l.type === 'user' && typeof l.message?.content === 'string').map((l) => l.message.content)
    for (const t of TURNS.filter((t) => t !== '/compact')) assert.ok(typed.includes(t), `typed: ${t}`)
    const tools = new Set(
      lines
        .filter((l) => l.type === 'assistant')
        .flatMap((l) => l.message.content)
        .filter((b: any) => b.type === 'tool_use')
        .map((b: any) => b.name),
    )
    assert.deepEqual([...tools].sort(), ['Bash', 'Edit', 'Read', 'Write'])
    assert.ok(
      lines.some(
        (l) => l.type === 'user' && Array.isArray(l.message?.content) && l.message.content.some((b: any) => b.type === 'tool_result' && b.is_error === true),
      ),
      'a command failed',
    )
    assert.ok(
      lines.every((l) => l.version === undefined || l.version === ENGINE_VERSION),
      'written by the pinned engine',
    )
    assert.ok(lines.some((l) => l.cwd === SAMPLE_PROJECT))
  })

  test('exits 0 and prints a handoff: the marker, every typed turn verbatim, the ledger, and why two sections are left out', () => {
    const r = demo()
    assert.equal(r.status, 0, r.stderr)
    const m = MARKER.exec(r.stdout)
    assert.ok(m, `opens with the marker: ${r.stdout.slice(0, 120)}`)
    for (const t of before) assert.ok(r.stdout.includes(`\n${t}\n</turn>`), `turn verbatim: ${t}`)
    assert.ok(!r.stdout.includes(TURNS.at(-1)!), 'a turn after the compaction is not in the handoff for the conversation before it')
    assert.ok(r.stdout.includes('[error] ./node_modules/.bin/eslint src/'), 'the ledger lists the failing command')
    assert.match(r.stdout, /- src\/slug\.js — Write, Edit\n/)
    assert.match(r.stdout, /## Left out\n\n- Summary: \[section summary\] needs a model[^\n]*\n- Open commitments: \[section commitments\] needs a model/)
    // A session this small is carried almost whole by the other sections: excerpts adds only the
    // end of the newest command's output (its summary lines), under the command.
    assert.match(r.stdout, /\n### \$ node --test test\/ — (?:\d+ excerpts, )?lines? [\d,–]+ of \d+\n/)
    assert.match(r.stderr, /7 of 9 sections kept/)
  })

  test('with the recorded model replies, the summary and commitments are kept too', () => {
    const r = demo('--model-replies', join(root, 'samples', 'model-replies.json'))
    assert.equal(r.status, 0, r.stderr)
    assert.match(r.stdout, MARKER)
    assert.match(r.stderr, /9 of 9 sections kept/)
    assert.ok(r.stdout.includes(`[file] ${SAMPLE_PROJECT}/src/slug.js — created; then NFD normalisation added before toLowerCase`))
    assert.ok(!/<\/?(analysis|summary|restore-files)>/.test(r.stdout))
    assert.match(r.stdout, new RegExp(`- #\\d+ "${PROMISE.replace(/[.?]/g, '\\$&')}" — no test for accented input was written`))
    assert.match(r.stdout, new RegExp(`- #\\d+ "${QUESTION.replace(/[.?]/g, '\\$&')}" — the person has not answered`))
    assert.match(r.stdout, /2 files, chosen by the summary/)
  })

  test('the plugin folder alone, as an install copies it (no node_modules anywhere above), reads shell commands with its bundled grammar', () => {
    const installed = mkdtempSync(join(tmpdir(), 'ch-installed-'))
    try {
      cpSync(join(root, 'plugin', 'dist'), join(installed, 'dist'), { recursive: true })
      const env = { ...process.env }
      delete env.ANTHROPIC_API_KEY
      delete env.COMPACT_HANDOFF_CONFIG
      const r = spawnSync(process.execPath, [join(installed, 'dist', 'compact-handoff.mjs'), 'build', sample, '--json'], {
        cwd: installed,
        env,
        encoding: 'utf8',
        timeout: 30_000,
      })
      assert.equal(r.status, 0, r.stderr)
      const ledger = (
        JSON.parse(r.stdout) as { sections: Array<{ name: string; record?: { parser?: { parsed: number; unavailable?: string } } }> }
      ).sections.find((s) => s.name === 'ledger')
      const parser = ledger?.record?.parser
      assert.equal(parser?.unavailable, undefined, 'the grammar is found beside the bundle')
      assert.ok(parser && parser.parsed > 0, `commands went through the parser: ${JSON.stringify(parser)}`)
    } finally {
      rmSync(installed, { recursive: true, force: true })
    }
  })

  test('the bundled default config, edited in place, is read again and its issues placed (the bundle carries it as built)', () => {
    const installed = mkdtempSync(join(tmpdir(), 'ch-installed-'))
    try {
      cpSync(join(root, 'plugin', 'dist'), join(installed, 'dist'), { recursive: true })
      const config = join(installed, 'dist', 'pipeline.config.yaml')
      const text = readFileSync(config, 'utf8')
      const env = { ...process.env }
      delete env.ANTHROPIC_API_KEY
      delete env.COMPACT_HANDOFF_CONFIG
      const run = () =>
        spawnSync(process.execPath, [join(installed, 'dist', 'compact-handoff.mjs'), 'build', sample, '--json'], {
          cwd: installed,
          env,
          encoding: 'utf8',
          timeout: 30_000,
        })
      // Edited: the late share changed, the turns budget broken.
      writeFileSync(config, text.replace('lateShare: 0.5', 'lateShare: 0').replace(/(- name: turns\n(?:.*\n)*?\s+budgetChars:) 4000/, '$1 -1'))
      const broken = run()
      assert.notEqual(broken.status, 0)
      const line = text.split('\n').findIndex((l, i, all) => /budgetChars: 4000/.test(l) && all.slice(0, i).some((p) => p.includes('- name: turns')))
      assert.match(broken.stderr, new RegExp(`pipeline\\.config\\.yaml:${line + 1}:\\d+`), broken.stderr)
      assert.match(broken.stderr, /budgetChars/)
      // Edited and valid: what the file now says is what runs (the turns section's budget is whole
      // with nothing kept back for the later sections, its share otherwise).
      writeFileSync(config, text.replace('lateShare: 0.5', 'lateShare: 0').replace(/(- name: turns\n(?:.*\n)*?\s+budgetChars:) 4000/, '$1 300'))
      const edited = run()
      assert.equal(edited.status, 0, edited.stderr)
      const turns = (JSON.parse(edited.stdout) as { sections: Array<{ name: string; status: string; chars?: number; message?: string }> }).sections.find(
        (s) => s.name === 'turns',
      )
      assert.ok(turns && (turns.status === 'ok' ? turns.chars! <= 300 : /budget of 300 \(budgetChars\)/.test(turns.message ?? '')), JSON.stringify(turns))
      // As built: runs as the repository's file says.
      writeFileSync(config, text)
      const built = run()
      assert.equal(built.status, 0, built.stderr)
      const whole = (JSON.parse(built.stdout) as { sections: Array<{ name: string; chars?: number }> }).sections.find((s) => s.name === 'turns')
      assert.ok(whole?.chars !== undefined && whole.chars > 300, JSON.stringify(whole))
    } finally {
      rmSync(installed, { recursive: true, force: true })
    }
  })
})

describe('npm run demo:engine', () => {
  test('a live engine session with the plugin, offline: the next request after /compact opens with the handoff', { skip: skipWithoutEngine }, () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    const [cmd, ...args] = pkg.scripts['demo:engine']!.split(' ')
    assert.equal(cmd, 'node')
    const env = { ...process.env }
    delete env.ANTHROPIC_API_KEY
    const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8', timeout: 180_000 })
    assert.equal(r.status, 0, r.stderr)
    assert.match(
      r.stdout,
      /^The engine's next request opens with compact-handoff's handoff \([\d,]+ chars; row: live, replaced\):\n\n<!-- compact-handoff: session=[0-9a-f-]{36} n=001 prev=none -->/,
    )
    // What the session did is in it: the file it wrote, the command it ran.
    assert.match(r.stdout, /notes\.md/)
    assert.match(r.stdout, /grep -c heredoc notes\.md/)
    assert.match(r.stdout, /The folder is removed; --keep leaves it\.\n$/)
    // --keep leaves the folder, and the demo still ends (it used to wait on its fake model).
    const kept = spawnSync(process.execPath, [...args, '--keep'], { cwd: root, env, encoding: 'utf8', timeout: 180_000 })
    assert.equal(kept.status, 0, `${kept.signal ?? ''} ${kept.stderr}`)
    const dir = /^Kept: (\S+)$/m.exec(kept.stdout)?.[1]
    assert.ok(dir && existsSync(join(dir, 'data')), kept.stdout.slice(-300))
    rmSync(dir, { recursive: true, force: true })
  })
})
