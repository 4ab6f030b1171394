#!/usr/bin/env node
// Bundles the Node side (CLI + pipeline + sections + store) into the plugin folder, because a
// marketplace install copies files and runs no `npm install`. `--check` rebuilds into a temp dir
// and fails when the committed bundle differs (CI runs it).
//
// It also builds the public API (`compact-handoff/section`, `compact-handoff/pipeline`: ESM and
// .d.ts) into dist/. That folder is not committed: it reaches users only through `npm pack` or
// `npm publish`, whose `prepack` runs `node build.mjs --api`, so a committed copy would only be a
// second truth to go stale. `--check` builds it too (into a temp dir), so CI fails when it breaks.
import { build } from 'esbuild'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('.', import.meta.url))
// Every bundle is built with the project's own settings, never the nearest tsconfig.json of each
// file: plugin/tsconfig.json extends the engine's declarations, which exist only once
// `npm run typecheck:plugin` has written them.
const tsconfig = join(root, 'tsconfig.json')
const check = process.argv.includes('--check')
const apiOnly = process.argv.includes('--api')

/**
 * dist/section.js and dist/pipeline.js (their dependencies stay imports: the package depends on
 * them), and declarations for both from tsc, with the source's `.ts` specifiers made `.js` so a
 * consumer's TypeScript resolves them under its default settings.
 */
