/** Timing of the HTTP benchmarks: warm-up calls, then `rounds` timed calls printed as a markdown table row. */

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Prints `| label | p50 | p95 | max |` of `rounds` calls after `warmup` untimed ones. */
export async function measure(
  label: string,
  call: () => Promise<unknown>,
  { rounds, warmup }: { rounds: number; warmup: number },
) {
  for (let i = 0; i < warmup; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `| ${label} | ${percentile(times, 50).toFixed(1)} ms | ${percentile(times, 95).toFixed(1)} ms | ${times.at(-1)!.toFixed(1)} ms |`,
  );
}
