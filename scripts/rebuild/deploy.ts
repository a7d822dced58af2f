/**
 * Deploy adapters: how a release folder goes live on each host, chosen by
 * DEPLOY_TARGET. `local` swaps the `current` link that `npm start -- --current`
 * and `npm run serve -- --current` serve; the others run the host's official
 * CLI (found on PATH), which reads its credentials from the environment: no
 * secret is ever put on a command line, in a manifest or in a log.
 */
import { spawn } from 'node:child_process';
import { HASHED_FOLDERS, IMMUTABLE, PART_SEGMENT, REVALIDATE } from '../../integrations/host-headers.ts';

export const TARGETS = ['local', 'cloudflare-pages', 'netlify', 's3'] as const;
export type Target = (typeof TARGETS)[number];

export interface Command {
  bin: string;
  args: string[];
}

export interface ReleaseFolder {
  id: string;
  dir: string;
  commit: string | null;
}

export interface Adapter {
  /** Environment variables the target cannot work without. */
  needs: string[];
  /** Those it reads when set. */
  optional?: string[];
  commands(release: ReleaseFolder, env: NodeJS.ProcessEnv): Command[];
}

/** The S3 sync's filters for the hashed files (the same folders as _headers). */
const HASHED_GLOBS = HASHED_FOLDERS.map((folder) => `${folder.replace(PART_SEGMENT, 'part-*')}/*`);

/** A setting's value; in a dry run without it, its name stands in the listed command. */
const setting = (env: NodeJS.ProcessEnv, name: string) => env[name] || `$${name}`;

const message = (release: ReleaseFolder) =>
  `Bozor release ${release.id}${release.commit ? ` (${release.commit.slice(0, 12)})` : ''}`;

export const ADAPTERS: Record<Target, Adapter> = {
  local: { needs: [], commands: () => [] },

  'cloudflare-pages': {
    needs: ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID', 'CLOUDFLARE_PAGES_PROJECT'],
    optional: ['CLOUDFLARE_PAGES_BRANCH'],
    commands: (release, env) => [
      {
        bin: 'wrangler',
        args: [
          'pages',
          'deploy',
          release.dir,
          `--project-name=${setting(env, 'CLOUDFLARE_PAGES_PROJECT')}`,
          `--branch=${env.CLOUDFLARE_PAGES_BRANCH || 'main'}`,
          ...(release.commit ? [`--commit-hash=${release.commit}`] : []),
          `--commit-message=${message(release)}`,
          '--commit-dirty=true',
        ],
      },
    ],
  },

  netlify: {
    needs: ['NETLIFY_AUTH_TOKEN', 'NETLIFY_SITE_ID'],
    commands: (release) => [
      {
        bin: 'netlify',
        args: ['deploy', '--prod', `--dir=${release.dir}`, '--no-build', `--message=${message(release)}`],
      },
    ],
  },

  s3: {
    needs: ['S3_BUCKET', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION'],
    optional: ['AWS_SESSION_TOKEN', 'CLOUDFRONT_DISTRIBUTION_ID'],
    commands(release, env) {
      const name = setting(env, 'S3_BUCKET');
      const bucket = name.startsWith('s3://') ? name : `s3://${name}`;
      const hashed = HASHED_GLOBS.flatMap((glob) => ['--include', glob]);
      const commands: Command[] = [
        // Hashed files first, so no page goes live before what it loads; old ones stay for cached pages.
        {
          bin: 'aws',
          args: [
            's3',
            'sync',
            release.dir,
            bucket,
            '--exclude',
            '*',
            ...hashed,
            '--cache-control',
            IMMUTABLE,
            '--only-show-errors',
          ],
        },
        {
          bin: 'aws',
          args: [
            's3',
            'sync',
            release.dir,
            bucket,
            ...HASHED_GLOBS.flatMap((glob) => ['--exclude', glob]),
            '--cache-control',
            REVALIDATE,
            '--delete',
            '--only-show-errors',
          ],
        },
      ];
      if (env.CLOUDFRONT_DISTRIBUTION_ID) {
        commands.push({
          bin: 'aws',
          args: [
            'cloudfront',
            'create-invalidation',
            '--distribution-id',
            env.CLOUDFRONT_DISTRIBUTION_ID,
            '--paths',
            '/*',
          ],
        });
      }
      return commands;
    },
  },
};

export function isTarget(name: string): name is Target {
  return (TARGETS as readonly string[]).includes(name);
}

/** The variables a target still lacks (names only). */
export function missingSettings(target: Target, env: NodeJS.ProcessEnv): string[] {
  return ADAPTERS[target].needs.filter((name) => !env[name]);
}

/** The environment a target's CLI gets: everything but the other targets' credentials. */
function cliEnv(target: Target, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const own = new Set([...ADAPTERS[target].needs, ...(ADAPTERS[target].optional ?? [])]);
  const others = TARGETS.flatMap((name) => [...ADAPTERS[name].needs, ...(ADAPTERS[name].optional ?? [])]);
  const clean = { ...env };
  for (const name of others) if (!own.has(name)) delete clean[name];
  return clean;
}

/** Runs a target's commands one after another; the first that fails stops the deploy. */
export async function deploy(
  target: Target,
  release: ReleaseFolder,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Command[]> {
  const adapter = ADAPTERS[target];
  const commands = adapter.commands(release, env);
  for (const command of commands) await runCommand(command, cliEnv(target, env));
  return commands;
}

function runCommand({ bin, args }: Command, env: NodeJS.ProcessEnv): Promise<void> {
  console.log(`$ ${bin} ${args.join(' ')}`);
  return new Promise((done, fail) => {
    const child = spawn(bin, args, { stdio: 'inherit', env });
    child.on('error', (error) =>
      fail(
        new Error(
          `${bin} could not be started (${(error as NodeJS.ErrnoException).code ?? error.message}): is it installed?`,
        ),
      ),
    );
    child.on('exit', (code, signal) =>
      code === 0
        ? done()
        : fail(new Error(`${bin} ${args.slice(0, 2).join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}
