/**
 * Records samples/session.jsonl: a real Claude Code session (the pinned engine, no plugin) in a
 * small git project, against the project's own fake model (test/e2e/fake-model.mjs) scripted to
 * answer like an assistant would. Typed turns, Write/Edit/Read/Bash calls (one command fails), a
 * /compact by the engine itself, and two turns after it. The transcript the engine wrote is copied
 * with the lab's temporary paths replaced by stable ones (see samples/README.md).
 *
 *   node --import tsx samples/record.ts [--out samples/session.jsonl]
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { beforeBoundary, parseJsonl } from '../pipeline/transcript.ts'
import type { FakeRule } from '../test/e2e/fake-model.mjs'
import { Lab, repoRoot, skipWithoutEngine } from '../test/e2e/harness.ts'

/** What the lab's temporary folders read as in the sample. */
export const SAMPLE_HOME = '/home/you'
export const SAMPLE_PROJECT = '/home/you/slug-demo'

const SLUG_V1 = `/** A URL slug: lowercase, runs of spaces as one dash, nothing but letters, digits and dashes. */
export function slugify(text) {
  return text
    .toLowerCase()
    .trim()
    .replace(/\\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
}
`

const TEST_V1 = `import assert from 'node:assert/strict'
import { test } from 'node:test'
import { slugify } from '../src/slug.js'

test('spaces become dashes, punctuation goes', () => {
  assert.equal(slugify('Hello, World!'), 'hello-world')
  assert.equal(slugify('  two   spaces  '), 'two-spaces')
})
`

/** The typed turns, in order; `/compact` is the engine's own compaction. */
export const TURNS = [
  'Add a slugify helper in src/slug.js: lowercase, runs of spaces become one dash, and anything that is not a letter, digit or dash is dropped. No dependencies.',
  'Now a test with node:test, and run it.',
  "Accented letters should keep their plain letter: 'Crème Brûlée' must become 'creme-brulee'.",
  'Run the linter too.',
  '/compact',
  "No, leave eslint out. What's left?",
  'Commit what we have.',
]

/** What the assistant left open before the compaction, quoted in the recorded commitments reply. */
export const PROMISE = "I'll add a test case for accented input next."
export const QUESTION = 'Should I add it as a dev dependency?'

/**
 * The summary the demo's --model-replies file answers with: written for this session, in the
 * shape the summary prompt asks for (sections/summary/README.md).
 */
export function summaryReply(project: string): string {
  const slug = join(project, 'src', 'slug.js')
  const test = join(project, 'test', 'slug.test.js')
  return [
    '<analysis>Four asks, one failed command, one promise and one question still open.</analysis>',
    '<summary>',
    '### Inventory',
    '[ask] a slugify helper in src/slug.js — done',
    '[ask] a node:test test, and run it — done: 1 test, passing',
    "[ask] accented letters keep their plain letter ('Crème Brûlée' → 'creme-brulee') — done in the code, no test for it yet",
    '[ask] run the linter — not done: eslint is not installed',
    '[constraint] "No dependencies."',
    "[decision] fold accents with normalize('NFD') and drop U+0300–U+036F before the filter — needs no dependency",
    `[file] ${slug} — created; then NFD normalisation added before toLowerCase`,
    `[file] ${test} — created: one test for spaces and punctuation`,
    '[error] ./node_modules/.bin/eslint src/ — exit 127, no such file; unresolved',
    '[open] a test case for accented input: promised, not written',
    '[open] whether to add eslint as a dev dependency: asked, no answer yet',
    '',
    '### Reading',
    'A tiny dependency-free slug helper. The helper and its first test are written and the test passes; accent folding is in the code but untested. Linting could not run because eslint is not installed, and the person has not said whether to add it.',
    '',
    'Next: add the accented test case, run the tests again, and wait for an answer on eslint.',
    '',
    '<restore-files>',
    `${slug} | all | the helper as it stands, accent folding included`,
    `${test} | all | where the accented test case goes`,
    '</restore-files>',
    '</summary>',
  ].join('\n')
}

