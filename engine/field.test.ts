import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { defaultConfigFile } from '../pipeline/build.ts'
import { loadConfig } from '../pipeline/config/load.ts'
import { readEngineMessages } from '../pipeline/transcript.ts'
import type { HandoffResult } from '../pipeline/types.ts'
import { builtinSections } from '../sections/index.ts'
import type { EngineInput, EngineMessage } from '../plugin/hooks/protocol.ts'
import { settingsYaml } from './child.ts'
import { forkCheck, handoffRefs } from './field.ts'

const made: string[] = []
after(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })))

const settings = (over: Partial<EngineInput['settings']> = {}): EngineInput['settings'] => ({
  live: true,
  dataDir: '/d',
  maxChars: 0,
  maxFraction: 0,
  subagents: false,
  childTimeoutMs: 1000,
  nodePath: 'node',
  ...over,
})

describe('the plugin settings as a config layer', () => {
  const load = (yaml: string | null) => {
    const dir = mkdtempSync(join(tmpdir(), 'ch-settings-'))
    made.push(dir)
    const files: string[] = [defaultConfigFile()]
    if (yaml !== null) {
      writeFileSync(join(dir, 'layer.yaml'), yaml)
      files.push(join(dir, 'layer.yaml'))
    }
    return loadConfig({ files, builtins: builtinSections })
  }
  const section = (c: ReturnType<typeof load>, name: string) => c.sections.find((s) => s.name === name)!

  test('nothing set: no layer, the config files stand', () => {
    assert.equal(settingsYaml(settings()), null)
    assert.equal(settingsYaml(settings({ restoreFiles: 0, commitmentsModel: '  ', seamTimeoutMs: 0 })), null)
  })

  test('each knob lands where the pipeline reads it, and nothing else moves', () => {
    const base = load(null)
    const c = load(
      settingsYaml(
        settings({
          maxChars: 30_000,
          restoreFiles: 2,
          restoreFileChars: 9_000,
          restoreTotalChars: 15_000,
          commitmentsModel: 'claude-haiku-5-5',
          commitmentsMaxTokens: 512,
          seamTimeoutMs: 1_500,
        }),
      ),
    )
    assert.equal(c.maxChars, 30_000)
    assert.equal(c.seamTimeoutMs, 1_500)
    assert.deepEqual(section(c, 'restore').options, { ...section(base, 'restore').options, maxFiles: 2, fileChars: 9_000, totalChars: 15_000 })
    assert.deepEqual(section(c, 'commitments').options, { ...section(base, 'commitments').options, model: 'claude-haiku-5-5', maxTokens: 512 })
    // Only the options: the sections keep their order, budgets and timeouts.
    assert.deepEqual(
      c.sections.map((s) => [s.name, s.budgetChars, s.timeoutMs]),
      base.sections.map((s) => [s.name, s.budgetChars, s.timeoutMs]),
    )
  })

  test('a model name that YAML would read as something else stays a string', () => {
    const c = load(settingsYaml(settings({ commitmentsModel: 'null: #1' })))
    assert.equal(section(c, 'commitments').options.model, 'null: #1')
  })
})

describe("the handoff's refs on the row", () => {
  const messages: EngineMessage[] = [
    { role: 'user', text: 'work on it', toolUses: [] },
    {
      role: 'assistant',
      text: '',
      toolUses: [
        { tool_use_id: 'a', tool: 'Read', input: { file_path: '/p/src/a.ts' } },
        { tool_use_id: 'b', tool: 'Edit', input: { file_path: '/p/src/b.ts', old_string: 'x', new_string: 'y' } },
        { tool_use_id: 'c', tool: 'Read', input: { file_path: '/p/src/c.ts' } },
      ],
    },
    {
      role: 'user',
      text: '',
      toolUses: [],
      toolResults: [
        { tool_use_id: 'a', text: '1\tconst a = 1', isError: false },
        { tool_use_id: 'b', text: 'updated', isError: false },
        { tool_use_id: 'c', text: '1\tconst c = 1', isError: false },
      ],
    },
  ]
  const transcript = readEngineMessages(messages, { sessionId: 's', cwd: '/p' })
  const result = (sections: HandoffResult['sections']): HandoffResult => ({ sections }) as unknown as HandoffResult
  const ok = (name: string, record: Record<string, unknown>) => ({ name, status: 'ok', record }) as unknown as HandoffResult['sections'][number]

  test('restored from restore; named: touched files the text names, by absolute or project path; commands from the ledger', () => {
    const r = result([
      ok('restore', { restored: [{ path: '/p/src/a.ts' }] }),
      ok('ledger', { files: [{ path: '/p/out/report.txt' }], commands: [{ command: ' npm test ' }, { command: 'npm test' }, { command: 'git status' }] }),
    ])
    const handoff = 'Files: /p/src/a.ts (restored), src/b.ts edited, out/report.txt written.'
    assert.deepEqual(handoffRefs(r, handoff, transcript, '/p'), {
      restored: ['/p/src/a.ts'],
      named: ['/p/out/report.txt', '/p/src/b.ts'],
      commands: ['npm test', 'git status'],
    })
  })

  test('a restore that was dropped restored nothing, whatever its record says', () => {
    const r = result([{ ...ok('restore', { restored: [{ path: '/p/src/a.ts' }] }), status: 'dropped' } as HandoffResult['sections'][number]])
    const refs = handoffRefs(r, 'see /p/src/a.ts', transcript, '/p')
    assert.deepEqual(refs.restored, [])
    assert.deepEqual(refs.named, ['/p/src/a.ts'])
  })
})

describe('a cold fork', () => {
  const usage = (input: number, read: number, write: number) => ({
    input_tokens: input,
    output_tokens: 900,
    cache_read_input_tokens: read,
    cache_creation_input_tokens: write,
  })

  test("the fork's whole input against the conversation: cold under half of it", () => {
    assert.deepEqual(forkCheck([{ answeredBy: 'fork', usage: usage(2_000, 150_000, 10_000) }], 160_000), {
      inputTokens: 162_000,
      conversationTokens: 160_000,
      cold: false,
    })
    assert.equal(forkCheck([{ answeredBy: 'fork', usage: usage(3_000, 0, 20_000) }], 160_000)!.cold, true)
  })

  test('no answered fork, or no usage: nothing to say (a completion is not a fork)', () => {
    assert.equal(forkCheck([{ answeredBy: 'complete', usage: usage(100, 0, 0) }], 160_000), null)
    assert.equal(forkCheck([{ answeredBy: 'fork', usage: null }], 160_000), null)
    assert.equal(forkCheck([], 160_000), null)
  })
})
