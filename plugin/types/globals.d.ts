// The hooks worker has these host functions, but the engine's tsconfig carries no DOM or Node lib.
declare function setTimeout(handler: () => void, ms?: number): number
declare function clearTimeout(id: number | undefined): void
declare const console: { error(...args: unknown[]): void; log(...args: unknown[]): void }
