/**
 * Property-based checks (fast-check) of the three readers of untrusted text: the JSONL reader, the
 * turns classifier and the config loader. Random lines, random nesting, random unicode: no throw,
 * malformed lines counted exactly, and every typed word kept.
 */
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import fc from 'fast-check'
import { ConfigError } from '../../pipeline/config/format.ts'
import { loadConfig } from '../../pipeline/config/load.ts'
import { parseJsonl, readEngineMessages } from '../../pipeline/transcript.ts'
import { builtinSections } from '../../sections/index.ts'
import { collectTurns, renderTurn, turnsFromHandoff } from '../../sections/turns/index.ts'
import { repoRoot } from '../shared.ts'
import { LOOKALIKES } from './helpers.ts'

const dir = mkdtempSync(join(tmpdir(), 'ch-hostile-props-'))
after(() => rmSync(dir, { recursive: true, force: true }))

/** Any text a person could type: full unicode, markup-ish pieces, and engine look-alike openings. */
const typedWords = fc
  .tuple(
    fc.oneof(
      fc.constant(''),
      fc.constantFrom(...LOOKALIKES, '<turn n="1">', '</turn>', '<\\turn>', '<command-name>', '<!-- compact-handoff: session=x n=001 prev=none -->\n'),
    ),
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
  )
  .map(([a, b, c]) => a + b + c)
  .filter((s) => s.trim() !== '')

type Line = { raw: string; malformed: boolean; typed?: string }

/** One JSONL line and what the reader must make of it. */
const line: fc.Arbitrary<Line> = fc.oneof(
  typedWords.map((w) => ({ raw: JSON.stringify({ type: 'user', message: { role: 'user', content: w } }), malformed: false, typed: w })),
  typedWords.map((w) => ({
    raw: JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'text', text: w }] } }),
    malformed: false,
    typed: w,
  })),
  // Random nesting in a tool call: never a turn, never malformed.
  fc.jsonValue({ maxDepth: 6 }).map((v) => ({
    raw: JSON.stringify({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'u', name: 'Bash', input: { v } }] } }),
    malformed: false,
  })),
  fc.jsonValue({ maxDepth: 4 }).map((v) => ({ raw: JSON.stringify({ type: 'progress', data: v }), malformed: false })),
  // Not JSON; JSON that is not an object with a string type; a user line without a usable message.
  fc
    .string({ unit: 'grapheme', maxLength: 40 })
    .filter((s) => s.trim() !== '' && !isJson(s))
    .map((s) => ({ raw: s, malformed: true })),
  fc.oneof(fc.integer(), fc.array(fc.jsonValue({ maxDepth: 2 })), fc.constant(null), fc.string()).map((v) => ({ raw: JSON.stringify(v), malformed: true })),
  fc
    .jsonValue({ maxDepth: 2 })
    .filter((v) => typeof v !== 'object' || v === null || Array.isArray(v))
    .map((v) => ({ raw: JSON.stringify({ type: 'user', message: v }), malformed: true })),
)

function isJson(s: string): boolean {
  try {
    JSON.parse(s)
    return true
  } catch {
    return false
  }
}

describe('properties: the JSONL reader', () => {
  test('never throws; counts exactly the malformed lines; keeps every typed word as a turn, in order', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const t = parseJsonl(lines.map((l) => l.raw).join('\n'))
        const bad = lines.flatMap((l, i) => (l.malformed ? [i + 1] : []))
        assert.deepEqual(t.malformed, { count: bad.length, lines: bad })
        const typed = lines.filter((l) => l.typed !== undefined).map((l) => l.typed!)
        // A handoff first in its window is the one exception: a marker line opening the first row.
        const turns = collectTurns(t).map((x) => x.text)
        if (!t.messages.some((m) => m.kind === 'handoff')) assert.deepEqual(turns, typed)
      }),
      { numRuns: 300 },
    )
  })

  test('random text, including blank lines and CRs, never throws', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => {
        const t = parseJsonl(s)
        assert.ok(t.malformed.count <= s.split('\n').length)
      }),
      { numRuns: 300 },
    )
  })

  test('the engine reader never throws on random rows', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 20 }), (rows) => {
        const t = readEngineMessages(rows)
        assert.equal(t.messages.length + t.malformed.count <= rows.length, true)
      }),
      { numRuns: 200 },
    )
  })
})

describe('properties: turns', () => {
  test('a rendered turn reads back byte for byte, whatever it holds', () => {
    fc.assert(
      fc.property(fc.array(typedWords, { minLength: 1, maxLength: 6 }), (words) => {
        const body = words.map((w, i) => renderTurn({ n: i + 1, text: w, carried: false }, 1_000_000)).join('\n\n')
        assert.deepEqual(
          turnsFromHandoff(body).map((x) => x.text),
          words,
        )
      }),
      { numRuns: 300 },
    )
  })
})

describe('properties: the config loader', () => {
  const base = join(repoRoot, 'pipeline.config.yaml')
  const loads = (text: string) => {
    const file = join(dir, 'override.yaml')
    writeFileSync(file, text)
    try {
      loadConfig({ files: [base, file], builtins: builtinSections })
    } catch (err) {
      // Every problem is a ConfigError with at least one issue located in a file.
      assert.ok(err instanceof ConfigError, `threw ${(err as Error)?.name}: ${(err as Error)?.message}`)
      assert.ok(err.issues.length > 0)
    }
  }

  test('random YAML-shaped values: a config or a ConfigError, nothing else', () => {
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 5 }),
      fc.record(
        {
          concurrency: fc.jsonValue({ maxDepth: 1 }),
          sections: fc.array(
            fc.record(
              {
                name: fc.oneof(fc.constantFrom('turns', 'ledger', 'state', 'restore'), fc.string()),
                timeoutMs: fc.jsonValue({ maxDepth: 1 }),
                options: fc.jsonValue({ maxDepth: 3 }),
              },
              { requiredKeys: [] },
            ),
            { maxLength: 4 },
          ),
        },
        { requiredKeys: [] },
      ),
    )
    fc.assert(
      fc.property(value, (v) => loads(JSON.stringify(v))),
      { numRuns: 200 },
    )
  })

  test('random text: a config or a ConfigError, nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (s) => loads(s)),
      { numRuns: 200 },
    )
  })
})
