/**
 * The Kubernetes manifests (deploy/kubernetes): each overlay rendered as kustomize renders it, every
 * object valid against the Kubernetes and KEDA schemas (kubernetes-models, @kubernetes-models/keda),
 * every environment variable a documented setting, secrets only by reference, probes, disruption
 * budgets, non-root pods, a termination grace above the service's shutdown grace, and a KEDA
 * trigger on every stream the stage workers read, named as src/redis/keys.ts names them.
 *
 * The overlays are rendered here, not by a kustomize binary (none is packaged for Debian's
 * release, and its kubectl 1.20 carries a kustomize that predates `patches:`): resources (files and
 * folders with a kustomization.yaml), `namespace`, `images` and `patches` of strategic-merge files,
 * which merge maps key by key and the lists Kubernetes merges by `name` (containers, env, ports,
 * volumes) item by item. Those are the only kustomize features the overlays use; the test refuses
 * any other field, so an overlay cannot use one this renderer would ignore.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { StageName } from '../../pipeline/vocabulary';
import { Keys } from '../../src/redis/keys';
import { loadConfig } from '../../src/config';

type Obj = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string> }; spec?: any; data?: Record<string, string> };

const root = join(__dirname, '..', '..', 'deploy', 'kubernetes');
const overlays = ['development', 'production'] as const;
const clusterScoped = new Set(['Namespace']);
const knownFields = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'patches', 'images']);

function readYaml(file: string): any[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((d) => {
    if (d.errors.length > 0) throw new Error(`${file}: ${d.errors[0]!.message}`);
    return d.toJS();
  }).filter((d) => d != null);
}

const isMap = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
const byName = (list: unknown[]) => list.every((i) => isMap(i) && typeof i.name === 'string');

/** A strategic merge of a simple patch: maps key by key, lists of named items by name, the rest replaced. */
function merge(target: any, patch: any): any {
  if (isMap(target) && isMap(patch)) {
    const out = { ...target };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete out[k];
      else out[k] = k in out ? merge(out[k], v) : v;
    }
    return out;
  }
  if (Array.isArray(target) && Array.isArray(patch) && byName(target) && byName(patch) && patch.length > 0) {
    const out = [...target];
    for (const item of patch) {
      const at = out.findIndex((t) => t.name === item.name);
      if (at >= 0) out[at] = merge(out[at], item); else out.push(item);
    }
    return out;
  }
  return patch;
}

function render(dir: string): Obj[] {
  const [k] = readYaml(join(dir, 'kustomization.yaml'));
  for (const field of Object.keys(k)) if (!knownFields.has(field)) throw new Error(`${dir}: kustomization field ${field} is not rendered by this test`);
  let objects: Obj[] = [];
  for (const r of k.resources ?? []) {
    const path = join(dir, r);
    objects.push(...(statSync(path).isDirectory() ? render(path) : readYaml(path)));
  }
  for (const p of k.patches ?? []) {
    if (Object.keys(p).join() !== 'path') throw new Error(`${dir}: only patches by path are rendered`);
    for (const patch of readYaml(join(dir, p.path))) {
      const at = objects.findIndex((o) => o.kind === patch.kind && o.metadata.name === patch.metadata.name);
      if (at < 0) throw new Error(`${dir}/${p.path}: no ${patch.kind} ${patch.metadata.name} to patch`);
      objects[at] = merge(objects[at], patch);
    }
  }
  for (const image of k.images ?? []) {
    objects = objects.map((o) => {
      if (o.kind !== 'Deployment') return o;
      for (const c of o.spec.template.spec.containers) if (c.image === image.name) c.image = `${image.newName ?? image.name}${image.newTag ? `:${image.newTag}` : ''}`;
      return o;
    });
  }
  if (k.namespace) for (const o of objects) if (!clusterScoped.has(o.kind)) o.metadata = { ...o.metadata, namespace: k.namespace };
  return objects;
}

/** Every setting docs/configuration.md documents: the first cell of each table row of its variables. */
function documentedSettings(): Set<string> {
  const text = readFileSync(join(__dirname, '..', '..', 'docs', 'configuration.md'), 'utf8');
  return new Set([...text.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!));
}

