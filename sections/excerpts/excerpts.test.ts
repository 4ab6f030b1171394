import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import { type Message, type SectionOutcome, SectionDropError, type Transcript } from '../../pipeline/index.ts'
import { runSection, sectionContext } from '../../test/section-context.ts'
import excerpts, { callLabel, callLines, linesOf, oneFile } from './index.ts'
import { type Chunk, chunksOf, lineKey, namesIn, pathNoise, runKeys, runsOf, salience, select, type Source } from './select.ts'

const call = (i: number, name: string, input: Record<string, unknown>, result = 'ok', isError = false): Message => ({
  index: i,
  role: 'assistant',
  kind: 'assistant',
  text: '',
  toolUses: [{ id: `t${i}`, name, input, result: { toolUseId: `t${i}`, text: result, isError } }],
  toolResults: [],
})
const said = (i: number, text: string, kind: 'assistant' | 'typed' = 'assistant'): Message => ({
  index: i,
  role: kind === 'typed' ? 'user' : 'assistant',
  kind,
  text,
  toolUses: [],
  toolResults: [],
})
const t = (...messages: Message[]): Transcript => ({ source: 'jsonl', messages, boundaries: [], malformed: { count: 0, lines: [] }, cwd: '/p' })

/** A file of `n` numbered filler lines, with `lines` put in at the given 1-based line numbers. */
function file(n: number, lines: Record<number, string>): string {
  return Array.from({ length: n }, (_, i) => lines[i + 1] ?? `    filler line number ${i + 1} of the file`).join('\n')
}

describe('names and what the session kept naming', () => {
  test('names are identifiers, paths and flags; plain words are not', () => {
    assert.deepEqual([...namesIn('Then loadSessionState reads src/store.go (see --dry-run, max_commits, v2); because Testing.')].sort(), [
      '--dry-run'.replace(/^-+/, ''),
      'loadSessionState',
      'max_commits',
      'src/store.go',
    ])
  })

  test('a newer mention weighs more than an older one; what a result printed counts for nothing', () => {
    const w = salience(
      [said(0, 'first oldName'), call(1, 'Bash', { command: 'grep -n newName src/a.go' }, 'src/a.go:3: printedOnly()'), said(2, 'then newName again')],
      0.2,
    )
    assert.ok(w.get('newName')! > w.get('oldName')!, `${w.get('newName')} > ${w.get('oldName')}`)
    assert.equal(w.get('printedOnly'), undefined)
  })
})

describe('runs', () => {
  test('a run starts where a paragraph does: blank lines end runs and belong to none; a long paragraph is cut evenly', () => {
    const lines = ['a1', 'a2', '', '', 'b1', 'b2', 'b3', 'b4', 'b5', '   ', 'c1']
    assert.deepEqual(runsOf(lines, 4), [
      { from: 0, to: 2 },
      { from: 4, to: 6 },
      { from: 6, to: 9 },
      { from: 10, to: 11 },
    ])
    assert.deepEqual(runsOf(['', ''], 4), [])
    assert.deepEqual(runsOf(['x', 'y'], 1), [
      { from: 0, to: 1 },
      { from: 1, to: 2 },
    ])
  })
})

describe('runs that say something', () => {
  test('a line that introduces what follows goes with it: a heading alone, a line ending in a colon; at the end, with nothing after it, it is not shown', () => {
    const lines = [
      '### Self-Review Findings',
      '',
      'found_1 and fixed it',
      'then found_2',
      '',
      'setup/1 has this signature:',
      '',
      'def setup(opts_1)',
      'trailing_x has:',
    ]
    assert.deepEqual(runsOf(lines, 4), [
      { from: 0, to: 4 },
      { from: 5, to: 8 },
    ])
    // Inside a paragraph, the cut moves so the introducing line starts the next run.
    assert.deepEqual(runsOf(['a_1', 'b_2', 'c_3', 'def run(self):', 'body_1', 'body_2'], 4), [
      { from: 0, to: 3 },
      { from: 3, to: 6 },
    ])
  })

  test('an output line nearly all paths is noise; code and a line with words are not', () => {
    assert.ok(pathNoise('(/usr/share/texlive/texmf-dist/tex/latex/amsmath/amsmath.sty'))
    assert.ok(pathNoise('ok  \tentire.io/cli/cmd/entire/cli/agent\t(cached)'))
    assert.ok(!pathNoise('cmd/entire/cli/rewind.go:579:13: undefined: agent'))
    assert.ok(!pathNoise('\tlogCtx := logging.WithAgent(ctx, ag.Name())'))
  })

  test('a line read without what varies between runs of one check: a search prefix, numbers', () => {
    assert.equal(lineKey('lib/a.ex:58:13:pattern_match'), lineKey('lib/a.ex:57:13:pattern_match'))
    assert.equal(lineKey('done in 0m11.96s'), lineKey('done in 0m12.12s'))
    assert.equal(lineKey('cmd/x.go:70:\tlogCtx := f()'), lineKey('logCtx := f()'))
    assert.notEqual(lineKey('Total errors: 2, in fooBar'), lineKey('Total errors: 2, in fooBaz'))
  })
})

