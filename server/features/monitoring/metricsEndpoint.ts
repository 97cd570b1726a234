import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { AggregatorRegistry, register, type PrometheusContentType } from 'prom-client';
import { ERROR_TEXTS } from '../../../shared/app/ErrorPage.tsx';
import { bearerMatches } from '../../platform/http/bearerToken.ts';
import { CACHE_CONTROL } from '../../platform/http/cacheControl.ts';
import { SERVER_PATHS } from '../../../shared/routes/serverMounts.ts';

const REQUEST = 'site:metrics-request';
const RESPONSE = 'site:metrics-response';
const AGGREGATION_TIMEOUT_MS = 5000;
let workerAggregator: AggregatorRegistry<PrometheusContentType> | undefined;

interface MetricsResponse {
  readonly type: typeof RESPONSE;
  readonly id: string;
  readonly text?: string;
  readonly error?: string;
}

/** The metrics text: this process's, or — in a cluster worker — every worker's, aggregated by the primary. */
function collect(): Promise<string> {
  if (!cluster.isWorker || process.send === undefined) return register.metrics();
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', onMessage);
      reject(new Error('the cluster primary did not answer'));
    }, AGGREGATION_TIMEOUT_MS);
    const onMessage = (message: unknown) => {
      const answer = message as Partial<MetricsResponse> | null;
      if (answer?.type !== RESPONSE || answer.id !== id) return;
      clearTimeout(timer);
      process.off('message', onMessage);
      if (typeof answer.text === 'string') resolve(answer.text);
      else reject(new Error(answer.error ?? 'aggregation failed'));
    };
    process.on('message', onMessage);
    process.send!({ type: REQUEST, id });
  });
}

/** In the cluster primary: every worker's metrics aggregated (prom-client's AggregatorRegistry). */
export function aggregateWorkerMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    const ask = message as { type?: unknown; id?: unknown } | null;
    if (ask?.type !== REQUEST || typeof ask.id !== 'string') return;
    const id = ask.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: RESPONSE, id, text } satisfies MetricsResponse),
      (error: unknown) => worker.send({ type: RESPONSE, id, error: (error as Error).message } satisfies MetricsResponse),
    );
  });
}

/** `GET /metrics` (Prometheus) with `Authorization: Bearer $METRICS_TOKEN`; without METRICS_TOKEN, 404. */
export function metricsEndpoint(token: string | undefined): Router {
  // prom-client answers the primary's requests for a worker's metrics once an AggregatorRegistry exists in that worker.
  if (cluster.isWorker) workerAggregator ??= new AggregatorRegistry();
  const router = Router();
  router.get(SERVER_PATHS.metrics, async (req, res) => {
    res.setHeader('Cache-Control', CACHE_CONTROL.noStore);
    if (token === undefined) return void res.status(404).json({ error: ERROR_TEXTS.notFoundTitle });
    if (!bearerMatches(req.get('authorization'), token)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return void res.status(401).json({ error: 'Нужен заголовок Authorization: Bearer с токеном метрик.' });
    }
    // Express 5 hands a rejection to the error handler.
    const text = await collect();
    res.status(200).type(register.contentType).send(text);
  });
  return router;
}