async function modelFor(o: Obj): Promise<new (data: any) => { validate(): void }> {
  const core = await import('kubernetes-models/v1');
  const apps = await import('kubernetes-models/apps/v1');
  const autoscaling = await import('kubernetes-models/autoscaling/v2');
  const policy = await import('kubernetes-models/policy/v1');
  const keda = await import('@kubernetes-models/keda/keda.sh/v1alpha1');
  const models: Record<string, new (data: any) => { validate(): void }> = {
    'v1/ConfigMap': core.ConfigMap, 'v1/Service': core.Service, 'v1/ServiceAccount': core.ServiceAccount,
    'apps/v1/Deployment': apps.Deployment, 'autoscaling/v2/HorizontalPodAutoscaler': autoscaling.HorizontalPodAutoscaler,
    'policy/v1/PodDisruptionBudget': policy.PodDisruptionBudget,
    'keda.sh/v1alpha1/ScaledObject': keda.ScaledObject, 'keda.sh/v1alpha1/TriggerAuthentication': keda.TriggerAuthentication,
  };
  const model = models[`${o.apiVersion}/${o.kind}`];
  if (!model) throw new Error(`no schema here for ${o.apiVersion} ${o.kind} (${o.metadata.name})`);
  return model;
}

/** Settings only ever given by reference to a Secret. */
const secretSettings = ['REDIS_URL', 'REDIS_CLUSTER_NODES', 'DATABASE_URL', 'SIGNING_KEY_ENCRYPTION_KEY', 'PHI_REF_KEY'];

