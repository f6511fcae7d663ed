/**
 * Several API processes behind one port, for the load bench's BENCH_LOAD_PROCESSES (docs/performance.md
 * "Under load", docs/operations.md "Processes and scale-out"): node's cluster module forks
 * BENCH_API_PROCESSES workers, each runs apps/api/src/main.ts as `npm start` does, and the primary hands
 * each new connection to the next worker in turn. A stop signal to the primary stops every worker; the
 * primary ends when they have.
 */
import cluster from 'node:cluster';

const processes = Number(process.env.BENCH_API_PROCESSES ?? 2);

if (cluster.isPrimary) {
  for (let i = 0; i < processes; i += 1) {
    cluster.fork();
  }
  const stop = (signal: NodeJS.Signals) => {
    for (const worker of Object.values(cluster.workers ?? {})) {
      worker?.process.kill(signal);
    }
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  let running = processes;
  let failed = false;
  cluster.on('exit', (_worker, code) => {
    failed ||= code !== 0;
    running -= 1;
    if (running === 0) {
      process.exit(failed ? 1 : 0);
    }
  });
} else {
  await import('../apps/api/src/main.ts');
}