/** The commitments reply: the promise and the question, at their message numbers in `transcript`. */
export function commitmentsReply(transcriptText: string): string {
  const conversation = beforeBoundary(parseJsonl(transcriptText), 'last')
  const at = (quote: string) => {
    const m = conversation.messages.find((x) => x.role === 'assistant' && x.text.includes(quote))
    if (!m) throw new Error(`the recorded session has no assistant message saying ${JSON.stringify(quote)}`)
    return m.index
  }
  const rows = [
    { kind: 'question', at: at(QUESTION), quote: QUESTION, open: 'the person has not answered' },
    { kind: 'unkept', at: at(PROMISE), quote: PROMISE, open: 'no test for accented input was written' },
  ]
  return `<commitments>\n${rows.map((r) => JSON.stringify(r)).join('\n')}\n</commitments>`
}

/** The fake's script: a reply per typed turn, and one after each tool result it is waiting on. */
function script(project: string): FakeRule[] {
  const slug = join(project, 'src', 'slug.js')
  const test = join(project, 'test', 'slug.test.js')
  return [
    // The engine's own summarizer (core compaction).
    {
      name: 'core-summary',
      match: 'create a detailed summary of the conversation',
      reply: {
        text: [
          '<analysis>The user is building a small dependency-free slugify helper.</analysis>',
          '<summary>',
          '1. Primary Request and Intent: a slugify helper in src/slug.js (lowercase, spaces to one dash, drop anything but letters, digits and dashes; no dependencies), with a node:test test; accented letters must keep their plain letter.',
          `2. Files: ${slug} (created, then edited to fold accents); ${test} (created).`,
          '3. Errors: the lint step failed, eslint is not installed (`./node_modules/.bin/eslint: No such file or directory`).',
          '4. Pending: a test case for accented input; whether to add eslint (asked, no answer yet).',
          '</summary>',
        ].join('\n'),
      },
    },
    // Turn 1: write the helper.
    { name: 't1', match: '(?:^|\\n)Add a slugify helper', reply: { text: "I'll write src/slug.js.", tool: 'Write', input: { file_path: slug, content: SLUG_V1 } } },
    { name: 't1-done', in: 'tool-result', match: 'src/slug\\.js', times: 1, reply: { text: 'Created src/slug.js with `slugify(text)`.' } },
    // Turn 2: a test, then run it.
    { name: 't2', match: '(?:^|\\n)Now a test with node:test', reply: { text: 'Adding test/slug.test.js.', tool: 'Write', input: { file_path: test, content: TEST_V1 } } },
    { name: 't2-run', in: 'tool-result', match: 'slug\\.test\\.js', times: 1, reply: { text: 'Running it.', tool: 'Bash', input: { command: 'node --test test/', description: 'Run the tests' } } },
    { name: 't2-done', in: 'tool-result', match: '# pass 1', times: 1, reply: { text: 'The test passes (1 of 1).' } },
    // Turn 3: read, then edit.
    { name: 't3', match: "(?:^|\\n)Accented letters", reply: { text: 'Let me look at the current implementation first.', tool: 'Read', input: { file_path: slug } } },
    {
      name: 't3-edit',
      in: 'tool-result',
      match: 'export function slugify',
      times: 1,
      reply: {
        text: "I'll decompose to NFD and strip the combining marks before the filter.",
        tool: 'Edit',
        input: { file_path: slug, old_string: '    .toLowerCase()\n', new_string: "    .normalize('NFD')\n    .replace(/[\\u0300-\\u036f]/g, '')\n    .toLowerCase()\n" },
      },
    },
    { name: 't3-done', in: 'tool-result', match: 'updated successfully', times: 1, reply: { text: `Done: 'Crème Brûlée' now gives 'creme-brulee'. ${PROMISE}` } },
    // Turn 4: a lint step that cannot run.
    { name: 't4', match: '(?:^|\\n)Run the linter', reply: { text: 'Running eslint.', tool: 'Bash', input: { command: './node_modules/.bin/eslint src/', description: 'Lint the sources' } } },
    { name: 't4-done', in: 'tool-result', match: 'No such file or directory', times: 1, reply: { text: `eslint is not installed in this project, so the lint step cannot run. ${QUESTION}` } },
    // After the compaction.
    { name: 't6', match: '(?:^|\\n)No, leave eslint out', reply: { text: 'Understood, no eslint. Left: the test case for accented input, then a commit.' } },
    { name: 't7', match: '(?:^|\\n)Commit what we have', reply: { text: 'Committing.', tool: 'Bash', input: { command: 'git add -A && git commit -q -m "Add slugify with accent folding" && git log --oneline -1', description: 'Commit the work' } } },
    { name: 't7-done', in: 'tool-result', match: 'Add slugify with accent folding', times: 1, reply: { text: 'Committed: "Add slugify with accent folding".' } },
  ]
}

