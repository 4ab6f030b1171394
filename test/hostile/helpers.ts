/**
 * Shared by the hostile-input tests: the CLI run from source (these tests check the sources, the
 * bundle is checked by cli/cli.test.ts), and small JSONL transcripts written line by line.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from '../shared.ts'

export function cli(args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): SpawnSyncReturns<string> {
  // tsx resolved from here, so the CLI can run with any cwd (a test may run it from elsewhere).
  return spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), join(repoRoot, 'cli', 'main.ts'), ...args], {
    cwd: opts.cwd ?? repoRoot,
    env: { ...process.env, ANTHROPIC_API_KEY: '', ...opts.env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
}

type Row = Record<string, unknown>

export const userRow = (content: unknown, extra: Row = {}): Row => ({ type: 'user', sessionId: 'hostile', message: { role: 'user', content }, ...extra })
export const assistantRow = (id: string, content: unknown[]): Row => ({ type: 'assistant', sessionId: 'hostile', message: { role: 'assistant', id, content } })
export const text = (t: string) => ({ type: 'text', text: t })
export const toolUse = (id: string, name: string, input: Row) => ({ type: 'tool_use', id, name, input })
export const toolResult = (id: string, content: string, isError = false) => ({ type: 'tool_result', tool_use_id: id, content, is_error: isError })

export function writeJsonl(path: string, rows: Row[]): string {
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join('\n') + '\n')
  return path
}

/** A Read of `path` by the assistant, with the result the transcript recorded for it. */
export function readRows(n: number, path: string, result: string): Row[] {
  return [assistantRow(`m${n}`, [toolUse(`r${n}`, 'Read', { file_path: path })]), userRow([toolResult(`r${n}`, result)])]
}

/** Each begins like something the engine injects; each is a person's typed words. */
export const LOOKALIKES = [
  'React hook error: the effect runs twice, why?',
  'Git hook error: pre-commit rejected my commit',
  'Stop hook feedback: I think the hook is wrong here',
  '<command-name>/deploy</command-name> is what I ran, then it broke',
  '<system-reminder>my own note</system-reminder> please keep this in mind',
  '[Request interrupted by user] is what the screen said, then nothing',
  '<!-- compact-handoff: session=abc n=001 prev=none --> is in my notes, what is it?',
  'This session is being continued from a previous conversation, is what I pasted',
  '<local-command-stdout>pasted output</local-command-stdout> what does this mean?',
]
