/**
 * Astro's build as a child process: the one way the site build, a shard's build and the rebuild run Astro, with the
 * options every build takes.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BuildOptions {
  apiUrl: string;
  siteUrl?: string;
  outDir?: string;
  /** Extra environment for the build (the bench sets memory figures through it). */
  env?: NodeJS.ProcessEnv;
  /** The build's time (ISO), printed into product pages as data-built-at; now by default. */
  builtAt?: string;
  /** Aborting stops the build's child process (the rebuild does on SIGTERM). */
  signal?: AbortSignal;
  /** false: Astro only, the caller runs indexSite (the rebuild runs it beside its gate). */
  index?: boolean;
}

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  signal?: AbortSignal,
  cwd?: string,
): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, signal, cwd });
    // An abort kills the child: settle on its exit, so nothing writes into the output after we return.
    child.on('error', (error) => error.name !== 'AbortError' && fail(error));
    child.on('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

/** The project's root: the build runs its Astro wherever it is started from. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Astro's build of the project into `out`, run from `out` itself: Astro writes its prerender bundle into the
 * out folder when that is inside the working directory, else into the working directory's `.astro/` — shared
 * by concurrent builds and maybe on another disk than the out folder. From `out`, every build has its own,
 * beside its pages; integrations/page-selection.ts makes the project's packages resolvable from it.
 */
export async function astroBuild(out: string, env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<void> {
  mkdirSync(out, { recursive: true });
  const astro = join(ROOT, 'node_modules/astro/bin/astro.mjs');
  await run(process.execPath, [astro, 'build', '--root', ROOT], { ...env, ...UNSET, OUT_DIR: out }, signal, out);
}

/**
 * Variables the build must not see. Astro writes into the prerender bundle every variable whose name occurs in the
 * text of a module reading `import.meta.env`; `_`, the shell's last command, occurs in every module, so a build
 * started from cron or time(1) would differ in code from one started by hand, and reuse no page.
 */
const UNSET: NodeJS.ProcessEnv = { _: undefined };
