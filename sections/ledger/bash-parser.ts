/**
 * Loads the real shell parser: tree-sitter's bash grammar running on web-tree-sitter (both WASM,
 * no native addon). Loaded once per process and only when a transcript holds a shell command;
 * when it cannot be loaded the ledger falls back to its own conservative tokenizer and says so.
 */
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import v8 from 'node:v8'
import type { Parser, Tree } from 'web-tree-sitter'

export interface BashParser {
  parse(source: string): Tree | null
  /** Wall time of the load (import, runtime init, grammar), ms. */
  initMs: number
}

export type LoadedParser = { ok: true; parser: BashParser } | { ok: false; error: string }

const GRAMMAR = 'tree-sitter-bash.wasm'
const RUNTIME = 'web-tree-sitter.wasm'

/**
 * The two .wasm files: where the bundle keeps them (plugin/dist, which is this module's folder or,
 * as a split chunk in plugin/dist/chunks, its parent), then from node_modules (a checkout run
 * through tsx). An installed plugin has no node_modules, so missing the bundle's copies there
 * would leave every command to the tokenizer.
 */
function wasmBytes(): { runtime: Uint8Array; grammar: Uint8Array } {
  const here = dirname(fileURLToPath(import.meta.url))
  const bundled = [here, join(here, '..')].find((dir) => existsSync(join(dir, GRAMMAR)) && existsSync(join(dir, RUNTIME)))
  if (bundled) return { runtime: readFileSync(join(bundled, RUNTIME)), grammar: readFileSync(join(bundled, GRAMMAR)) }
  const require = createRequire(import.meta.url)
  return {
    runtime: readFileSync(require.resolve(`web-tree-sitter/${RUNTIME}`)),
    grammar: readFileSync(require.resolve(`tree-sitter-bash/${GRAMMAR}`)),
  }
}

let loading: Promise<LoadedParser> | null = null

async function load(): Promise<LoadedParser> {
  const t0 = performance.now()
  try {
    // V8 tiers the grammar's huge lexer function up to TurboFan in the background, and a process
    // that used it waits ~0.5 s at exit for that compile (measured: 0.65 s wall for a run whose
    // parsing took 45 ms). Liftoff alone parses a command in ~0.1 ms, so the optimizing tier buys
    // nothing here. The flag is process-wide; nothing else in this process runs WASM.
    v8.setFlagsFromString('--liftoff-only')
    const { runtime, grammar } = wasmBytes()
    const { Parser, Language } = await import('web-tree-sitter')
    await Parser.init({ wasmBinary: runtime })
    const language = await Language.load(grammar)
    const parser: Parser = new Parser()
    parser.setLanguage(language)
    const initMs = performance.now() - t0
    return { ok: true, parser: { parse: (source) => parser.parse(source), initMs } }
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e)
    return { ok: false, error: message.split('\n')[0]! }
  }
}

/** The parser, loaded on first use; every later call gets the same one (or the same failure). */
export function loadBashParser(): Promise<LoadedParser> {
  loading ??= load()
  return loading
}
