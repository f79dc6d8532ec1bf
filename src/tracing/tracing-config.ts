/**
 * The tracing settings: the standard OpenTelemetry `OTEL_*` variables, validated with the rest of
 * the configuration by src/config.ts (which reads them; this module never sees the environment).
 * Tracing is off unless an OTLP endpoint is named or `OTEL_TRACES_EXPORTER=otlp` (docs/tracing.md).
 */

/** One of the standard sampler names (`OTEL_TRACES_SAMPLER`). */
export type TraceSamplerName =
  | 'always_on' | 'always_off' | 'traceidratio' | 'parentbased_always_on' | 'parentbased_always_off' | 'parentbased_traceidratio';

export interface TracingConfig {
  /** Where spans are posted (OTLP/HTTP JSON): `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as it is, else `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`. */
  url: string;
  /** Headers sent with each export (`OTEL_EXPORTER_OTLP_HEADERS`, `..._TRACES_HEADERS`): a collector's credentials, never logged. */
  headers: Record<string, string>;
  /** How long one export may take (ms, `OTEL_EXPORTER_OTLP_TIMEOUT`, default 10000). */
  timeoutMs: number;
  /**
   * How long the batch processor keeps ended spans before it exports them (ms,
   * `OTEL_BSP_SCHEDULE_DELAY`); default 1000, not the SDK's 5000, so a trace shows within a
   * second; each export has a cost of its own, so a shorter delay costs more CPU a span where a
   * process makes few of them (`bench:span-cost`, docs/tracing.md, "Cost").
   */
  scheduleDelayMs: number;
  /** `OTEL_TRACES_SAMPLER`; default `parentbased_traceidratio`. */
  sampler: TraceSamplerName;
  /** The ratio of the ratio samplers (`OTEL_TRACES_SAMPLER_ARG`), 0-1; default 0.1. */
  ratio: number;
  /** `service.name` (`OTEL_SERVICE_NAME`); default `claims-workflow-service`. */
  serviceName: string;
  /** More resource attributes (`OTEL_RESOURCE_ATTRIBUTES`, `k=v,k=v`). */
  resourceAttributes: Record<string, string>;
}

const samplers: TraceSamplerName[] = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'];

/** The variables' schema, merged into src/config.ts's. */
export const tracingSchema = {
  OTEL_SDK_DISABLED: { enum: ['true', 'false'] },
  OTEL_TRACES_EXPORTER: { enum: ['otlp', 'none'] },
  OTEL_EXPORTER_OTLP_ENDPOINT: { type: 'string', pattern: '^https?://' },
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: { type: 'string', pattern: '^https?://' },
  // Only the JSON encoding of OTLP/HTTP is sent (the exporter in package.json).
  OTEL_EXPORTER_OTLP_PROTOCOL: { enum: ['http/json'] },
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: { enum: ['http/json'] },
  OTEL_EXPORTER_OTLP_HEADERS: { type: 'string', maxLength: 8192 },
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: { type: 'string', maxLength: 8192 },
  OTEL_EXPORTER_OTLP_TIMEOUT: { type: 'integer', minimum: 100, maximum: 120000 },
  OTEL_BSP_SCHEDULE_DELAY: { type: 'integer', minimum: 10, maximum: 60000 },
  OTEL_TRACES_SAMPLER: { enum: samplers },
  OTEL_TRACES_SAMPLER_ARG: { type: 'string', pattern: '^(0(\\.\\d+)?|1(\\.0+)?|\\.\\d+)$' },
  OTEL_SERVICE_NAME: { type: 'string', minLength: 1, maxLength: 200 },
  OTEL_RESOURCE_ATTRIBUTES: { type: 'string', maxLength: 4096 },
} as const;

/** `k=v,k=v` with URL-encoded keys and values (the OTEL list form), as a record. */
function pairs(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of (value ?? '').split(',')) {
    const eq = item.indexOf('=');
    if (eq <= 0) continue;
    out[decodeURIComponent(item.slice(0, eq).trim())] = decodeURIComponent(item.slice(eq + 1).trim());
  }
  return out;
}

/**
 * The tracing settings from the validated variables, or null when tracing is off: off unless
 * `OTEL_TRACES_EXPORTER=otlp` or an OTLP endpoint is named, and always off with
 * `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`.
 */
export function tracingOf(raw: Record<string, unknown>): TracingConfig | null {
  const s = (name: keyof typeof tracingSchema) => raw[name] as string | undefined;
  if (s('OTEL_SDK_DISABLED') === 'true' || s('OTEL_TRACES_EXPORTER') === 'none') return null;
  const tracesEndpoint = s('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const endpoint = s('OTEL_EXPORTER_OTLP_ENDPOINT');
  if (s('OTEL_TRACES_EXPORTER') !== 'otlp' && !tracesEndpoint && !endpoint) return null;
  const url = tracesEndpoint ?? `${(endpoint ?? 'http://localhost:4318').replace(/\/+$/, '')}/v1/traces`;
  return {
    url,
    headers: { ...pairs(s('OTEL_EXPORTER_OTLP_HEADERS')), ...pairs(s('OTEL_EXPORTER_OTLP_TRACES_HEADERS')) },
    timeoutMs: (raw.OTEL_EXPORTER_OTLP_TIMEOUT as number | undefined) ?? 10000,
    scheduleDelayMs: (raw.OTEL_BSP_SCHEDULE_DELAY as number | undefined) ?? 1000,
    sampler: (s('OTEL_TRACES_SAMPLER') as TraceSamplerName | undefined) ?? 'parentbased_traceidratio',
    ratio: s('OTEL_TRACES_SAMPLER_ARG') === undefined ? 0.1 : Number(s('OTEL_TRACES_SAMPLER_ARG')),
    serviceName: s('OTEL_SERVICE_NAME') ?? 'claims-workflow-service',
    resourceAttributes: pairs(s('OTEL_RESOURCE_ATTRIBUTES')),
  };
}
