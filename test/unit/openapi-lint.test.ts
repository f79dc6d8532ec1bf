/**
 * docs/openapi.yaml passes `redocly lint` with the recommended rules (redocly.yaml): no error and
 * no warning, apart from the problems decided with a reason in .redocly.lint-ignore.yaml.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
}

describe('docs/openapi.yaml under redocly lint', function () {
  this.timeout(60000);

  it('has no error and no warning with the recommended rules', () => {
    const run = spawnSync(process.execPath, [join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js'), 'lint', 'docs/openapi.yaml', '--format', 'json'], {
      cwd: root, encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(run.stdout) as LintReport;
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
    expect(problems, problems.join('\n')).to.deep.equal([]);
    expect(report.totals).to.include({ errors: 0, warnings: 0 });
    expect(run.status).to.equal(0);
  });
});
