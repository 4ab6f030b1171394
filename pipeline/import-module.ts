/**
 * `import()` of a file URL: how the packages a config names are loaded (./packages.ts). The
 * CommonJS bundle of the commands (build.mjs) stands another module in for this one, which calls
 * the ES loader's own import that cli/code-cache.ts hands the bundle: code run through vm.Script
 * has no import() of its own.
 */
export const importModule = (url: string): Promise<unknown> => import(url)
