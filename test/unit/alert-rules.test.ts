/**
 * The Prometheus alerting rules (deploy/prometheus) and the Grafana dashboard (deploy/grafana):
 * `promtool check rules` and `promtool test rules` pass (promtool from Debian's `prometheus`
 * package; .ci/run installs it), every alert has a unit test that fires it and one that keeps it
 * quiet, every alert has a runbook entry in docs/operations.md, and every metric the rules and the
 * dashboard name is one the service registers (src/metrics.ts and the defaults it collects).
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { Metrics } from '../../src/metrics';

const root = join(__dirname, '..', '..');
const dir = join(root, 'deploy', 'prometheus');
const rules = parse(readFileSync(join(dir, 'alerts.yaml'), 'utf8')) as { groups: { rules: { alert: string; expr: string; annotations: { runbook: string } }[] }[] };
const alerts = rules.groups.flatMap((g) => g.rules);

function promtool(...args: string[]): string {
  return execFileSync('promtool', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The metric names an expression reads (a histogram's series by its base name). */
function metricNames(expr: string): string[] {
  return [...expr.matchAll(/\bcw_[a-z0-9_]+/g)].map((m) => m[0].replace(/_(bucket|count|sum)$/, ''));
}

describe('alerting rules and dashboard (deploy/prometheus, deploy/grafana)', function () {
  this.timeout(60000);

  it('promtool checks the rules', () => {
    expect(promtool('check', 'rules', 'alerts.yaml')).to.contain(`SUCCESS: ${alerts.length} rules found`);
  });

  it('promtool runs the unit tests of the rules, and they pass', () => {
    expect(promtool('test', 'rules', 'alerts.test.yaml')).to.contain('SUCCESS');
  });

  it('promtool fails a unit test that expects the wrong thing (so the run above means something)', () => {
    const broken = readFileSync(join(dir, 'alerts.test.yaml'), 'utf8').replace("values: '2x10'", "values: '0x10'");
    expect(() => execFileSync('promtool', ['test', 'rules', '/dev/stdin'], { cwd: dir, input: broken, stdio: ['pipe', 'pipe', 'pipe'] })).to.throw();
  });

  it('has, for every alert, a unit test that fires it and one that keeps it quiet', () => {
    const tests = parse(readFileSync(join(dir, 'alerts.test.yaml'), 'utf8')) as { tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[] };
    const cases = tests.tests.flatMap((t) => t.alert_rule_test);
    expect(alerts.length).to.be.greaterThan(7);
    for (const { alert } of alerts) {
      expect(cases.some((c) => c.alertname === alert && c.exp_alerts.length > 0), `${alert} fires in a test`).to.equal(true);
      expect(cases.some((c) => c.alertname === alert && c.exp_alerts.length === 0), `${alert} stays quiet in a test`).to.equal(true);
    }
  });

  it('names only metrics the service exports, in the rules and in the dashboard', async () => {
    const exported = new Set((await new Metrics().registry.getMetricsAsJSON()).map((m) => m.name));
    expect(exported.has('cw_stage_lag_seconds')).to.equal(true);
    const dashboard = JSON.parse(readFileSync(join(root, 'deploy', 'grafana', 'claims-workflow.json'), 'utf8')) as { panels: { title: string; targets: { expr: string }[] }[] };
    const uses: [string, string][] = [
      ...alerts.map((a): [string, string] => [a.alert, a.expr]),
      ...dashboard.panels.flatMap((p) => p.targets.map((t): [string, string] => [`panel "${p.title}"`, t.expr])),
    ];
    expect(dashboard.panels.length).to.be.greaterThan(10);
    for (const [where, expr] of uses) {
      const names = metricNames(expr);
      expect(names, `${where} reads a metric`).not.to.be.empty;
      for (const name of names) expect(exported.has(name), `${where} reads ${name}, which the service does not export`).to.equal(true);
    }
  });

  it('has a runbook entry in docs/operations.md for every alert, where its annotation points', () => {
    const ops = readFileSync(join(root, 'docs', 'operations.md'), 'utf8');
    const anchors = new Set([...ops.matchAll(/^#+ (.+)$/gm)].map((m) => m[1]!.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')));
    for (const rule of alerts) {
      const anchor = rule.annotations.runbook.split('#')[1]!;
      expect(anchors.has(anchor), `${rule.alert}: docs/operations.md#${anchor}`).to.equal(true);
    }
  });
});
