/**
 * compact-handoff in a real engine session, offline: the pinned engine (`@anthropic-ai/claude-code`
 * from node_modules) with this plugin loaded live, against the project's fake model on loopback,
 * in a throwaway HOME. Two turns that write a file and run a command, `/compact`, one more turn;
 * then what the engine's next request opened with (the handoff, as the model reads it) and where
 * the session's store is. Nothing outside the temporary folder is touched.
 *
 *   npm run demo:engine [-- --keep]      (--keep leaves the folder for a look around)
 */
import { parseArgs } from 'node:util'
import { firstUserText, Lab } from '../test/e2e/harness.ts'

const { values } = parseArgs({ options: { keep: { type: 'boolean' } } })
const lab = await Lab.create({ name: 'demo-engine', plugin: { live: true } })
try {
  const s = lab.session()
  const file = `${lab.project}/notes.md`
  await s.send(`Write the notes. FAKE_TOOL:Write {"file_path": "${file}", "content": "# Notes\\n\\n- the parser reads heredocs\\n"}`)
  await s.send('Count them. FAKE_TOOL:Bash {"command": "grep -c heredoc notes.md", "description": "count the lines"}')
  const compact = await s.send('/compact')
  if (compact.result.is_error) throw new Error(`/compact failed: ${JSON.stringify(compact.result)}`)
  await s.send('AFTER_COMPACTION: what is next?')
  await s.close()

  const next = lab.requestsWith('AFTER_COMPACTION').at(-1)
  const row = lab.rows().at(-1)
  if (!next || !row) throw new Error('the session did not compact: no request after /compact, or no row in the store')
  const handoff = firstUserText(next)
  process.stdout.write(
    [
      `The engine's next request opens with compact-handoff's handoff (${handoff.length.toLocaleString('en-US')} chars; row: ${row.mode}, ${row.outcome}):`,
      '',
      handoff,
      '',
      `The store: ${lab.dataDir} (try: node plugin/dist/compact-handoff.mjs list --all --data-dir ${lab.dataDir})`,
      values.keep ? `Kept: ${lab.dir}` : 'The folder is removed; --keep leaves it.',
      '',
    ].join('\n'),
  )
} finally {
  // The fake model stops either way: left serving, it would keep this process from ending.
  await lab.close(values.keep)
}
