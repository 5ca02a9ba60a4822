/**
 * One read for many callers: the calls made in the same task (the effects of one render, say: a
 * list's cards each asking for their own rows) are answered by one `load` of all their keys, instead
 * of one request per card. `load` gets the distinct keys and returns how to pick one key's answer;
 * when it fails, every call of the batch fails with it.
 */
export function batched<K, V>(load: (keys: K[]) => Promise<(key: K) => V>): (key: K) => Promise<V> {
  type Waiting = { key: K; resolve: (value: V) => void; reject: (reason: unknown) => void };
  let waiting: Waiting[] | null = null;
  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (!waiting) {
        const batch: Waiting[] = [];
        waiting = batch;
        queueMicrotask(() => {
          waiting = null;
          load([...new Set(batch.map((w) => w.key))]).then(
            (pick) => {
              for (const w of batch) w.resolve(pick(w.key));
            },
            (reason: unknown) => {
              for (const w of batch) w.reject(reason);
            },
          );
        });
      }
      waiting.push({ key, resolve, reject });
    });
}
