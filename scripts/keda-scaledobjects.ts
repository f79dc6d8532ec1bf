/**
 * Writes the KEDA objects of a Kubernetes overlay (deploy/kubernetes/overlays/*\/scaledobjects.yaml):
 * a TriggerAuthentication and one ScaledObject per stage worker Deployment, with one
 * `redis-streams` (one Redis) or `redis-cluster-streams` (Redis Cluster) trigger per stage the
 * Deployment runs and per partition, on that stream's consumer group's pending entries. The stream
 * and group names come from src/redis/keys.ts, so they are the ones the workers read.
 *
 *   npx tsx scripts/keda-scaledobjects.ts --form single --partitions 8 > deploy/kubernetes/overlays/development/scaledobjects.yaml
 *   npx tsx scripts/keda-scaledobjects.ts --form cluster --partitions 24 --min 2 --max 20 > deploy/kubernetes/overlays/production/scaledobjects.yaml
 *
 * Why one trigger per partition: a stage has a stream per partition (`cw:{pN}:stream:STAGE`), each
 * in its own hash slot, and the scaler reads one stream. KEDA hands every trigger to the
 * HorizontalPodAutoscaler as a metric of its own, and the HPA takes the largest replica count any
 * of them asks for, so the busiest partition stream decides (docs/operations.md, "Scale").
 */
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import type { StageName } from '../pipeline/vocabulary';
import { Keys } from '../src/redis/keys';

/** The stage worker Deployments of deploy/kubernetes/base and the stages each runs. */
export const stageWorkerSets: ReadonlyArray<{ deployment: string; stages: StageName[]; maxShare: number }> = [
  { deployment: 'claims-stage-pipeline', stages: ['gateway', 'consent', 'router', 'truth', 'knowledge', 'policy'], maxShare: 1 },
  { deployment: 'claims-stage-outbound', stages: ['outbound'], maxShare: 0.5 },
];

/** Pending entries of one partition's stream that ask for one pod (docs/operations.md, "Scale"). */
export const pendingEntriesPerPod = 20;

export function scaledObjects(o: { form: 'single' | 'cluster'; partitions: number; prefix: string; min: number; max: number }): object[] {
  const keys = new Keys(o.prefix, o.partitions);
  const auth = {
    apiVersion: 'keda.sh/v1alpha1', kind: 'TriggerAuthentication',
    metadata: { name: 'claims-redis', labels: { 'app.kubernetes.io/name': 'claims-workflow' } },
    spec: {
      // The Secret `claims-workflow-keda` (docs/operations.md, "Deploy"): KEDA's own view of Redis.
      secretTargetRef: [
        o.form === 'single'
          ? { parameter: 'address', name: 'claims-workflow-keda', key: 'address' }
          : { parameter: 'addresses', name: 'claims-workflow-keda', key: 'addresses' },
        { parameter: 'password', name: 'claims-workflow-keda', key: 'password' },
      ],
    },
  };
  const objects: object[] = [auth];
  for (const set of stageWorkerSets) {
    const triggers = set.stages.flatMap((stage) => Array.from({ length: o.partitions }, (_, partition) => ({
      type: o.form === 'single' ? 'redis-streams' : 'redis-cluster-streams',
      name: `${stage}-p${partition}`,
      metadata: { stream: keys.stream(partition, stage), consumerGroup: keys.group(stage), pendingEntriesCount: String(pendingEntriesPerPod) },
      authenticationRef: { name: 'claims-redis' },
    })));
    objects.push({
      apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject',
      metadata: { name: set.deployment, labels: { 'app.kubernetes.io/name': 'claims-workflow' } },
      spec: {
        scaleTargetRef: { name: set.deployment },
        minReplicaCount: o.min,
        maxReplicaCount: Math.max(o.min, Math.round(o.max * set.maxShare)),
        pollingInterval: 15,
        cooldownPeriod: 300,
        advanced: { horizontalPodAutoscalerConfig: { behavior: { scaleDown: { stabilizationWindowSeconds: 300 } } } },
        triggers,
      },
    });
  }
  return objects;
}

function main(): void {
  const { values } = parseArgs({ options: {
    form: { type: 'string', default: 'single' }, partitions: { type: 'string', default: '8' }, prefix: { type: 'string', default: 'cw' },
    min: { type: 'string', default: '1' }, max: { type: 'string', default: '4' },
  } });
  if (values.form !== 'single' && values.form !== 'cluster') throw new Error('--form is single or cluster');
  const header = [
    '# Written by scripts/keda-scaledobjects.ts (do not edit by hand; run it again):',
    `#   npx tsx scripts/keda-scaledobjects.ts ${process.argv.slice(2).join(' ')}`,
    '# PARTITIONS and KEY_PREFIX must be the ConfigMap\'s: test/unit/deploy-manifests.test.ts checks it.',
  ].join('\n');
  const docs = scaledObjects({ form: values.form, partitions: Number(values.partitions), prefix: values.prefix, min: Number(values.min), max: Number(values.max) });
  process.stdout.write(`${header}\n${docs.map((d) => stringify(d, { lineWidth: 0 })).join('---\n')}`);
}

if (require.main === module) main();
