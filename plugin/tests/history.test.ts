/**
 * The history tools in the hooks module, with nothing real beneath it: session.start registers
 * the five history tools, handoff_compact and /handoff; a tool run and a /handoff run become one `compact-handoff tool`
 * process with the session, the data dir and the mode on its stdin, whose stdout is the answer.
 * Run by `claude plugin test plugin`.
 */
import type { On } from 'claude-code'
import { describe, expect, mock, test } from 'claude-code/testing'

interface World {
  registered: string[]
  commands: string[]
  runs: Array<{ argv: readonly string[]; stdin?: string }>
}

function world(on: On, answer: (argv: readonly string[]) => { exitCode: number; stdout: string; stderr?: string } | { deny: string }): World {
  const w: World = { registered: [], commands: [], runs: [] }
  mock.env(on, { HOME: '/home/t', COMPACT_HANDOFF_DATA_DIR: '/data' })
  on('session.id', () => ({ value: 'sid-1' }))
  on('session.start', (_$, e) => ({ cwd: e.cwd }))
  on('ui.log', () => ({ value: undefined }))
  on('tool.register', (_$, e) => {
    w.registered.push(e.name)
    return { value: { tool: `mcp__compact-handoff__${e.name}` } }
  })
  on('command.register', (_$, e) => {
    w.commands.push(e.name)
    return { value: { command: e.name } }
  })
  on('process.run', (_$, e) => {
    w.runs.push({ argv: [...e.argv], stdin: e.init?.stdin })
    if (e.argv[1] === '--version') return { value: { exitCode: 0, stdout: 'v20.20.2\n', stderr: '', isStdoutTruncated: false, isStderrTruncated: false } }
    const a = answer(e.argv)
    if ('deny' in a) return a
    return { value: { exitCode: a.exitCode, stdout: a.stdout, stderr: a.stderr ?? '', isStdoutTruncated: false, isStderrTruncated: false } }
  })
  return w
}

const toolRuns = (w: World) => w.runs.filter((r) => r.argv.includes('tool'))

describe('history tools', () => {
  const TOOLS = ['handoff_status', 'handoff_list', 'handoff_lookup', 'handoff_search', 'handoff_feedback', 'handoff_compact']

  test('a session with no compactions yet: /handoff at session.start, the tools 2 s on', async ($, on) => {
    const clock = mock.clock(on, { now: 1_700_000_000_000 })
    const w = world(on, () => ({ exitCode: 0, stdout: '' }))
    on('fs.exists', () => ({ value: false }))
    await $.session.start({ cwd: '/project', surface: null, isInteractive: false })
    // A one-shot `claude -p` has ended before the tools: only the command, and no node probed.
    expect(w.commands).toEqual(['handoff'])
    expect(w.registered).toEqual([])
    expect(w.runs).toEqual([])
    await clock.advance(1_999)
    expect(w.registered).toEqual([])
    await clock.advance(1)
    await clock.settle()
    expect(w.registered).toEqual(TOOLS)
    // Node is probed then too, once.
    expect(w.runs.map((r) => r.argv.slice(1))).toEqual([['--version']])
  })

  test('a session with compactions on record (resumed) gets the five tools at session.start', async ($, on) => {
    const clock = mock.clock(on, { now: 1_700_000_000_000 })
    const w = world(on, () => ({ exitCode: 0, stdout: '' }))
    const asked: string[] = []
    on('fs.exists', (_$, e) => {
      asked.push(e.path)
      return { value: e.path === '/data/rehearsals/sid-1' }
    })
    await $.session.start({ cwd: '/project', surface: null, isInteractive: false })
    expect(asked.sort()).toEqual(['/data/rehearsals/sid-1', '/data/sessions/sid-1'])
    expect(w.registered).toEqual(TOOLS)
    expect(w.commands).toEqual(['handoff'])
    await clock.advance(5_000)
    expect(w.registered).toEqual(TOOLS)
  })

  test('a tool run is one `compact-handoff tool <name>` process; its stdout is the result', { options: { live: true } }, async ($, on) => {
    const w = world(on, () => ({ exitCode: 0, stdout: '1 match for "X" in this session\nn=1 transcript:7  X\n' }))
    const r = await $.tool.run({ tool: 'mcp__compact-handoff__handoff_search', tool_use_id: 'toolu_1', query: 'X', limit: 5 } as never)
    expect(r.result).toBe('1 match for "X" in this session\nn=1 transcript:7  X')
    const run = toolRuns(w)[0]!
    expect(run.argv.slice(1)).toEqual([expect.stringMatching(/\/dist\/compact-handoff\.mjs$/), 'tool', 'handoff_search'])
    expect(JSON.parse(run.stdin!)).toEqual({
      args: { query: 'X', limit: 5 },
      context: { sessionId: 'sid-1', dataDir: '/data', live: true, pluginVersion: expect.any(String) },
    })
  })

  test('a refused call answers its one line; a crash answers how it ended', async ($, on) => {
    let code = 1
    world(on, () =>
      code === 1
        ? { exitCode: 1, stdout: 'handoff_lookup: from 9 is past the end\n' }
        : { exitCode: 3, stdout: '', stderr: 'compact-handoff tool: internal error: boom\n' },
    )
    const refused = await $.tool.run({ tool: 'mcp__compact-handoff__handoff_lookup', tool_use_id: 't', from: 9 } as never)
    expect(refused.result).toBe('handoff_lookup: from 9 is past the end')
    code = 3
    const crashed = await $.tool.run({ tool: 'mcp__compact-handoff__handoff_lookup', tool_use_id: 't2' } as never)
    expect(crashed.result).toBe('handoff_lookup: the history tools exited with code 3: compact-handoff tool: internal error: boom')
  })

  test('node cannot start: the tool answers why, in one line', async ($, on) => {
    world(on, () => ({ deny: 'ENOENT: Executable not found in $PATH: "node"' }))
    const r = await $.tool.run({ tool: 'mcp__compact-handoff__handoff_status', tool_use_id: 't' } as never)
    expect(String(r.result)).toMatch(/^handoff_status: could not run the history tools: /)
  })

  test('/handoff <words> runs the status and a search through the same process', async ($, on) => {
    const w = world(on, () => ({ exitCode: 0, stdout: 'compact-handoff 0.1.0 · rehearsal\n\n1 match\n' }))
    const r = await $.command.run({ command: 'handoff', args: 'pelican' } as never)
    expect(r.text).toBe('compact-handoff 0.1.0 · rehearsal\n\n1 match')
    const run = toolRuns(w)[0]!
    expect(run.argv.at(-1)).toBe('handoff_command')
    expect(JSON.parse(run.stdin!).args).toEqual({ words: 'pelican' })
  })
})
