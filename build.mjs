#!/usr/bin/env node
// Bundles the Node side (CLI + pipeline + sections + store) into the plugin folder, because a
// marketplace install copies files and runs no `npm install`. `--check` rebuilds into a temp dir
// and fails when the committed bundle differs (CI runs it).
import { build } from 'esbuild'
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('.', import.meta.url))
const check = process.argv.includes('--check')
const outDir = check ? mkdtempSync(join(tmpdir(), 'ch-build-')) : join(root, 'plugin', 'dist')
mkdirSync(outDir, { recursive: true })

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
await build({
  entryPoints: [join(root, 'cli', 'main.ts')],
  outfile: join(outDir, 'compact-handoff.mjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  legalComments: 'eof',
  // Deterministic output: the committed bundle is compared byte for byte.
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __chCreateRequire } from 'node:module';\nconst require = __chCreateRequire(import.meta.url);" },
  define: { __CH_VERSION__: JSON.stringify(pkg.version) },
  logLevel: 'warning',
})
// The default pipeline travels with the bundle; the CLI looks for it beside itself.
copyFileSync(join(root, 'pipeline.config.yaml'), join(outDir, 'pipeline.config.yaml'))

if (check) {
  let stale = []
  for (const f of ['compact-handoff.mjs', 'pipeline.config.yaml']) {
    const committed = join(root, 'plugin', 'dist', f)
    if (!existsSync(committed) || !readFileSync(committed).equals(readFileSync(join(outDir, f)))) stale.push(f)
  }
  if (stale.length) {
    console.error(`plugin/dist is stale (${stale.join(', ')}): run \`npm run build\` and commit the result`)
    process.exit(1)
  }
  console.log('plugin/dist matches a fresh build')
}
