/**
 * The image, checked without a Docker engine: what can be read from the Dockerfile, .dockerignore
 * and docker-compose.yml. The build stage runs scripts/build.sh (the script test/e2e/dist-build
 * runs and starts from dist/) and copies everything that script reads; the build context leaves
 * out node_modules, local data (the private Redis's AOF holds phone numbers) and secrets; the
 * runtime stage runs as a non-root user that can write the embedded archive's directory; both
 * stages are on a supported Node line while package.json still promises the older one; compose
 * builds the image once and every role runs it.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { load, YAML11_SCHEMA } from 'js-yaml';
import { consoleSourceDir } from '../../scripts/build-console';
import { loadConfig } from '../../src/config';
import { stageNames } from '../../pipeline/vocabulary';

const root = join(__dirname, '..', '..');
const read = (file: string): string => readFileSync(join(root, file), 'utf8');

/** The Node major of the current LTS line the image is on (Node 24: Active LTS since 2025-10). */
const CURRENT_LTS_MAJOR = 24;

interface Instruction { op: string; args: string }

/** The Dockerfile's instructions, one list per stage: continuations joined, comments dropped. */
function dockerfileStages(text: string): Instruction[][] {
  const stages: Instruction[][] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (!line && !pending)) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    if (!whole) continue;
    const [op, ...rest] = whole.split(/\s+/);
    const instruction = { op: op!.toUpperCase(), args: rest.join(' ') };
    if (instruction.op === 'FROM') stages.push([]);
    expect(stages.length, `${whole}: an instruction before the first FROM`).to.be.greaterThan(0);
    stages[stages.length - 1]!.push(instruction);
  }
  return stages;
}

/** What a stage's COPY from the build context puts where: context path -> path under WORKDIR. */
function contextCopies(stage: Instruction[]): Map<string, string> {
  const copies = new Map<string, string>();
  for (const { op, args } of stage) {
    if (op !== 'COPY' && op !== 'ADD') continue;
    const words = args.split(/\s+/);
    if (words.some((w) => w.startsWith('--from='))) continue;
    const paths = words.filter((w) => !w.startsWith('--'));
    const dest = paths.pop()!;
    for (const source of paths) {
      const target = dest.endsWith('/') ? posix.join(dest, posix.basename(source)) : dest;
      copies.set(posix.normalize(source), posix.normalize(target));
    }
  }
  return copies;
}

/**
 * Whether the build context leaves `path` out, read as Docker reads .dockerignore: each pattern
 * (Go filepath.Match, with `**` for any number of directories) against the path and each of its
 * parent directories, the last matching line deciding (`!` lines put a path back).
 */
function dockerIgnores(patterns: string[], path: string): boolean {
  const parts = path.split('/');
  const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let ignored = false;
  for (const line of patterns) {
    const keep = line.startsWith('!');
    const pattern = posix.normalize((keep ? line.slice(1) : line).trim()).replace(/^\/+|\/+$/g, '');
    const source = pattern.split('**').map((piece) => piece
      .replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]')).join('.*');
    const regex = new RegExp(`^${source.replace(/\.\*\//g, '(?:.*/)?')}$`);
    if (candidates.some((c) => regex.test(c))) ignored = !keep;
  }
  return ignored;
}

/** The .dockerignore's patterns; none when there is no file (the whole checkout is the context). */
const dockerignore = (): string[] => (existsSync(join(root, '.dockerignore')) ? read('.dockerignore') : '')
  .split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));

