/**
 * Where the commands of ./commands.ts come from. From source, that module is imported. The bundle
 * stands another module in for this one (build.mjs): it runs chunks/commands.cjs with V8's code
 * cache (./code-cache.ts), keeping the cache for `use` when the run succeeds.
 */
export const commandsModule = (_use: string): Promise<typeof import('./commands.ts')> => import('./commands.ts')
