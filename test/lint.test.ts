/**
 * The architecture's import boundaries are held by the linter (eslint.config.js): a file that
 * crosses one fails `npm run lint`, which `npm test` runs first.
 */
import assert from 'node:assert/strict'
import { join } from 'node:path'
import { describe, test } from 'node:test'
import { ESLint } from 'eslint'
import { repoRoot } from './shared.ts'

const eslint = new ESLint({ cwd: repoRoot })

async function importErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: join(repoRoot, file) })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('import boundaries', () => {
  test('a section imports only the public surface', async () => {
    assert.match(
      (await importErrors('sections/ledger/index.ts', "import { main } from '../../cli/main.ts'\nmain([])\n"))[0] ?? '',
      /a section imports only pipeline\/index\.ts/,
    )
    assert.match(
      (await importErrors('sections/ledger/index.ts', "import { runSections } from '../../pipeline/run-sections.ts'\nrunSections\n"))[0] ?? '',
      /pipeline\/index\.ts/,
    )
    assert.deepEqual(
      await importErrors(
        'sections/ledger/index.ts',
        "import { fmt } from '../../pipeline/index.ts'\nimport { oneLine } from './failures.ts'\nfmt(1)\noneLine('')\n",
      ),
      [],
    )
  })

  test('the pipeline imports no section, store, engine adapter or command', async () => {
    for (const from of ['../sections/index.ts', '../store/write.ts', '../cli/main.ts', '../../engine/engine.ts']) {
      assert.equal((await importErrors('pipeline/config/x.ts', `import * as m from '${from}'\nm\n`)).length, 1, from)
    }
  })

  test('the hooks module imports nothing outside plugin/', async () => {
    assert.equal((await importErrors('plugin/hooks/x.ts', "import { fmt } from '../../pipeline/text.ts'\nfmt(1)\n")).length, 1)
    assert.deepEqual(await importErrors('plugin/hooks/x.ts', "import { toolText } from './tools.ts'\ntoolText\n"), [])
  })
})