describe('Kubernetes manifests (deploy/kubernetes)', () => {
  it('the renderer merges a patch as strategic merge does: maps by key, named list items by name', () => {
    const base = { spec: { replicas: 2, containers: [{ name: 'a', image: 'x', env: [{ name: 'A', value: '1' }] }, { name: 'b' }], args: ['1', '2'] } };
    const out = merge(base, { spec: { containers: [{ name: 'a', env: [{ name: 'B', value: '2' }] }], args: ['3'], replicas: null } });
    expect(out).to.deep.equal({ spec: { containers: [{ name: 'a', image: 'x', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }] }, { name: 'b' }], args: ['3'] } });
  });

  it('the schemas refuse a broken object (the validation below is not vacuous)', async () => {
    const { Deployment } = await import('kubernetes-models/apps/v1');
    const { ScaledObject } = await import('@kubernetes-models/keda/keda.sh/v1alpha1');
    expect(() => new Deployment({ metadata: { name: 'x' }, spec: { selector: {}, template: { spec: { containers: [{ name: 'a', ports: [{ containerPort: '80' as unknown as number }] }] } } } }).validate()).to.throw(/containerPort must be integer/);
    expect(() => new ScaledObject({ metadata: { name: 'x' }, spec: { scaleTargetRef: { name: 'a' }, triggers: [{ type: 'redis-streams', metadata: {} }], minReplicaCount: 'one' as unknown as number } }).validate()).to.throw(/minReplicaCount must be integer/);
  });

  for (const overlay of overlays) {
    describe(`overlay ${overlay}`, () => {
      const objects = render(join(root, 'overlays', overlay));
      const of = (kind: string) => objects.filter((o) => o.kind === kind);
      const deployments = of('Deployment');
      const configMap = of('ConfigMap').find((c) => c.metadata.name === 'claims-workflow')!;
      const setting = (name: string) => configMap.data?.[name];
      const containers = deployments.flatMap((d) => d.spec.template.spec.containers.map((c: any) => ({ d, c })));

      it('renders the roles: api, scheduler and the stage worker sets, each in the overlay namespace', () => {
        expect(deployments.map((d) => d.metadata.name).sort()).to.deep.equal(['claims-api', 'claims-scheduler', 'claims-stage-outbound', 'claims-stage-pipeline']);
        for (const o of objects) expect(o.metadata.namespace, `${o.kind} ${o.metadata.name}`).to.equal(overlay === 'production' ? 'claims' : 'claims-dev');
        const roles = containers.map(({ c }) => c.args.join(' ')).sort();
        expect(roles).to.deep.equal(['api', 'scheduler', 'stage gateway,consent,router,truth,knowledge,policy', 'stage outbound']);
        // One image for every role, built once.
        expect(new Set(containers.map(({ c }) => c.image)).size).to.equal(1);
      });

      it('every object validates against the Kubernetes and KEDA schemas', async () => {
        expect(objects.length).to.be.greaterThan(10);
        for (const o of objects) {
          const Model = await modelFor(o);
          try { new Model(o).validate(); } catch (err) { throw new Error(`${o.kind} ${o.metadata.name}: ${(err as Error).message}`); }
        }
      });

      it('sets only documented settings, and the secret ones only by reference to a Secret', () => {
        const documented = documentedSettings();
        expect(documented.size).to.be.greaterThan(40);
        expect(of('Secret'), 'no Secret (and so no secret value) is in the manifests').to.have.length(0);
        for (const { d, c } of containers) {
          const names: string[] = [];
          for (const from of c.envFrom ?? []) {
            const cm = of('ConfigMap').find((m) => m.metadata.name === from.configMapRef?.name);
            expect(cm, `${d.metadata.name}: envFrom names a ConfigMap of the overlay`).to.exist;
            names.push(...Object.keys(cm!.data ?? {}));
          }
          for (const e of c.env ?? []) {
            names.push(e.name);
            if (secretSettings.includes(e.name)) {
              expect(e.value, `${e.name} has no value in ${d.metadata.name}`).to.be.undefined;
              expect(e.valueFrom?.secretKeyRef?.name, `${e.name} from a Secret in ${d.metadata.name}`).to.be.a('string');
            }
          }
          for (const name of names) expect(documented.has(name), `${d.metadata.name} sets ${name}, not in docs/configuration.md`).to.equal(true);
          for (const name of ['REDIS_URL', 'DATABASE_URL', 'SIGNING_KEY_ENCRYPTION_KEY', 'PHI_REF_KEY']) expect(names, d.metadata.name).to.include(name);
        }
        for (const name of secretSettings) expect(configMap.data ?? {}, `${name} is not in the ConfigMap`).not.to.have.property(name);
        // The configuration the manifests give is one the service accepts.
        expect(() => loadConfig({ ...configMap.data, SIGNING_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'), PHI_REF_KEY: Buffer.alloc(32, 2).toString('base64') })).not.to.throw();
      });

      it('probes /health and /ready on ports the container declares; the API is ready only with Redis', () => {
        for (const { d, c } of containers) {
          const ports = new Set((c.ports ?? []).map((p: any) => p.name));
          for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
            const get = c[probe]?.httpGet;
            expect(get, `${d.metadata.name} ${probe}`).to.exist;
            expect(['/health', '/ready']).to.include(get.path);
            expect(ports.has(get.port), `${d.metadata.name} ${probe} port ${get.port}`).to.equal(true);
          }
          expect(c.livenessProbe.httpGet.path).to.equal('/health');
        }
        const api = containers.find(({ d }) => d.metadata.name === 'claims-api')!.c;
        expect(api.readinessProbe.httpGet).to.deep.equal({ path: '/ready', port: 'http' });
        expect(api.ports.find((p: any) => p.name === 'http').containerPort).to.equal(Number(setting('PORT')));
        for (const { c } of containers) expect(c.ports.find((p: any) => p.name === 'metrics').containerPort).to.equal(Number(setting('METRICS_PORT')));
      });

      it('runs every pod as non-root with no privilege escalation, and asks for CPU and memory', () => {
        for (const { d, c } of containers) {
          const pod = d.spec.template.spec;
          expect(pod.securityContext.runAsNonRoot, d.metadata.name).to.equal(true);
          expect(pod.securityContext.runAsUser).to.be.greaterThan(0);
          expect(pod.automountServiceAccountToken).to.equal(false);
          expect(c.securityContext).to.include({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
          expect(c.securityContext.capabilities.drop).to.deep.equal(['ALL']);
          expect(c.securityContext.runAsUser ?? 1).to.be.greaterThan(0);
          expect(c.resources.requests).to.have.keys('cpu', 'memory');
          expect(c.resources.limits).to.have.property('memory');
        }
      });

      it('gives each pod longer to stop than the service takes to drain', () => {
        const config = loadConfig({ ...configMap.data, NODE_ENV: 'test' });
        for (const { d, c } of containers) {
          const preStop = c.lifecycle?.preStop?.exec?.command?.join(' ') ?? '';
          const pauseMs = Number(/setTimeout\(\(\) => \{\}, (\d+)\)/.exec(preStop)?.[1] ?? 0);
          const needMs = pauseMs + config.shutdownGraceMs + config.blockMs;
          expect(d.spec.template.spec.terminationGracePeriodSeconds * 1000, d.metadata.name).to.be.greaterThan(needMs);
        }
      });

      it('has a PodDisruptionBudget for every Deployment, selecting its pods', () => {
        for (const d of deployments) {
          const budgets = of('PodDisruptionBudget').filter((p) => JSON.stringify(p.spec.selector) === JSON.stringify(d.spec.selector));
          expect(budgets, d.metadata.name).to.have.length(1);
          const labels = d.spec.template.metadata.labels;
          for (const [k, v] of Object.entries(budgets[0]!.spec.selector.matchLabels)) expect(labels[k]).to.equal(v);
        }
      });

      it('scales the API on CPU and every stage worker set on the pending entries of each stream it reads', () => {
        const hpa = of('HorizontalPodAutoscaler');
        expect(hpa.map((h) => h.spec.scaleTargetRef.name)).to.deep.equal(['claims-api']);
        expect(hpa[0]!.spec.metrics[0].resource.name).to.equal('cpu');
        expect(hpa[0]!.spec.minReplicas).to.be.at.most(hpa[0]!.spec.maxReplicas);

        const partitions = Number(setting('PARTITIONS'));
        const keys = new Keys(setting('KEY_PREFIX')!, partitions);
        const scaled = of('ScaledObject');
        const auth = new Set(of('TriggerAuthentication').map((t) => t.metadata.name));
        const workers = deployments.filter((d) => d.spec.template.spec.containers[0].args[0] === 'stage');
        expect(scaled.map((s) => s.spec.scaleTargetRef.name).sort()).to.deep.equal(workers.map((d) => d.metadata.name).sort());
        for (const d of workers) {
          // A scaler or an autoscaler owns the count: a replicas field would fight it at each apply.
          expect(d.spec.replicas, d.metadata.name).to.be.undefined;
          const so = scaled.find((s) => s.spec.scaleTargetRef.name === d.metadata.name)!;
          expect(so.spec.minReplicaCount).to.be.at.least(1);
          expect(so.spec.minReplicaCount).to.be.at.most(so.spec.maxReplicaCount);
          const stageNames = (d.spec.template.spec.containers[0].args[1] as string).split(',') as StageName[];
          const want = stageNames.flatMap((stage) => Array.from({ length: partitions }, (_, p) => `${keys.stream(p, stage)} ${keys.group(stage)}`)).sort();
          const got = so.spec.triggers.map((t: any) => `${t.metadata.stream} ${t.metadata.consumerGroup}`).sort();
          expect(got, `${d.metadata.name}: a trigger per stage stream and partition`).to.deep.equal(want);
          for (const t of so.spec.triggers) {
            // One Redis (the development overlay) or a Redis Cluster (production: REDIS_CLUSTER_NODES).
            expect(t.type).to.equal(overlay === 'production' ? 'redis-cluster-streams' : 'redis-streams');
            expect(Number(t.metadata.pendingEntriesCount)).to.be.greaterThan(0);
            expect(auth.has(t.authenticationRef.name), `${t.name} authentication`).to.equal(true);
            expect(t.metadata, 'no Redis address or password written in a trigger').not.to.have.any.keys('address', 'addresses', 'password', 'host');
          }
        }
        for (const t of of('TriggerAuthentication')) {
          const params = t.spec.secretTargetRef.map((r: any) => r.parameter).sort();
          expect(params).to.deep.equal(overlay === 'production' ? ['addresses', 'password'] : ['address', 'password']);
        }
      });
    });
  }

  it('every file under deploy/kubernetes is part of an overlay', () => {
    const used = new Set<string>();
    const walk = (dir: string): void => {
      const [k] = readYaml(join(dir, 'kustomization.yaml'));
      used.add(join(dir, 'kustomization.yaml'));
      for (const r of k.resources ?? []) {
        const path = join(dir, r);
        if (statSync(path).isDirectory()) walk(path); else used.add(path);
      }
      for (const p of k.patches ?? []) used.add(join(dir, p.path));
    };
    for (const overlay of overlays) walk(join(root, 'overlays', overlay));
    const all: string[] = [];
    const list = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) list(path); else all.push(path);
      }
    };
    list(root);
    expect(all.filter((f) => !used.has(f)).map((f) => f.slice(dirname(root).length))).to.deep.equal([]);
  });
});