async function buildApi(apiDir) {
  rmSync(apiDir, { recursive: true, force: true })
  mkdirSync(apiDir, { recursive: true })
  await build({
    entryPoints: { section: join(root, 'pipeline', 'index.ts'), pipeline: join(root, 'pipeline', 'api.ts') },
    outdir: apiDir,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    packages: 'external',
    platform: 'node',
    target: 'node20',
    format: 'esm',
    legalComments: 'eof',
    tsconfig,
    logLevel: 'warning',
  })
  const typesDir = join(apiDir, 'types')
  const tsc = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
      ...['--declaration', '--emitDeclarationOnly', '--outDir', typesDir, '--rootDir', root],
      ...['--target', 'es2023', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--strict', '--skipLibCheck'],
      ...['--resolveJsonModule', '--allowImportingTsExtensions', '--types', 'node'],
      join(root, 'pipeline', 'index.ts'),
      join(root, 'pipeline', 'api.ts'),
    ],
    { cwd: root, encoding: 'utf8' },
  )
  if (tsc.status !== 0) {
    console.error(`the public API's declarations did not build:\n${tsc.stdout}${tsc.stderr}`)
    process.exit(1)
  }
  for (const f of readdirSync(typesDir, { recursive: true }).map(String)) {
    if (!f.endsWith('.d.ts')) continue
    const file = join(typesDir, f)
    const text = readFileSync(file, 'utf8')
    writeFileSync(file, text.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+)\.ts(['"])/g, '$1$2.js$3'))
    // A declaration that imports a JSON file (the config schema) needs it beside it.
    for (const [, json] of text.matchAll(/from\s*['"](\.{1,2}\/[^'"]+\.json)['"]/g))
      copyFileSync(join(root, dirname(f), json), join(typesDir, dirname(f), json))
  }
  writeFileSync(join(apiDir, 'section.d.ts'), "export * from './types/pipeline/index.js'\n")
  writeFileSync(join(apiDir, 'pipeline.d.ts'), "export * from './types/pipeline/api.js'\n")
}

await buildApi(check ? mkdtempSync(join(tmpdir(), 'ch-api-')) : join(root, 'dist'))
if (apiOnly) process.exit(0)

const outDir = check ? mkdtempSync(join(tmpdir(), 'ch-build-')) : join(root, 'plugin', 'dist')
mkdirSync(outDir, { recursive: true })

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
// Start from an empty folder: stale chunks from an earlier build must not linger (or be committed).
for (const f of readdirSync(outDir)) if (f.endsWith('.mjs') || f.endsWith('.cjs')) rmSync(join(outDir, f))
rmSync(join(outDir, 'chunks'), { recursive: true, force: true })
/**
 * The config's validators, compiled ahead of time (pipeline/config/precompile.ts): that module and
 * the built-in sections are bundled on their own, run once here, and what they return stands in for
 * pipeline/config/precompiled.ts in the bundle below.
 */
async function precompiledValidators() {
  const cacheDir = join(root, 'node_modules', '.cache', 'compact-handoff')
  mkdirSync(cacheDir, { recursive: true })
  const script = join(cacheDir, `precompile-${process.pid}.mjs`)
  await build({
    stdin: {
      contents: "export { precompiledModule } from './pipeline/config/precompile.ts'\nexport { builtinSections } from './sections/index.ts'\n",
      resolveDir: root,
      loader: 'ts',
    },
    outfile: script,
    bundle: true,
    // Left as imports and resolved from node_modules: the script sits inside the repository.
    packages: 'external',
    platform: 'node',
    target: 'node20',
    format: 'esm',
    tsconfig,
    logLevel: 'warning',
  })
  try {
    const { precompiledModule, builtinSections } = await import(script)
    const defaultConfig = join(root, 'pipeline.config.yaml')
    return precompiledModule(
      Object.values(builtinSections).flatMap((d) => (d.optionsSchema ? [d.optionsSchema] : [])),
      { file: defaultConfig, text: readFileSync(defaultConfig, 'utf8') },
    )
  } finally {
    rmSync(script, { force: true })
  }
}
const precompiledCode = await precompiledValidators()
const precompiledPath = join(root, 'pipeline', 'config', 'precompiled.ts')
const lazyPath = join(root, 'pipeline', 'config', 'lazy.ts')
const lazyLibs = { ajv: 'ajv', yaml: 'yaml', codeFrame: '@babel/code-frame' }
const lazyInBundle = [
  "import { createRequire } from 'node:module'",
  'let libs',
  "const lib = () => (libs ??= createRequire(import.meta.url)('./config-libs.cjs'))",
  ...Object.keys(lazyLibs).map((name) => `export const ${name} = () => lib().${name}()`),
].join('\n')

const commandsModulePath = join(root, 'cli', 'commands-module.ts')
const bundlePlugins = [
  {
    name: 'precompiled-validators',
    setup(b) {
      b.onLoad({ filter: /precompiled\.ts$/ }, (args) =>
        args.path === precompiledPath ? { contents: precompiledCode, loader: 'js', resolveDir: dirname(precompiledPath) } : undefined,
      )
    },
  },
  {
    // pipeline/config/lazy.ts in the bundle: the packages it loads come from chunks/config-libs.cjs
    // (built below), so the bundle's own code does not carry ~550 KB that Node would compile on
    // every start only to leave unused.
    name: 'lazy-packages',
    setup(b) {
      b.onLoad({ filter: /lazy\.ts$/ }, (args) => (args.path === lazyPath ? { contents: lazyInBundle, loader: 'js' } : undefined))
    },
  },
]
// Every command but `report` as CommonJS files, which the entry runs with V8's code cache
// (cli/code-cache.ts): Node 20 caches no ES module's compiled code. Two files, so that a history
// tool's call (a process each) does not parse the pipeline: chunks/commands.cjs (cli/commands.ts:
// `build` and a compaction's child) and chunks/history.cjs (cli/history.ts). `import.meta.url`
// becomes the file's own URL, so every file looked for beside it is found as from the ES chunks
// it replaces.
const cjsBundles = { commands: join(root, 'cli', 'commands.ts'), history: join(root, 'cli', 'history.ts') }
for (const [name, entry] of Object.entries(cjsBundles))
  await build({
    entryPoints: [entry],
    plugins: [
      ...bundlePlugins,
      {
        // web-tree-sitter (an ES module) makes its own `require` with `var require =
        // createRequire(import.meta.url)` after an `await import("module")`; in CommonJS that import
        // becomes require("module"), which the hoisted var has shadowed by then. It is handed the
        // file's own createRequire instead; a version of the package that no longer reads so fails
        // this build, not a user's run.
        name: 'tree-sitter-require',
        setup(b) {
          b.onLoad({ filter: /web-tree-sitter[\\/]web-tree-sitter\.js$/ }, (args) => {
            const text = readFileSync(args.path, 'utf8')
            const own = 'const { createRequire } = await import("module");\n    var require = createRequire(import.meta.url);'
            if (!text.includes(own)) throw new Error(`${args.path}: its own require is no longer made as build.mjs expects`)
            return { contents: text.replace(own, 'var require = __chCreateRequire(import.meta.url);'), loader: 'js' }
          })
        },
      },
      {
        // A config's section packages are ES modules: loaded with the import() cli/code-cache.ts
        // hands this file, since import() below becomes require().
        name: 'es-import',
        setup(b) {
          b.onLoad({ filter: /import-module\.ts$/ }, (args) =>
            args.path === join(root, 'pipeline', 'import-module.ts')
              ? { contents: 'export const importModule = (url) => __chImport(url)', loader: 'js' }
              : undefined,
          )
        },
      },
      {
        // The Anthropic SDK (more than half of this file's size otherwise) is a file of its own,
        // required on first use: a run with no API key never reads it, and a run without its code
        // cache yet does not parse it.
        name: 'sdk-beside',
        setup(b) {
          b.onResolve({ filter: /^@anthropic-ai\/sdk$/ }, () => ({ path: './sdk.cjs', external: true }))
        },
      },
    ],
    outfile: join(outDir, 'chunks', `${name}.cjs`),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // Every import() a require(): code run through vm.Script has no loader for import().
    supported: { 'dynamic-import': false },
    legalComments: 'eof',
    banner: { js: "const __chFileUrl = require('node:url').pathToFileURL(__filename).href;\nconst __chCreateRequire = require('node:module').createRequire;" },
    define: { __CH_VERSION__: JSON.stringify(pkg.version), 'import.meta.url': '__chFileUrl' },
    tsconfig,
    logLevel: 'warning',
  })
// cli/commands-module.ts in the ES bundle: each command runs from its CommonJS file with V8's code
// cache, named by the file's content hash (so a changed file never meets an old cache, whatever
// its size and time), loaded once; after keepCodeCacheOnSuccess(), what this run compiled is
// written at an exit with code 0.
const cjsKeys = Object.fromEntries(
  Object.keys(cjsBundles).map((name) => [
    name,
    createHash('sha256')
      .update(readFileSync(join(outDir, 'chunks', `${name}.cjs`)))
      .digest('hex')
      .slice(0, 16),
  ]),
)
const commandsInBundle = [
  "import { fileURLToPath } from 'node:url'",
  `const KEYS = ${JSON.stringify(cjsKeys)}`,
  'const runs = new Map()',
  'export async function commandsModule(bundle, use) {',
  '  if (!runs.has(bundle)) {',
  `    const { runCached } = await import(${JSON.stringify(join(root, 'cli', 'code-cache.ts'))})`,
  '    runs.set(bundle, runCached(fileURLToPath(new URL(`./chunks/${bundle}.cjs`, import.meta.url)), KEYS[bundle], use))',
  '  }',
  '  return runs.get(bundle).exports',
  '}',
  'export function keepCodeCacheOnSuccess() {',
  "  process.once('exit', (code) => { if (code === 0) for (const run of runs.values()) run.save() })",
  '}',
].join('\n')
await build({
  entryPoints: { 'compact-handoff': join(root, 'cli', 'main.ts') },
  plugins: [
    ...bundlePlugins,
    {
      name: 'commands-module',
      setup(b) {
        b.onLoad({ filter: /commands-module\.ts$/ }, (args) =>
          args.path === commandsModulePath ? { contents: commandsInBundle, loader: 'js', resolveDir: join(root, 'cli') } : undefined,
        )
      },
    },
  ],
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
  tsconfig,
  logLevel: 'warning',
})
await build({
  stdin: { contents: "module.exports = require('@anthropic-ai/sdk')", resolveDir: root, loader: 'js' },
  outfile: join(outDir, 'chunks', 'sdk.cjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  legalComments: 'eof',
  logLevel: 'warning',
})
// The packages pipeline/config/lazy.ts loads, each run on its first call, in a file of their own
// beside the chunk that loads them (a build check below keeps it there).
await build({
  stdin: {
    contents: Object.entries(lazyLibs)
      .map(([name, pkg]) => `exports.${name} = () => require(${JSON.stringify(pkg)})`)
      .join('\n'),
    resolveDir: root,
    loader: 'js',
  },
  outfile: join(outDir, 'chunks', 'config-libs.cjs'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  legalComments: 'eof',
  tsconfig,
  logLevel: 'warning',
})
{
  const loaders = readdirSync(outDir, { recursive: true })
    .map(String)
    .filter((f) => /\.[mc]js$/.test(f) && f !== join('chunks', 'config-libs.cjs') && readFileSync(join(outDir, f), 'utf8').includes('"./config-libs.cjs"'))
  if (loaders.length === 0 || !loaders.every((f) => f.startsWith('chunks/')))
    throw new Error(`config-libs.cjs is loaded from ${loaders.join(', ') || 'nowhere'}, not from chunks beside it`)
}
// The hooks module as the engine loads it (plugin/hooks/hooks.json names it): plugin/hooks/*.ts in
// one file, types and comments gone. Every `claude` start with the plugin pays for the engine
// reading it, on its main thread before the first request: it compiles each file, parses it and
// follows every `$` through it, about 2 ms per KB of code (2.1.328, measured; strings cost next to
// nothing), so the ~100 KB of commented TS in seven files made ~200 ms and this ~50 KB file ~130.
// platform neutral: the module runs in the engine's worker, neither Node nor a browser; nothing is
// minified, as the engine's checks need `$`, `on` and `next` spelled as written.
await build({
  entryPoints: [join(root, 'plugin', 'hooks', 'index.ts')],
  outfile: join(outDir, 'hooks.mjs'),
  bundle: true,
  platform: 'neutral',
  external: ['claude-code'],
  target: 'es2022',
  format: 'esm',
  legalComments: 'none',
  banner: { js: '// Built by build.mjs from plugin/hooks/*.ts (edit those, then `npm run build`): the hooks module the engine loads.' },
  tsconfig,
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
  const list = (dir) =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true })
          .map(String)
          .filter((f) => /\.(mjs|cjs|yaml|wasm)$/.test(f))
          .sort()
      : []
  const built = list(outDir)
  const stale = [...new Set([...built, ...list(committedDir)])].filter(
    (f) => !built.includes(f) || !existsSync(join(committedDir, f)) || !readFileSync(join(committedDir, f)).equals(readFileSync(join(outDir, f))),
  )
  if (stale.length) {
    console.error(`plugin/dist is stale (${stale.join(', ')}): run \`npm run build\` and commit the result`)
    process.exit(1)
  }
  console.log('plugin/dist matches a fresh build; the public API builds')
}