describe('select', () => {
  const sources = (texts: string[]): Source[] => texts.map((s, i) => ({ label: `f${i}`, kind: 'file', lines: s.split('\n'), firstLine: 1, recency: 1 }))

  test('takes the run holding what was named, skips a name the handoff already carries, and keeps to the budget', () => {
    const src = sources([file(40, { 5: 'func wantedThing() {', 25: 'func carriedThing() {' })])
    const chunks = chunksOf(src, 8, 200)
    const weights = new Map([
      ['wantedThing', 1],
      ['carriedThing', 1],
    ])
    const pick = select(src, chunks, weights, { budget: 400, covered: new Set(['carriedThing']), background: 0, headingChars: () => 20, lineChars: 200 })
    assert.deepEqual(
      pick.chunks.map((c) => [c.from, c.to]),
      [[0, 8]],
    )
    assert.ok(pick.chars <= 400)
  })

  test('the lazy greedy picks what re-scoring every run at every step would', () => {
    const greedy = (src: Source[], chunks: Chunk[], weights: Map<string, number>, budget: number, bg: number) => {
      const covered = new Set<string>()
      const shownKeys = new Set<string>()
      const opened = new Set<number>()
      const out: Chunk[] = []
      let used = 0
      const pool = [...chunks]
      for (;;) {
        let best = -1
        let bestV = 0
        pool.forEach((c, i) => {
          // A run whose every line reads as one already shown adds nothing.
          if (runKeys(src[c.source]!, c, 200).every((k) => shownKeys.has(k))) return
          let v = 0
          for (const n of c.names) if (!covered.has(n)) v += (weights.get(n) ?? 0) + bg * c.backgroundShare
          v /= c.cost
          if (v > bestV) [best, bestV] = [i, v] // strictly: a tie goes to the earlier run
        })
        if (best < 0) break
        const c = pool.splice(best, 1)[0]!
        const cost = c.cost + (opened.has(c.source) ? 0 : 20)
        if (used + cost > budget) continue
        used += cost
        opened.add(c.source)
        out.push(c)
        for (const n of c.names) covered.add(n)
        for (const k of runKeys(src[c.source]!, c, 200)) shownKeys.add(k)
      }
      return out.map((c) => `${c.source}:${c.from}`).sort()
    }
    // Names that read alike once numbers are set aside (gamma_3, gamma_4), and lines nearly all
    // paths (a/b_1/c), so that held lines and background shares are exercised too.
    const NAMES = ['alphaOne', 'betaTwo', 'gamma_3', 'gamma_4', 'delta.four', 'epsilonFive', 'zeta-six', 'a/b_1/c']
    const name = fc.constantFrom(...NAMES)
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.array(name, { maxLength: 3 }), { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: NAMES.length, maxLength: NAMES.length }),
        fc.integer({ min: 50, max: 600 }),
        fc.constantFrom(0, 0.5),
        (files, w, budget, bg) => {
          const src = sources(files.map((lines) => lines.map((names, i) => `${names.join(' ')} x${i % 3}`).join('\n'))).map((s) => ({
            ...s,
            kind: 'output' as const,
          }))
          const chunks = chunksOf(src, 2, 200)
          const weights = new Map(NAMES.map((n, i) => [n, w[i]! + i / 7]))
          const lazy = select(src, chunks, weights, { budget, background: 0, outputBackground: bg, covered: new Set(), headingChars: () => 20, lineChars: 200 })
            .chunks.map((c) => `${c.source}:${c.from}`)
            .sort()
          assert.deepEqual(lazy, greedy(src, chunks, weights, budget, bg))
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('the excerpts section', () => {
  const GO = file(60, { 12: 'func loadSessionState(id string) error {', 13: '\treturn readState(id)', 40: 'func unrelatedHelper() {}' })

  test('shows the runs around what the session named, numbered as in the file, newest source first', async () => {
    // Read, not written: a Write's content is the session's own words, so every name in it counts.
    const shown = GO.split('\n')
      .map((line, i) => `${String(i + 1).padStart(6)}\t${line}`)
      .join('\n')
    const transcript = t(
      call(0, 'Read', { file_path: '/p/store.go' }, shown),
      said(1, 'loadSessionState must call readState'),
      call(2, 'Bash', { command: "git commit -F - <<'EOF'\nfix: state\n\nCo-Authored-By: Someone <someone@example.com>\nEOF" }, '[main 1a2b3c4] fix: state'),
    )
    const named = await runSection(excerpts, transcript, { budgetChars: 2_000, options: { background: 0 } })
    assert.match(named.body, /### \/p\/store\.go — lines 9–16\n9\t/)
    assert.match(named.body, /\n12\tfunc loadSessionState\(id string\) error \{\n13\t\treturn readState\(id\)\n/)
    assert.ok(!named.body.includes('unrelatedHelper'), 'with no background weight, a run holding nothing the session named is not shown')
    // The commit command is newer than the file: it comes first, its heredoc lines included.
    assert.ok(named.body.indexOf('### $ git commit') < named.body.indexOf('### /p/store.go'), named.body)
    assert.match(named.body, /\n4\t> Co-Authored-By: Someone <someone@example\.com>\n/)
    // Its first line is not shown, so the heading names the command.
    assert.match(named.body, /### \$ git commit -F - <<'EOF' — lines 4–6 of 6\n/)
    assert.ok(named.body.length <= 2_000)

    // With the default background weight, room left goes to other code of the sources worked on.
    const filled = await runSection(excerpts, transcript, { budgetChars: 2_000 })
    assert.match(filled.body, /### \/p\/store\.go — 2 excerpts, lines 9–40\n9\t[^]*\n…\n37\t/)
    assert.match(filled.body, /\n…\n37\t/)
    assert.ok(filled.body.length <= 2_000)
  })

  test('runs with only blank lines between them read as one range, the blank lines shown', async () => {
    const text = ['func firstThing_1() {', '\treturn 1', '}', '', 'func secondThing_2() {', '\treturn 2', '}'].join('\n')
    const r = await runSection(excerpts, t(call(0, 'Write', { file_path: '/p/two.go', content: text }), said(1, 'firstThing_1 and secondThing_2')), {
      budgetChars: 1_000,
      options: { background: 0 },
    })
    assert.match(r.body, /### \/p\/two\.go — lines 1–7\n1\tfunc firstThing_1\(\) \{\n2\t\treturn 1\n3\t\}\n4\t\n5\tfunc secondThing_2/)
  })

  test('output holding nothing the session named is shown only with an output background', async () => {
    const transcript = t(call(0, 'Bash', { command: 'go test ./...' }, 'FAIL pkg/store_test.go:12 expected_value_1'), said(1, 'ok'))
    await assert.rejects(
      () => runSection(excerpts, transcript, { budgetChars: 1_000, options: { outputBackground: 0 } }),
      (e: unknown) => e instanceof SectionDropError && e.code === 'SECTION_EMPTY',
    )
    const r = await runSection(excerpts, transcript, { budgetChars: 1_000, options: { outputBackground: 0.025 } })
    assert.match(r.body, /expected_value_1/)
  })

  test('a partial read is numbered from its offset; a copy that lost an Edit is shown as last read, and says so', async () => {
    const part = Array.from({ length: 5 }, (_, i) => `${String(100 + i).padStart(6)}\t${i === 2 ? 'const pinnedValue_x = 1' : 'filler words here'}`).join('\n')
    const r = await runSection(
      excerpts,
      t(
        call(0, 'Read', { file_path: '/p/big.ts', offset: 100, limit: 5 }, part),
        call(1, 'Edit', { file_path: '/p/big.ts', old_string: 'not in the copy', new_string: 'x' }),
        said(2, 'pinnedValue_x is wrong'),
      ),
      { budgetChars: 1_500 },
    )
    assert.match(r.body, /### \/p\/big\.ts \(as last read, before later edits\) — lines 102–104/)
    assert.match(r.body, /\n102\tconst pinnedValue_x = 1\n/)
  })

  test('never shows a file the engine re-attaches or the read policy refuses', async () => {
    const r = await runSection(
      excerpts,
      t(
        call(0, 'Write', { file_path: '/p/CLAUDE.md', content: 'Use secretName_1 here' }),
        call(1, 'Write', { file_path: '/p/.env', content: 'API_TOKEN=secretName_1' }),
        call(2, 'Write', { file_path: '/p/app.ts', content: 'export const secretName_1 = process.env.API_TOKEN' }),
        said(3, 'where is secretName_1 read'),
      ),
      { budgetChars: 2_000 },
    )
    assert.match(r.body, /### \/p\/app\.ts/)
    assert.ok(!r.body.includes('CLAUDE.md') && !r.body.includes('/p/.env'), r.body)
  })

  test('names another section already carries are not shown again; with nothing left it drops as SECTION_EMPTY', async () => {
    const transcript = t(call(0, 'Write', { file_path: '/p/a.go', content: 'func onlyName_1() {}' }), said(1, 'onlyName_1 next'))
    const carried: SectionOutcome = {
      name: 'restore',
      title: 'R',
      status: 'ok',
      body: 'restored: func onlyName_1() {}',
      messages: [],
      chars: 30,
      ms: 1,
      notes: [],
    }
    const ctx = { ...sectionContext(excerpts, transcript, { budgetChars: 2_000 }), needed: { restore: carried } }
    await assert.rejects(
      () => excerpts.run(ctx),
      (e: unknown) => e instanceof SectionDropError && e.code === 'SECTION_EMPTY',
    )
  })

  test("a command's own lines hide a setting's value, not the command after it; a heredoc's lines read as text", () => {
    const u = call(0, 'Bash', { command: 'API_TOKEN=abc123secretvalue make build\ncat <<EOF > .env\nDB_PASSWORD=hunter2hunter2\nEOF' }, 'built').toolUses[0]!
    assert.deepEqual(callLines(u), ['$ API_TOKEN=[value not shown] make build', '> cat <<EOF > .env', '> DB_PASSWORD=[value not shown]', '> EOF', 'built'])
  })

  test('a failed call keeps its output, marked as an error', () => {
    assert.deepEqual(callLines(call(0, 'Bash', { command: 'make test' }, 'boom', true).toolUses[0]!), ['$ make test', '[error] boom'])
  })

  test('output naming a secret is withheld, whatever printed it; a secret-looking assignment in other output has its value hidden', async () => {
    const r = await runSection(
      excerpts,
      t(
        said(0, 'check STRIPE_KEY_x1 and OPENAI_API_KEY and aws_secret_access_key and config_value_1'),
        call(1, 'Bash', { command: 'cat .env' }, 'STRIPE_KEY_x1=sk_live_abcdef123456'),
        call(2, 'Bash', { command: 'cat ~/.aws/credentials' }, 'aws_secret_access_key = AKIAabcdef123456'),
        call(3, 'Grep', { pattern: 'KEY', path: '/p' }, '/p/.env:1:OPENAI_API_KEY=sk-proj-123456'),
        call(4, 'Bash', { command: "cat > .env <<'EOF'\nAPI_TOKEN=ghp_abcdef\nEOF\necho done" }, 'done'),
        call(5, 'Bash', { command: 'printenv | sort' }, 'config_value_1=plain\nGITHUB_TOKEN=ghp_secretvalue123'),
      ),
      { budgetChars: 4_000 },
    )
    for (const leaked of ['sk_live_abcdef123456', 'AKIAabcdef123456', 'sk-proj-123456', 'ghp_abcdef', 'ghp_secretvalue123'])
      assert.ok(!r.body.includes(leaked), `${leaked} in:\n${r.body}`)
    assert.match(r.body, /GITHUB_TOKEN=\[value not shown\]/)
    assert.match(r.body, /config_value_1=plain/)
    assert.deepEqual(
      (r.record as { withheld: string[] }).withheld.map((w) => w.split(':')[0]),
      ['$ cat .env', '$ cat ~/.aws/credentials', 'Grep "KEY" in /p', "$ cat > .env <<'EOF'"],
    )
  })

  test('a path the user denied (denyPaths) is not shown, from a file or from output', async () => {
    const transcript = t(
      call(0, 'Write', { file_path: '/p/deploy.secret.yaml', content: 'deployKey_1: abc' }),
      call(1, 'Bash', { command: 'cat /p/deploy.secret.yaml' }, 'deployKey_1: abc'),
      call(2, 'Write', { file_path: '/p/app.ts', content: 'read(deployKey_1)' }),
      said(3, 'deployKey_1 is used in app.ts'),
    )
    const r = await runSection(excerpts, transcript, { budgetChars: 2_000, options: { denyPaths: ['*.secret.yaml'] } })
    assert.ok(!r.body.includes('deploy.secret.yaml'), r.body)
    assert.match(r.body, /### \/p\/app\.ts — line 1\n1\tread\(deployKey_1\)/)
  })

  test('lines as the reader sees them: CRLF, a progress bar redrawn in place, no phantom last line; binary output is not shown', async () => {
    assert.deepEqual(linesOf('a_1\r\nb_2\r\n'), ['a_1', 'b_2'])
    assert.deepEqual(linesOf('10%\r50%\r100% done_x1\n'), ['100% done_x1'])
    const r = await runSection(
      excerpts,
      t(
        said(0, 'look at blob_1 and text_1'),
        call(1, 'Bash', { command: 'cat blob_1.bin' }, 'blob_1\u0000\u0001'),
        call(2, 'Bash', { command: 'cat notes.txt' }, 'text_1\n'),
      ),
      { budgetChars: 2_000 },
    )
    assert.ok(!r.body.includes('\u0000') && !r.body.includes('cat blob_1.bin'), r.body)
    // The command is its own first line: the heading does not repeat it.
    assert.match(r.body, /### A shell command and what it printed — lines 1–2 of 2\n1\t\$ cat notes\.txt\n2\ttext_1$/)
  })
})

describe('what is not worth the room', () => {
  const check = (timing: string, line: number) =>
    `Total errors: 2, Skipped: 0\ndone in 0m${timing}s\nlib/a.ex:${line}:13:pattern_match\nThe pattern can never match.`

  test('a check run again: only its newest output is a source, and its heading says how many runs there were', async () => {
    const r = await runSection(
      excerpts,
      t(
        said(0, 'run the check on lib/a.ex and fix pattern_match'),
        call(1, 'Bash', { command: 'mix check_all' }, check('11.96', 58)),
        call(2, 'Bash', { command: 'mix check_all' }, check('12.12', 58)),
        call(3, 'Bash', { command: 'mix check_all' }, check('12.09', 57)),
      ),
      { budgetChars: 4_000 },
    )
    assert.equal(r.body.match(/pattern_match/g)?.length, 1, r.body)
    assert.match(r.body, /### A shell command and what it printed \(the last of 3 runs\) — lines 1–5 of 5\n/)
    assert.match(r.body, /0m12\.09s/)
  })

  test('an output that reads as one already shown (a timing and a line number apart) is not shown again', async () => {
    const r = await runSection(
      excerpts,
      t(
        said(0, 'commit; the hook runs lib/a.ex pattern_match checks'),
        call(1, 'Bash', { command: 'git commit -m first_try' }, check('11.96', 58)),
        call(2, 'Bash', { command: 'git commit -m second_try' }, check('12.12', 57)),
      ),
      { budgetChars: 4_000 },
    )
    assert.equal(r.body.match(/pattern_match/g)?.length, 1, r.body)
  })

  test('what the engine appended to a result, and a result that only echoes its call, are not shown', async () => {
    const r = await runSection(
      excerpts,
      t(
        said(0, 'look up go-git IsBinary and use superpowers:writing-plans; check git_log_1'),
        call(
          1,
          'WebSearch',
          { query: 'go-git IsBinary' },
          'go-git/v5 utils/binary has IsBinary.\n\n\nREMINDER: You MUST include the sources above in your response to the user using markdown hyperlinks.',
        ),
        call(2, 'Skill', { skill: 'superpowers:writing-plans' }, 'Launching skill: superpowers:writing-plans'),
        call(3, 'Bash', { command: 'cd /tmp && git log -1 --oneline' }, '7f8e756f git_log_1 entry\nShell cwd was reset to /p'),
      ),
      { budgetChars: 4_000 },
    )
    assert.match(r.body, /utils\/binary has IsBinary/)
    assert.match(r.body, /git_log_1 entry/)
    for (const boilerplate of ['REMINDER', 'Launching skill', 'Shell cwd was reset']) assert.ok(!r.body.includes(boilerplate), `${boilerplate} in:\n${r.body}`)
  })

  test("a search whose every line is from one file says the file once, in its heading, and not on each line; the engine's relative and whole paths are the same file", async () => {
    const printed = [
      '/p/src/logs.go-179-\tStrategy: manual_1,',
      'src/logs.go:184:\tif d := s.describe_1(); d != "" {',
      '/p/src/logs.go-185-\t\tsession.Description = d',
      '--',
      'src/logs.go:201:\treturn describe_1',
    ]
    assert.deepEqual(oneFile(printed, '/p'), {
      path: '/p/src/logs.go',
      lines: ['179-\tStrategy: manual_1,', '184:\tif d := s.describe_1(); d != "" {', '185-\t\tsession.Description = d', '--', '201:\treturn describe_1'],
    })
    assert.equal(oneFile(['src/a.go:1:x_1', 'src/b.go:2:y_2'], '/p'), null, 'two files')
    assert.equal(oneFile(['15:29:59.374 [warning] a_1', '15:29:59.379 [warning] b_2'], '/p'), null, 'a timestamp is not a path')
    const r = await runSection(
      excerpts,
      t(call(0, 'Grep', { pattern: 'describe_1', path: '/p/src', '-C': 1 }, printed.join('\n')), said(1, 'describe_1 and manual_1')),
      { budgetChars: 2_000 },
    )
    assert.match(r.body, /### Grep "describe_1" in \/p\/src — lines 1–5 of 5, all in \/p\/src\/logs\.go\n1\t179-\tStrategy: manual_1,\n/)
    assert.ok(!r.body.includes('\tsrc/logs.go') && !r.body.includes('\t/p/src/logs.go'), r.body)
  })

  test('an output pointing only into files changed after it ran is stale: the files are shown as changed instead', async () => {
    const built = call(1, 'Bash', { command: 'go build ./...' }, 'cmd/rewind.go:579:13: undefined: agent_pkg')
    const read = call(0, 'Read', { file_path: '/p/cmd/rewind.go' }, '     1\tpackage cmd\n     2\tvar x = agent_pkg.Name')
    const fixed = call(2, 'Edit', { file_path: '/p/cmd/rewind.go', old_string: 'var x', new_string: 'var y' })
    const before = await runSection(excerpts, t(read, built, said(3, 'agent_pkg is undefined')), { budgetChars: 2_000 })
    assert.match(before.body, /undefined: agent_pkg/)
    const after = await runSection(excerpts, t(read, built, fixed, said(3, 'agent_pkg is undefined')), { budgetChars: 2_000 })
    assert.ok(!after.body.includes('undefined: agent_pkg'), after.body)
    assert.match(after.body, /var y = agent_pkg\.Name/)
  })

  test('a line nearly all paths earns no background weight: the room goes to a line with words', () => {
    const src: Source[] = [
      { label: '$ make', kind: 'output', lines: ['(/usr/tex/pkg_1.sty) (/usr/tex/pkg_2.sty)'], firstLine: 1, recency: 1 },
      { label: '$ make', kind: 'output', lines: ['Warning: label_x undefined'], firstLine: 1, recency: 1 },
    ]
    const chunks = chunksOf(src, 4, 200)
    const pick = select(src, chunks, new Map(), { budget: 80, background: 0.05, outputBackground: 0.05, headingChars: () => 10, lineChars: 200 })
    assert.deepEqual(
      pick.chunks.map((c) => c.source),
      [1],
    )
  })

  test("a shell output is headed by enough of its command to tell it apart: a bare first line ('bash -c \\'') takes the next ones", () => {
    const bash = (command: string) => ({ id: 'b', name: 'Bash', input: { command } })
    assert.equal(callLabel(bash("bash -c '\n  cd web && npm test\n'")), "$ bash -c ' cd web && npm test '")
    assert.equal(callLabel(bash('git status --short && git log --oneline -5\necho done')), '$ git status --short && git log --oneline -5')
    assert.equal(callLabel(bash(`echo ${'x'.repeat(200)}`), 40).length, 40)
  })
})
