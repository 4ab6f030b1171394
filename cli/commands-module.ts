/**
 * Where the commands come from: ./commands.ts (`build`, the engine child) and ./history.ts (the
 * history commands, `tool` among them). From source, the module is imported. The bundle stands
 * another module in for this one (build.mjs): it runs chunks/<bundle>.cjs with V8's code cache
 * (./code-cache.ts), the cache named by `use`, written at an exit with code 0 once
 * keepCodeCacheOnSuccess() has been called.
 */
const bundles = {
  commands: () => import('./commands.ts'),
  history: () => import('./history.ts'),
}

export type Bundle = keyof typeof bundles

export const commandsModule = <B extends Bundle>(bundle: B, _use: string): ReturnType<(typeof bundles)[B]> =>
  bundles[bundle]() as ReturnType<(typeof bundles)[B]>

/** Called as a command starts: its cache is written if the process exits 0. From source there is
 *  no cache to keep. */
export function keepCodeCacheOnSuccess(): void {}