function gitProject(dir: string): void {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'pipe', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_SYSTEM: '/dev/null' } })
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'slug-demo', version: '0.0.0', type: 'module', scripts: { test: 'node --test test/' } }, null, 2) + '\n')
  writeFileSync(join(dir, 'README.md'), '# slug-demo\n\nA tiny slugify helper.\n')
  git('init', '-q', '-b', 'main')
  git('config', 'user.name', 'Sample')
  git('config', 'user.email', 'sample@example.invalid')
  git('config', 'commit.gpgsign', 'false')
  git('add', '-A')
  git('commit', '-q', '-m', 'Initial commit')
}

/** The engine names a project's transcript folder after its path, every other character a dash. */
const mangle = (p: string) => p.replace(/[^a-zA-Z0-9]/g, '-')

/** The lab's temporary paths as stable ones (the project, its transcript folder, HOME, the rest),
 *  and the recording machine's kernel version, which the engine writes into its system prompt. */
export function scrub(text: string, lab: { dir: string; home: string; project: string }): string {
  return text
    .replaceAll(lab.project, SAMPLE_PROJECT)
    .replaceAll(mangle(lab.project), mangle(SAMPLE_PROJECT))
    .replaceAll(lab.home, SAMPLE_HOME)
    .replaceAll(lab.dir, '/tmp/sample-lab')
    .replace(/(OS Version: )[^\\"]*/g, '$1Linux')
}

/**
 * Records the session to `out`, and beside it `model-replies.json`: the summary and commitments
 * replies `compact-handoff build --model-replies` answers the demo's model calls with.
 */
export async function record(out: string): Promise<{ file: string; replies: string; lines: number; sessionId: string }> {
  if (skipWithoutEngine) throw new Error(skipWithoutEngine)
  // The script names files by `{project}`, which the lab fills in with its project folder.
  const lab = await Lab.create({ name: 'sample', plugin: false, script: script('{project}') })
  try {
    gitProject(lab.project)
    const s = lab.session()
    for (const text of TURNS) {
      const turn = await s.send(text, 60_000)
      if (turn.result.is_error) throw new Error(`turn ${JSON.stringify(text)} ended in error: ${JSON.stringify(turn.result)}`)
    }
    const code = await s.close()
    if (code !== 0) throw new Error(`the engine exited ${code}: ${s.stderr.text.slice(-500)}`)
    const scripted = lab.requests().filter((r) => r.kind.startsWith('script:')).map((r) => r.kind.slice('script:'.length))
    const missing = script('{project}').map((r) => r.name!).filter((n) => !scripted.includes(n))
    if (missing.length) throw new Error(`scripted replies never used: ${missing.join(', ')} (the session went off script)`)
    const text = scrub(readFileSync(lab.transcriptOf(s.sessionId!), 'utf8'), lab)
    // Nothing of the lab or of this machine: the lab's folder, the fake's address, the key's name,
    // this checkout, the real HOME.
    const leaks = [lab.dir, '127.0.0.1', lab.fake.url, 'ANTHROPIC_API_KEY', repoRoot + '/', ...(process.env.HOME && process.env.HOME.length > 1 ? [process.env.HOME + '/'] : [])]
    for (const leak of leaks) if (text.includes(leak)) throw new Error(`the transcript still holds ${leak}`)
    writeFileSync(out, text)
    const replies = join(dirname(out), 'model-replies.json')
    const source = 'written for samples/session.jsonl by samples/record.ts (not a real model); no usage, so no cost'
    writeFileSync(
      replies,
      JSON.stringify({ replies: [
        { kind: 'summary', text: summaryReply(SAMPLE_PROJECT), source },
        { kind: 'commitments', text: commitmentsReply(text), source },
      ] }, null, 2) + '\n',
    )
    return { file: out, replies, lines: text.split('\n').filter(Boolean).length, sessionId: s.sessionId! }
  } finally {
    await lab.close()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { out: { type: 'string', default: resolve(import.meta.dirname, 'session.jsonl') } } })
  const r = await record(resolve(values.out!))
  console.log(`recorded ${r.lines} lines of session ${r.sessionId} to ${r.file}, and the demo's model replies to ${r.replies}`)
}
