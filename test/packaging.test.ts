/**
 * The project as a third party gets it, from folders outside the repository: `npm pack` it, build
 * and pack the example section (TypeScript) and subscriber, install all three the way the docs
 * say, type-check a TS file against `compact-handoff/section` under a default `tsc --init` and run
 * it with plain node, then `compact-handoff build` with a relative `--config` from another
 * working directory: the example section is kept and the subscriber recorded.
 */
import assert from 'node:assert/strict'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { npm, packAll, run, TS_VERSION } from './packs.ts'

const tmp = mkdtempSync(join(tmpdir(), 'ch-packaging-'))
after(() => rmSync(tmp, { recursive: true, force: true }))

test('npm pack, install with an example section and subscriber, type-check and run, build with a relative --config', { timeout: 600_000 }, () => {
  // 1. The project and the examples, packed as their authors would (test/packs.ts).
  const { project: chTgz, sectionTodos: todosTgz, subscriberLog: logTgz } = packAll(tmp)

  // 2. A user's folder: the three tarballs and TypeScript, a default tsc --init, an ESM package.
  const user = join(tmp, 'user')
  mkdirSync(user)
  npm(['init', '-y'], user)
  npm(['pkg', 'set', 'type=module'], user)
  npm(['install', chTgz, todosTgz, logTgz, `typescript@${TS_VERSION}`], user)
  run(process.execPath, [join(user, 'node_modules', 'typescript', 'bin', 'tsc'), '--init'], user)
  writeFileSync(
    join(user, 'check.ts'),
    `import { defineSection, SectionDropError, type SectionContext, type SectionResult } from 'compact-handoff/section'
import { defineSubscriber } from 'compact-handoff/pipeline'
import todos from 'compact-handoff-section-todos'

const echo = defineSection<{ word: string }>({
  name: 'echo',
  title: 'Echo',
  description: 'says its word',
  defaults: { timeoutMs: 1000, budgetChars: 100, priority: 1, options: { word: 'hi' } },
  async run(ctx: SectionContext<{ word: string }>): Promise<SectionResult> {
    if (ctx.signal.aborted) throw new SectionDropError('SECTION_TIMEOUT', 'stopped')
    return { body: ctx.options.word }
  },
})
const log = defineSubscriber({ name: 'x', apply(hooks) { hooks.beforeCompact.tap('x', (e) => void e.messageCount) } })
console.log(JSON.stringify({ echo: echo.name, todos: todos.name, title: todos.title, sub: log.name, drop: new SectionDropError('SECTION_EMPTY', 'm').code }))
`,
  )
  run(process.execPath, [join(user, 'node_modules', 'typescript', 'bin', 'tsc')], user)
  const ran = JSON.parse(run(process.execPath, ['check.js'], user)) as Record<string, string>
  assert.deepEqual(ran, { echo: 'echo', todos: 'todos', title: 'Open TODOs in files written', sub: 'x', drop: 'SECTION_EMPTY' })

  // 3. A session that wrote a file with a TODO in it, and a config beside node_modules.
  const project = join(tmp, 'project')
  mkdirSync(project)
  const app = join(project, 'app.js')
  writeFileSync(app, 'export const x = 1\n// TODO: retry when the socket closes\n')
  const transcript = join(tmp, 'session.jsonl')
  const lines = [
    { type: 'user', sessionId: 'pack-test', uuid: 'u1', cwd: project, message: { role: 'user', content: 'write app.js' } },
    {
      type: 'assistant',
      sessionId: 'pack-test',
      uuid: 'a1',
      cwd: project,
      message: {
        id: 'm1',
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't1', name: 'Write', input: { file_path: app, content: 'export const x = 1\n' } }],
      },
    },
    {
      type: 'user',
      sessionId: 'pack-test',
      uuid: 'u2',
      cwd: project,
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'File created successfully' }] },
    },
    {
      type: 'assistant',
      sessionId: 'pack-test',
      uuid: 'a2',
      cwd: project,
      message: { id: 'm2', role: 'assistant', content: [{ type: 'text', text: 'done' }] },
    },
  ]
  writeFileSync(transcript, lines.map((l) => JSON.stringify(l)).join('\n') + '\n')
  const logFile = join(tmp, 'subscriber-log.jsonl')
  writeFileSync(
    join(user, 'pipeline.config.yaml'),
    `plugins:\n  - package: compact-handoff-subscriber-log\n    options:\n      file: ${logFile}\nsections:\n  - name: todos\n    package: compact-handoff-section-todos\n`,
  )
  writeFileSync(join(tmp, 'no-user-override.yaml'), '')

  // 4. The installed CLI, from another folder, the config named by a relative path.
  const elsewhere = join(tmp, 'elsewhere')
  mkdirSync(elsewhere)
  const out = run(
    process.execPath,
    [
      join(user, 'node_modules', 'compact-handoff', 'plugin', 'dist', 'compact-handoff.mjs'),
      'build',
      transcript,
      '--end',
      '--json',
      '--config',
      '../user/pipeline.config.yaml',
    ],
    elsewhere,
    { COMPACT_HANDOFF_CONFIG: join(tmp, 'no-user-override.yaml') },
  )
  const result = JSON.parse(out) as {
    handoff: string
    sections: Array<{ name: string; status: string; message?: string }>
    seam: Array<{ name: string; hook: string; status: string; ms: number }>
  }
  const todosRow = result.sections.find((s) => s.name === 'todos')
  assert.equal(todosRow?.status, 'ok', JSON.stringify(todosRow))
  assert.match(result.handoff, /## Open TODOs in files written\n\napp\.js:2 {2}\/\/ TODO: retry when the socket closes/)
  assert.deepEqual(
    result.seam.map((s) => `${s.name} ${s.hook} ${s.status}`),
    ['subscriber-log beforeCompact ok', 'subscriber-log sectionDropped ok', 'subscriber-log done ok'],
  )
  assert.ok(existsSync(logFile), 'the subscriber wrote its line')
  const logged = JSON.parse(readFileSync(logFile, 'utf8').trim()) as { sessionId: string; trigger: string; kept: string[] }
  assert.equal(logged.trigger, 'cli')
  assert.ok(logged.kept.includes('todos'))
})
