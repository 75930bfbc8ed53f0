/** The embedded-metric-format lines among log lines (core/metrics.ts): each metric with its value and dimensions. */
export interface EmittedMetric {
  readonly name: string;
  readonly value: unknown;
  readonly unit: string | undefined;
  readonly namespace: string;
  readonly dimensions: Readonly<Record<string, unknown>>;
}

interface EmfDirective {
  readonly Namespace: string;
  readonly Dimensions: readonly (readonly string[])[];
  readonly Metrics: readonly { readonly Name: string; readonly Unit?: string }[];
}

export function emittedMetrics(lines: readonly Record<string, unknown>[]): EmittedMetric[] {
  return lines.flatMap((line) => {
    const directives = (line._aws as { CloudWatchMetrics?: EmfDirective[] } | undefined)?.CloudWatchMetrics ?? [];
    return directives.flatMap((directive) => {
      const dimensions = Object.fromEntries(directive.Dimensions.flat().map((name) => [name, line[name]]));
      return directive.Metrics.map((metric) => ({ name: metric.Name, value: line[metric.Name], unit: metric.Unit, namespace: directive.Namespace, dimensions }));
    });
  });
}

/** Runs `run` with EMF publishing turned on, as on the session host's task (POWERTOOLS_METRICS_DISABLED=false). */
export async function withMetricsPublished<T>(run: () => Promise<T>): Promise<T> {
  const previous = process.env.POWERTOOLS_METRICS_DISABLED;
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  try {
    return await run();
  } finally {
    if (previous === undefined) delete process.env.POWERTOOLS_METRICS_DISABLED;
    else process.env.POWERTOOLS_METRICS_DISABLED = previous;
  }
}