/** What scripts/build.sh reads from the checkout (the optional benches' part left out). */
function buildScriptInputs(): string[] {
  const inputs: string[] = [];
  let optional = false;
  for (const raw of read('scripts/build.sh').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (/^if \[ "\$\{BUILD_BENCHES/.test(line)) optional = true;
    if (optional) {
      if (line === 'fi') optional = false;
      continue;
    }
    for (const m of line.matchAll(/npx tsc -p (\S+)|npx tsx (\S+)|\bcp (\S+)/g)) {
      const input = (m[1] ?? m[2] ?? m[3])!;
      inputs.push(input.includes('*') ? posix.dirname(input) : input);
      if (m[1]) {
        // A TypeScript project reads its base config and its sources.
        const project = JSON.parse(read(input)) as { extends?: string; include?: string[] };
        if (project.extends) inputs.push(posix.normalize(project.extends));
        inputs.push(...(project.include ?? []));
      }
    }
  }
  // The console build (scripts/build-console.ts, run above) bundles the console's sources.
  inputs.push(relative(root, consoleSourceDir));
  return inputs;
}

describe('the image (Dockerfile, .dockerignore, docker-compose.yml)', () => {
  const stages = dockerfileStages(read('Dockerfile'));
  const [build, runtime] = [stages[0]!, stages[stages.length - 1]!];
  const runs = (stage: Instruction[]): string[] => stage.filter((i) => i.op === 'RUN').map((i) => i.args);

  it('has a build stage and a runtime stage', () => {
    expect(stages).to.have.length(2);
    expect(build[0]!.args).to.match(/ AS build$/i);
  });

  it(`runs both stages on Node ${CURRENT_LTS_MAJOR} or later, while package.json still supports Node 20.19`, () => {
    for (const stage of stages) {
      const image = stage[0]!.args.split(/\s+/)[0]!;
      const m = /^node:(\d+)-/.exec(image);
      expect(m, `${image}: a node:MAJOR-... image`).to.not.equal(null);
      expect(Number(m![1]), image).to.be.at.least(CURRENT_LTS_MAJOR);
      // Debian-based (glibc), as the machines the code is tested on.
      expect(image, image).to.match(/-(bookworm|trixie)(-slim)?$/);
    }
    expect((JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node).to.equal('>=20.19');
  });

  it('builds with scripts/build.sh, the steps the tests run, and starts what `npm run start:dist` starts', () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(pkg.scripts.build).to.equal('bash scripts/build.sh');
    expect(runs(build).filter((r) => r.includes('bash scripts/build.sh')), 'RUN bash scripts/build.sh').to.have.length(1);
    // No build step outside the script, where the tests would not run it.
    expect(runs(build).join('\n')).to.not.match(/\b(tsc|tsx|esbuild|cp)\b/);
    expect(runs(build).join('\n')).to.match(/npm ci\b/);
    // The runtime stage runs the built service as `npm run start:dist` does (test/e2e/dist-build.test.ts).
    const json = (op: string): string[] => JSON.parse(runtime.find((i) => i.op === op)!.args) as string[];
    expect([...json('ENTRYPOINT'), ...json('CMD')].join(' ')).to.equal(pkg.scripts['start:dist']);
    const fromBuild = runtime.filter((i) => i.op === 'COPY' && i.args.includes('--from=build'))
      .map((i) => i.args.split(/\s+/).filter((w) => !w.startsWith('--')).join(' '));
    expect(fromBuild).to.include('/app/dist ./dist');
  });

  it('copies into the build stage everything scripts/build.sh reads, and the context keeps it', () => {
    const copied = [...contextCopies(build).values()];
    const inputs = buildScriptInputs();
    expect(inputs).to.include.members(['tsconfig.build.json', 'tsconfig.json', 'src', 'pipeline', 'scripts/build-console.ts', 'console']);
    for (const input of [...inputs, 'package.json', 'package-lock.json']) {
      expect(copied.some((c) => input === c || input.startsWith(`${c}/`)), `${input} is copied into the build stage`).to.equal(true);
      expect(dockerIgnores(dockerignore(), input), `${input} is in the build context`).to.equal(false);
    }
    for (const source of contextCopies(build).keys()) expect(dockerIgnores(dockerignore(), source), `COPY ${source}`).to.equal(false);
  });

  it('leaves node_modules, local data, secrets and git history out of the build context', () => {
    for (const path of ['node_modules', 'node_modules/ioredis/package.json', 'sdk/node_modules/x', '.data', '.data/redis/appendonly.aof',
      '.data/pg/PG_VERSION', '.env', '.env.production', '.git', '.git/config', 'dist/src/main.js', '.test-results.json', 'npm-debug.log']) {
      expect(dockerIgnores(dockerignore(), path), path).to.equal(true);
    }
  });

  it('reads .dockerignore patterns as Docker does', () => {
    // So that the answers above mean something.
    expect(dockerIgnores(['node_modules'], 'src/node_modules')).to.equal(false);
    expect(dockerIgnores(['**/node_modules'], 'sdk/node_modules/a')).to.equal(true);
    expect(dockerIgnores(['*.log'], 'npm.log')).to.equal(true);
    expect(dockerIgnores(['*.log'], 'logs/npm.log')).to.equal(false);
    expect(dockerIgnores(['docs', '!docs/keep.md'], 'docs/keep.md')).to.equal(false);
    expect(dockerIgnores(['.data/'], '.data/redis/appendonly.aof')).to.equal(true);
  });

  it('runs as a non-root user who can write the embedded archive directory', () => {
    const users = runtime.filter((i) => i.op === 'USER').map((i) => i.args);
    const user = users[users.length - 1];
    expect(user, 'a USER in the runtime stage').to.be.a('string');
    expect(user).to.not.match(/^(root|0)(:|$)/);
    // Every RUN after the last USER would run as that user; the service is the last thing started.
    expect(runtime.findIndex((i) => i.op === 'USER')).to.be.below(runtime.findIndex((i) => i.op === 'ENTRYPOINT'));
    // Where a process without DATABASE_URL keeps its embedded archive, as the image's environment says.
    const env = Object.fromEntries(runtime.filter((i) => i.op === 'ENV').flatMap((i) => i.args.split(/\s+/).map((kv) => kv.split('='))));
    expect(env.NODE_ENV).to.equal('production');
    const dir = loadConfig({ NODE_ENV: env.NODE_ENV, SIGNING_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'), PHI_REF_KEY: randomBytes(32).toString('base64') }).embeddedDatabaseDir!;
    const workdir = runtime.filter((i) => i.op === 'WORKDIR').map((i) => i.args).pop()!;
    const dataRoot = posix.join(workdir, dir.split('/')[0]!);
    expect(dataRoot).to.equal('/app/.data');
    expect(runs(runtime).some((r) => r.includes(`mkdir -p ${dataRoot}`) && r.includes(`chown ${user}:${user} ${dataRoot}`)), `${dataRoot} owned by ${user}`).to.equal(true);
    // The code is not the user's to rewrite.
    expect(runtime.filter((i) => i.op === 'COPY').some((i) => i.args.includes('--chown'))).to.equal(false);
  });

  it('compose builds the image once and every role runs it', () => {
    interface Service { image?: string; build?: unknown; command?: string[]; pull_policy?: string }
    // YAML 1.1, as Compose reads it: the roles share their settings through a `<<:` merge key.
    const compose = load(read('docker-compose.yml'), { schema: YAML11_SCHEMA }) as { services: Record<string, Service> };
    const services = Object.entries(compose.services);
    const builders = services.filter(([, s]) => s.build !== undefined);
    expect(builders.map(([name]) => name), 'services with build:').to.have.length(1);
    const image = builders[0]![1].image;
    expect(image, 'the built image is named').to.be.a('string').and.not.equal('');
    const roles = services.filter(([, s]) => ['api', 'scheduler', 'stage', 'all'].includes(s.command?.[0] ?? ''));
    expect(roles.map(([name]) => name)).to.include(builders[0]![0]);
    for (const [name, s] of roles) {
      expect(s.image, `${name}'s image`).to.equal(image);
      if (s.build === undefined) expect(s.pull_policy, `${name} never pulls the image built here`).to.equal('never');
    }
    // Every role of a deployment has its process: the API, the scheduler and each stage.
    const stagesRun = roles.filter(([, s]) => s.command![0] === 'stage').flatMap(([, s]) => s.command![1]!.split(','));
    expect(stagesRun.sort()).to.deep.equal([...stageNames].sort());
    expect(roles.map(([, s]) => s.command![0])).to.include.members(['api', 'scheduler']);
    // The other services are third-party images pinned to a version.
    for (const [name, s] of services.filter(([, s]) => s.image !== image)) expect(s.image, name).to.match(/^[a-z0-9./-]+:[\w.-]+$/);
  });
});
