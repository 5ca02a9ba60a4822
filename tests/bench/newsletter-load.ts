/**
 * The visitors of `npm run bench:newsletter`, in a process of their own (as browsers are): sends
 * every sign-up at once and prints `{ results: [{ status, ms }], cpuMs }` as JSON (cpuMs: its own
 * CPU time over the burst). Input: one JSON argument
 * `{ endpoint, requests: string[], consentVersion }`.
 */
const { endpoint, requests, consentVersion } = JSON.parse(process.argv[2] ?? '{}') as {
  endpoint: string;
  requests: string[];
  consentVersion: string;
};
const cpu = process.cpuUsage();
const results = await Promise.all(
  requests.map(async (email, i) => {
    const t0 = performance.now();
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'bench',
        'x-bench-ip': `198.18.${i >> 8}.${i & 255}`,
      },
      body: JSON.stringify({
        email,
        firstName: 'Bench',
        lastName: `Person ${i}`,
        consent: true,
        language: (['nl', 'en', 'de'] as const)[i % 3],
        source: 'footer',
        consentVersion,
      }),
    });
    await res.text();
    return { status: res.status, ms: performance.now() - t0 };
  }),
);
const used = process.cpuUsage(cpu);
// Its own CPU over the burst: the process exits before the bench reads /proc again.
process.stdout.write(JSON.stringify({ results, cpuMs: Math.round((used.user + used.system) / 1000) }));

export {};
