/**
 * The commands the plugin runs most, as one module: the bundle builds it into
 * plugin/dist/chunks/commands.cjs, which `compact-handoff` runs with V8's code cache
 * (./code-cache.ts). `report` is not here: it stays an ES module (its charting library awaits at
 * its top level, which CommonJS cannot).
 */
export { buildCommand } from './build.ts'
export { indexCommand, listCommand, lookupCommand, searchCommand, statusCommand, toolCommand } from './history.ts'
export { engineCommand } from '../engine/child.ts'
