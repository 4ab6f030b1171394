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
 * The two .wasm files: beside this module first (the bundle in plugin/dist carries copies of
 * them), then from node_modules (a checkout run through tsx).
 */
function wasmBytes(): { runtime: Uint8Array; grammar: Uint8Array } {
  const here = dirname(fileURLToPath(import.meta.url))
  const beside = (f: string) => join(here, f)
  if (existsSync(beside(GRAMMAR)) && existsSync(beside(RUNTIME))) {
    return { runtime: readFileSync(beside(RUNTIME)), grammar: readFileSync(beside(GRAMMAR)) }
  }
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
