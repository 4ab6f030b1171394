/**
 * A session in the field, through the real engine and the fake model: a dozen main turns and two
 * compactions (the first by /compact, the second asked for by the model's handoff_compact call),
 * with the calls the watch counts in the turns between them: a restored file read again, a
 * listed command run again, a notebook edit the session never read (refused), a history
 * search. It leaves a store with window.jsonl, two NNN.post.json and the rows; the field test
 * checks them and the report's tests render them.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Lab, type LabOptions } from './harness.ts'

/** The turns, in order; `null` is a /compact (not a turn: the engine starts no model turn for it). */
export const FIELD_TURNS: Array<string | null> = [
  'FAKE_TOOL:Write {"file_path":"{project}/app.ts","content":"export const answer = 42\\nexport function double(x: number) {\\n  return 2 * x\\n}\\n"}',
  'FAKE_TOOL:Bash {"command":"printf \'draft\\\\n\' > notes.md && echo build-ok","description":"write the notes, then build"}',
  'FAKE_TOOL:Read {"file_path":"{project}/app.ts"}',
  'first stretch of work done; carry on',
  null,
  'FAKE_TOOL:Read {"file_path":"{project}/app.ts"}',
  'FAKE_TOOL:Bash {"command":"printf \'draft\\\\n\' > notes.md && echo build-ok","description":"write the notes, then build"}',
  'FAKE_TOOL:NotebookEdit {"notebook_path":"{project}/legacy.ipynb","cell_id":"c1","new_source":"print(2)","edit_mode":"replace"}',
  'FAKE_TOOL:mcp__compact-handoff__handoff_search {"query":"build-ok"}',
  'FAKE_TOOL:mcp__compact-handoff__handoff_compact {}',
  'FAKE_TOOL:Read {"file_path":"{project}/notes.md"}',
  'FAKE_TOOL:Read {"file_path":"{project}/app.ts"}',
  'last turn of the field session',
]

const LEGACY_NOTEBOOK = {
  nbformat: 4,
  nbformat_minor: 5,
  metadata: {},
  cells: [{ id: 'c1', cell_type: 'code', metadata: {}, source: ['print(1)'], outputs: [], execution_count: null }],
}

export interface FieldSession {
  lab: Lab
  /** The store: the data dir the plugin wrote. */
  dataDir: string
  sessionId: string
  /** The session's store folder (sessions/<id> live, rehearsals/<id> otherwise). */
  dir: string
  /** Closes the lab (deletes it, unless CH_E2E_KEEP is set). */
  close(): Promise<void>
}

async function until(what: string, ok: () => boolean, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!ok()) {
    if (Date.now() > end) throw new Error(`field session: ${what} not within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * Runs the field session and returns its store. `plugin` is the userConfig (live by default, so
 * the handoff arm; `{ live: true, abStockShare: 1 }` puts the session in the stock arm).
 */
export async function runFieldSession(
  opts: { name?: string; plugin?: Record<string, string | number | boolean>; turns?: Array<string | null> } = {},
): Promise<FieldSession> {
  const options: LabOptions = {
    name: opts.name ?? 'field',
    plugin: opts.plugin ?? { live: true },
    fake: { restoreFiles: ['{project}/app.ts'] },
  }
  const lab = await Lab.create(options)
  try {
    // A notebook on disk the session never reads: editing it is refused ("File has not been read
    // yet"). NotebookEdit, because 2.1.328 lets Edit and Write through on a file not read (measured).
    writeFileSync(join(lab.project, 'legacy.ipynb'), JSON.stringify(LEGACY_NOTEBOOK))
    const s = lab.session()
    let compactions = 0
    const results = () => s.events.filter((e) => e.type === 'result').length
    for (const turn of opts.turns ?? FIELD_TURNS) {
      if (turn === null) {
        await s.send('/compact')
        compactions++
      } else {
        await s.send(turn.replaceAll('{project}', lab.project))
        if (/handoff_compact/.test(turn)) {
          // The compaction it asked for runs as /compact once the turn has ended, and ends with a
          // result of its own: the next turn is sent after it, so each send waits for its own result.
          const before = results()
          compactions++
          await until('the compaction handoff_compact asked for', () => results() > before)
        }
      }
      // The next turn starts once this compaction's row is complete (a rehearsal's late part ends
      // after the engine compacted), as a person would be reading the screen meanwhile.
      if (compactions > 0) await lab.settledRows(compactions, 60_000)
    }
    const code = await s.close()
    if (code !== 0) throw new Error(`field session: the engine exited ${code}: ${s.stderr.text.slice(-500)}`)
    const sessionId = s.sessionId!
    const dir = [join(lab.dataDir, 'sessions', sessionId), join(lab.dataDir, 'rehearsals', sessionId)].find((d) => existsSync(join(d, 'window.jsonl')))
    if (!dir) throw new Error(`field session: no window.jsonl under ${lab.dataDir} (${readdirSync(lab.dataDir).join(', ')})`)
    return { lab, dataDir: lab.dataDir, sessionId, dir, close: () => lab.close() }
  } catch (err) {
    await lab.close()
    throw err
  }
}
