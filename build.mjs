#!/usr/bin/env node
// Bundles the Node side (CLI + pipeline + sections + store) into the plugin folder, because a
// marketplace install copies files and runs no `npm install`. `--check` rebuilds into a temp dir
// and fails when the committed bundle differs (CI runs it).
import { build } from 'esbuild'
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('.', import.meta.url))
const check = process.argv.includes('--check')
const outDir = check ? mkdtempSync(join(tmpdir(), 'ch-build-')) : join(root, 'plugin', 'dist')
mkdirSync(outDir, { recursive: true })

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
// Start from an empty folder: stale chunks from an earlier build must not linger (or be committed).
for (const f of readdirSync(outDir)) if (f.endsWith('.mjs') || f.endsWith('.cjs')) rmSync(join(outDir, f))
rmSync(join(outDir, 'chunks'), { recursive: true, force: true })
await build({
  entryPoints: { 'compact-handoff': join(root, 'cli', 'main.ts') },
  outdir: outDir,
  outExtension: { '.js': '.mjs' },
  // Code reached only through import() (the Anthropic SDK, used only with an API key) goes into
  // its own chunk, so a compaction's child does not parse it on every start.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
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
// The entry is the package's `bin`: executable, so `npx compact-handoff` runs it.
chmodSync(join(outDir, 'compact-handoff.mjs'), 0o755)
// Files the bundle reads beside itself: the default pipeline, and the ledger's shell grammar
// (WASM, loaded at run time; never a native addon).
copyFileSync(join(root, 'pipeline.config.yaml'), join(outDir, 'pipeline.config.yaml'))
copyFileSync(join(root, 'node_modules/tree-sitter-bash/tree-sitter-bash.wasm'), join(outDir, 'tree-sitter-bash.wasm'))
copyFileSync(join(root, 'node_modules/web-tree-sitter/web-tree-sitter.wasm'), join(outDir, 'web-tree-sitter.wasm'))
// The search index's SQLite (store/search.ts): CommonJS that loads its .wasm from beside itself,
// so it is copied whole rather than bundled (.cjs: the repository's package.json says "module").
const sqliteLicense = readFileSync(join(root, 'node_modules/node-sqlite3-wasm/LICENSE'), 'utf8').replaceAll('*/', '* /')
writeFileSync(
  join(outDir, 'node-sqlite3-wasm.cjs'),
  `/* node-sqlite3-wasm ${JSON.parse(readFileSync(join(root, 'node_modules/node-sqlite3-wasm/package.json'), 'utf8')).version} (SQLite itself is in the public domain)\n\n${sqliteLicense}*/\n` +
    readFileSync(join(root, 'node_modules/node-sqlite3-wasm/dist/node-sqlite3-wasm.js'), 'utf8'),
)
copyFileSync(join(root, 'node_modules/node-sqlite3-wasm/dist/node-sqlite3-wasm.wasm'), join(outDir, 'node-sqlite3-wasm.wasm'))

if (check) {
  const committedDir = join(root, 'plugin', 'dist')
  const list = (dir) => (existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).filter((f) => /\.(mjs|cjs|yaml|wasm)$/.test(f)).sort() : [])
  const built = list(outDir)
  const stale = [...new Set([...built, ...list(committedDir)])].filter(
    (f) => !built.includes(f) || !existsSync(join(committedDir, f)) || !readFileSync(join(committedDir, f)).equals(readFileSync(join(outDir, f))),
  )
  if (stale.length) {
    console.error(`plugin/dist is stale (${stale.join(', ')}): run \`npm run build\` and commit the result`)
    process.exit(1)
  }
  console.log('plugin/dist matches a fresh build')
}
