/**
 * `build` and the engine child, as one module: they share the pipeline and the sections. The
 * bundle builds it into plugin/dist/chunks/commands.cjs, and the history commands (./history.ts)
 * into chunks/history.cjs; `compact-handoff` runs each with V8's code cache (./code-cache.ts).
 * `report` is not among them: it stays an ES module (its charting library awaits at its top level,
 * which CommonJS cannot).
 */
export { buildCommand } from './build.ts'
export { engineCommand } from '../engine/child.ts'
