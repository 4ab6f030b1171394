import assert from 'node:assert/strict'
import { basename } from 'node:path'
import { describe, test } from 'node:test'
import { measureTranscript, runLedger } from '../../bench/ledger.ts'
import { beforeBoundary, readJsonlTranscript } from '../../pipeline/transcript.ts'
import { rawTranscripts, skipWithoutShared } from '../../test/shared.ts'
import { FILE_TOOLS, normalizePath } from './files.ts'
import { messagesInScope } from './index.ts'

const files = rawTranscripts()

describe('ledger on the real transcripts', { skip: skipWithoutShared }, () => {
  for (const path of files) {
    const name = basename(path)

    test(`${name}: every file a Write/Edit/NotebookEdit call names is in the ledger, which fits its budget`, async () => {
      const full = await readJsonlTranscript(path)
      // The transcript as it stood at each boundary, and as it stands now.
      const views = [...full.boundaries.map((_, i) => beforeBoundary(full, i + 1)), full]
      for (const t of views) {
        const run = await runLedger(t)
        const named = messagesInScope(t)
          .messages.flatMap((m) => m.toolUses)
          .filter((u) => u.name in FILE_TOOLS && typeof u.input[FILE_TOOLS[u.name]!] === 'string')
          .map((u) => normalizePath(u.input[FILE_TOOLS[u.name]!] as string))
        if (!run) {
          assert.equal(named.length, 0, 'no ledger, yet files were written')
          continue
        }
        assert.ok(run.body.length <= 6_000, `${run.body.length} chars`)
        // A file an `mv` moved is listed under its new name, and names the old one.
        type Row = { path: string; renamedFrom?: string[]; toolCalls?: number }
        const renamed = new Map<string, Row>()
        for (const f of run.record.files as Row[]) for (const r of f.renamedFrom ?? []) renamed.set(r, f)
        const listed = new Set<string>((run.record.files as Row[]).map((f) => f.path))
        const cwd = t.cwd ? `${t.cwd}/` : '\0'
        const short = (p: string) => (p.startsWith(cwd) ? p.slice(cwd.length) : p)
        for (const p of named) {
          assert.ok(listed.has(p) || renamed.has(p), `${p} missing from the record`)
          if (run.record.counts.filesShown + run.record.counts.neverWritten === run.record.counts.files) {
            const into = listed.has(p) ? undefined : renamed.get(p)!
            const shown = short(into ? into.path : p)
            // A file no call managed to write is named among the failures instead.
            assert.ok(run.body.includes(`- ${shown} — `) || run.body.includes(`\`${shown}\``), `${shown} missing from the body`)
          }
        }
        assert.equal(run.record.parser.fallbacks.length, 0, `fallbacks at ${run.record.parser.fallbacks}`)
      }
    })
  }

  test('every transcript with a compaction: the ledger names 100% of the files the work after it touched and the work before it wrote', async () => {
    let measured = 0
    for (const path of files) {
      const m = await measureTranscript(path)
      if (!m) continue
      measured++
      assert.ok(m.bodyChars <= m.budgetChars, `${m.file}: ${m.bodyChars} chars`)
      assert.ok(m.carriedWritten.total > 0, `${m.file}: nothing carried over to measure`)
      assert.deepEqual(m.carriedWritten.missing, [], `${m.file}: ${m.carriedWritten.named}/${m.carriedWritten.total}`)
    }
    assert.ok(measured >= 2, `${measured} transcripts with a compaction`)
  })
})
