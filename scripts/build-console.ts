/**
 * Builds the partner console (console/, docs/console.md) into dist/console: esbuild bundles the
 * TypeScript into one ES module, the page and stylesheet are copied. No CDN: the service serves
 * these files itself. `npm run build` runs it (scripts/build.sh); the browser test calls
 * buildConsole() directly.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export const consoleSourceDir = join(__dirname, '..', 'console');
export const consoleOutDir = join(__dirname, '..', 'dist', 'console');

export async function buildConsole(outDir = consoleOutDir): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [join(consoleSourceDir, 'src', 'main.ts')],
    outfile: join(outDir, 'app.js'),
    bundle: true, format: 'esm', target: 'es2022', minify: true, sourcemap: false, logLevel: 'warning',
  });
  for (const file of ['index.html', 'console.css']) copyFileSync(join(consoleSourceDir, file), join(outDir, file));
}

if (require.main === module) {
  buildConsole().catch((err: unknown) => {
    process.stderr.write(`console build failed: ${String(err)}\n`);
    process.exit(1);
  });
}
