/**
 * The history tools as the engine registers them, and the /handoff command: names, what the
 * model reads, input schemas. The one definition: store/tools.ts (the Node side, which answers
 * them) imports it from here, since a hooks module can import nothing from outside the plugin.
 */

export const TOOL_PREFIX = 'mcp__compact-handoff__'

const FILES = ['handoff', 'summary', 'transcript', 'row']
const session = { type: 'string', description: "Another session's id (default: this session)." }
const scope = { type: 'string', enum: ['session', 'all'], description: '"session" (default): this session; "all": every session on this machine.' }

export interface HistoryTool {
  name: 'handoff_status' | 'handoff_list' | 'handoff_lookup' | 'handoff_search' | 'handoff_feedback'
  description: string
  inputSchema: Record<string, unknown>
  /** false: in every request's tool list (a handoff names these calls); absent: the engine decides. */
  isDeferred?: false
}

export const HISTORY_TOOLS: HistoryTool[] = [
  {
    name: 'handoff_status',
    description:
      "compact-handoff: this session's compactions (number, time, outcome), how much history it has read back, whether handoffs are live or rehearsed, the plugin version and the search index.",
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  },
  {
    name: 'handoff_list',
    description: "compact-handoff: list this session's compactions with their stored files and sections (or, with scope \"all\", every session on this machine that compacted).",
    inputSchema: {
      type: 'object',
      properties: { scope, session, limit: { type: 'integer', minimum: 1, maximum: 200, description: 'At most this many (default 50).' } },
      additionalProperties: false,
    },
  },
  {
    name: 'handoff_lookup',
    description:
      'compact-handoff: read back what a compaction replaced. n picks the compaction (default: the newest); file is "handoff" (default), "summary", "transcript" (the conversation as it stood) or "row" (the stored record); section reads one section of the handoff with its full record (e.g. every shell command the ledger left out); from/to pick lines (numbered as handoff_search cites them).',
    inputSchema: {
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: 1, description: "The compaction's number in its session." },
        file: { type: 'string', enum: FILES, description: 'Which stored file (default "handoff").' },
        section: { type: 'string', description: 'A section name (summary, ledger, state, commitments, turns, restore, ...): its text and full record.' },
        from: { type: 'integer', minimum: 1, description: 'First line, from 1.' },
        to: { type: 'integer', minimum: 1, description: 'Last line (inclusive).' },
        session,
        mode: { type: 'string', enum: ['live', 'rehearsal'], description: 'Live or rehearsed compactions, when a session has both.' },
      },
      additionalProperties: false,
    },
    isDeferred: false,
  },
  {
    name: 'handoff_search',
    description:
      'compact-handoff: search what earlier compactions replaced (the conversations as they stood, handoffs, summaries). Matches the words of the query in order, the last one as a prefix, case-insensitive. Each match cites n, the file and the line, to read around with handoff_lookup.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 500, description: 'Words or an exact string to find.' },
        scope,
        session,
        limit: { type: 'integer', minimum: 1, maximum: 100, description: 'At most this many matches (default 20).' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    isDeferred: false,
  },
  {
    name: 'handoff_feedback',
    description: "compact-handoff: leave a note about a handoff (what it missed, what was wrong, what helped), stored with that compaction's record.",
    inputSchema: {
      type: 'object',
      properties: {
        note: { type: 'string', minLength: 1, maxLength: 4000, description: 'The note.' },
        n: { type: 'integer', minimum: 1, description: 'Which compaction (default: the newest of this session).' },
      },
      required: ['note'],
      additionalProperties: false,
    },
  },
]

export const SLASH_COMMAND = {
  name: 'handoff',
  description: "compact-handoff: this session's compactions and history reads; with words, searches what the compactions replaced",
  argumentHint: '[words to search]',
}

/** The Node side's name for what /handoff shows (cli/history.ts `tool handoff_command`). */
export const SLASH_TOOL = 'handoff_command'

/** The model's arguments: the event's fields less the ones the engine puts beside them. */
export function toolArgs(e: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(e)) if (!['tool', 'tool_use_id', 'agentId', 'requestMeta'].includes(k)) out[k] = v
  return out
}

/** What the tool answers, from the Node process's run: its text, or one line saying why there is none. */
export function toolText(name: string, r: { exitCode: number; stdout: string; stderr: string } | { failed: string }): string {
  if ('failed' in r) return `${name}: could not run the history tools: ${r.failed}`
  const out = r.stdout.trim()
  // 0: answered; 1: refused, the text says why. Anything else is a crash: say how it ended.
  if ((r.exitCode === 0 || r.exitCode === 1) && out) return out
  const why = r.stderr.trim().split('\n').filter(Boolean).slice(-1)[0] ?? 'no output'
  return `${name}: the history tools exited with code ${r.exitCode}: ${why.slice(0, 300)}`
}

/** What a history tool answers when its hook failed (threw or ran out of time) before answering. */
export function unanswered(what: string, error: { kind: string; message?: string }): string {
  return `${what}: the history tool did not answer (${error.kind}${error.message ? `: ${error.message}` : ''})`
}
