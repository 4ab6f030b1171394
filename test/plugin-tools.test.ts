/**
 * The hooks module registers the history tools from the contract (plugin/hooks/protocol.ts) and
 * writes failure rows of its own. These checks hold the two halves to it: the tools the engine
 * lists are the tools the Node side answers, each gets its hook, and a row the hooks module writes
 * has the shape of one the store writer writes.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { runEngine } from '../engine/child.ts'
import { HISTORY_TOOLS, TOOL_PREFIX, type EngineInput } from '../plugin/hooks/protocol.ts'
import { TOOL_NAMES, TOOL_SPECS } from '../store/tools.ts'
import { repoRoot } from './shared.ts'

const load = (file: string): Promise<any> => import(join(repoRoot, 'plugin', 'hooks', file))
const hookTools = await load('tools.ts')
const hookLogic = await load('logic.ts')

const made: string[] = []
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })))

test('the tools the engine registers are the ones the Node side answers, schemas and all', () => {
  assert.deepEqual(
    HISTORY_TOOLS.map((t) => t.name),
    [...TOOL_NAMES],
  )
  for (const t of HISTORY_TOOLS) {
    assert.equal(t.description, TOOL_SPECS[t.name].description, t.name)
    assert.deepEqual(t.inputSchema, TOOL_SPECS[t.name].inputSchema, t.name)
  }
  // The calls a handoff names are in every request's tool list, not behind ToolSearch.
  const eager = HISTORY_TOOLS.filter((t) => t.isDeferred === false).map((t) => t.name)
  assert.deepEqual(eager, ['handoff_lookup', 'handoff_search'])
})

test("the hooks module's tool helpers: full names, arguments, answers", () => {
  assert.equal(TOOL_PREFIX, 'mcp__compact-handoff__')
  // One tool.run hook per tool, each matching its full name exactly (a glob is not matched there):
  // the history tools registered by a loop over the contract's tools, answered by the tool's own name.
  const hooks = readFileSync(join(repoRoot, 'plugin', 'hooks', 'index.ts'), 'utf8').replace(/\s+/g, ' ')
  assert.match(
    hooks,
    /for \(const tool of HISTORY_TOOLS\) \{ on\('tool\.run', \{ tool: `\$\{TOOL_PREFIX\}\$\{tool\.name\}` \}, async \(\$, e\) => \(\{ result: await runHistory\(\$, options, tool\.name, toolArgs\(e\)\) \}\)\)\.catch\(/,
  )
  // And handoff_compact's, answered by the hooks module itself, matching its full name the same way.
  assert.match(hooks, /on\('tool\.run', \{ tool: `\$\{TOOL_PREFIX\}\$\{COMPACT_TOOL\.name\}` \}/)
  assert.equal(hooks.match(/on\('tool\.run'/g)?.length, 2, "the history tools' loop and handoff_compact, nothing else")
  assert.deepEqual(hookTools.toolArgs({ tool: 'x', tool_use_id: 'id', agentId: 'a', requestMeta: {}, query: 'q', limit: 3 }), { query: 'q', limit: 3 })
  assert.equal(hookTools.toolText('handoff_search', { exitCode: 0, stdout: 'found\n', stderr: '' }), 'found')
  assert.equal(
    hookTools.toolText('handoff_lookup', { exitCode: 1, stdout: 'handoff_lookup: from 9 is past the end\n', stderr: '' }),
    'handoff_lookup: from 9 is past the end',
  )
  assert.equal(
    hookTools.toolText('handoff_list', { exitCode: 3, stdout: '', stderr: 'x\ncompact-handoff tool: internal error: boom\n' }),
    'handoff_list: the history tools exited with code 3: compact-handoff tool: internal error: boom',
  )
  assert.match(hookTools.toolText('handoff_status', { failed: 'node is missing' }), /^handoff_status: could not run the history tools: node is missing$/)
  assert.equal(
    hookTools.unanswered('mcp__compact-handoff__handoff_list', { kind: 'timeout' }),
    'mcp__compact-handoff__handoff_list: the history tool did not answer (timeout)',
  )
})

test('a failure row the hooks module writes has the keys of one the Node writer writes', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ch-shape-'))
  made.push(dataDir)
  const input: EngineInput = {
    trigger: 'manual',
    sessionId: 'shape-1',
    cwd: tmpdir(),
    messages: [{ role: 'user', text: 'hi', toolUses: [] }],
    settings: { live: true, dataDir, maxChars: 0, maxFraction: 0, subagents: false, childTimeoutMs: 5_000, nodePath: 'node' },
    pluginRoot: '/plugin',
    pluginVersion: '9.9.9',
  }
  const ok = await runEngine(input, {
    rundir: join(dataDir, 'run'),
    send: () => undefined,
    build: async () => {
      throw new Error('stub pipeline fails')
    },
    env: {},
  })
  assert.equal(ok, false)
  const dir = join(dataDir, 'sessions', 'shape-1')
  const node = JSON.parse(
    readFileSync(
      join(
        dir,
        readdirSync(dir).find((f) => f.endsWith('.json'))!,
      ),
      'utf8',
    ),
  )
  const hook = hookLogic.storedRow(
    hookLogic.fallbackRow({
      at: new Date(),
      sessionId: 'shape-1',
      live: true,
      trigger: 'manual',
      code: 'pipeline-threw',
      reason: 'pipeline-threw: x',
      n: 1,
      prev: null,
      pluginVersion: '9.9.9',
      messages: 1,
      hookMs: 1,
      cwd: '/p',
    }),
    'sessions/shape-1/001-x.json',
  )
  const keys = (o: Record<string, unknown>) => Object.keys(o).sort()
  assert.deepEqual(keys(hook), keys(node))
  for (const k of ['lineage', 'files', 'ms', 'model', 'cost'])
    assert.deepEqual(
      keys(hook[k]).filter((x) => x !== 'pricedUsd'),
      keys(node[k]).filter((x) => x !== 'pricedUsd'),
      k,
    )
  assert.equal(node.depth, 1)
  assert.equal(hook.depth, 1)
})
