/**
 * Builds the partner console (console/, docs/console.md) into dist/console: esbuild bundles the
 * TypeScript into one ES module, the page and stylesheet are copied. No CDN: the service serves
 * these files itself. `npm run build` runs it (scripts/build.sh); the browser test calls
 * buildConsole() directly.
 */
import { copyFileSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export const consoleSourceDir = join(__dirname, '..', 'console');
export const consoleOutDir = join(__dirname, '..', 'dist', 'console');

/**
 * Each file is written beside its place and renamed into it, so a service serving the folder
 * (the browser suites build it in parallel while another suite's page loads) never reads half a file.
 */
export async function buildConsole(outDir = consoleOutDir): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const bundle = await build({
    entryPoints: [join(consoleSourceDir, 'src', 'main.ts')],
    outfile: join(outDir, 'app.js'), write: false,
    bundle: true, format: 'esm', target: 'es2022', minify: true, sourcemap: false, logLevel: 'warning',
  });
  const place = (file: string, write: (path: string) => void) => {
    const temporary = join(outDir, `.${file}.${process.pid}.tmp`);
    write(temporary);
    renameSync(temporary, join(outDir, file));
  };
  place('app.js', (path) => writeFileSync(path, bundle.outputFiles[0]!.contents));
  for (const file of ['index.html', 'console.css']) place(file, (path) => copyFileSync(join(consoleSourceDir, file), path));
}

if (require.main === module) {
  buildConsole().catch((err: unknown) => {
    process.stderr.write(`console build failed: ${String(err)}\n`);
    process.exit(1);
  });
}
