/** Types of server-compile.mjs for the TypeScript that uses it (the server suites' global setup). */
export const SERVER_WORKSPACES: readonly string[];
export function compileServer(options: { root: string; out: string; sourceMap?: boolean }): Promise<void>;
export function jsExports(exports: Record<string, string>): Record<string, string>;
