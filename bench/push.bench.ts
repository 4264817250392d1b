// Web Push fan-out (issue 12, item 8): one notification to 1,000 subscriptions, each encrypted
// for its browser (RFC 8291: an ECDH agreement, HKDF, AES-128-GCM) and signed (a VAPID ES256 JWT),
// then POSTed to a push service on this machine (the test endpoint, which also decrypts and
// checks every one). Figures: total time, per notification, throughput, at the server's default
// concurrency (16) and at 64. ZILCH_BENCH_SUBSCRIPTIONS sets the count (default 1000).
import { fanOut, newVapidKeys, PushTransport, systemResolver } from '@zilch/server';
import { PushEndpoint } from '@zilch/testkit';

/** Prints the push fan-out figures. */
export default async function bench(): Promise<void> {
  const n = Number(process.env.ZILCH_BENCH_SUBSCRIPTIONS ?? 1000);
  const endpoint = await PushEndpoint.start();
  // The test endpoint is plain http on loopback: what the tests-only policy lets through.
  const transport = new PushTransport({
    hosts: ['127.0.0.1'],
    allowHttpLoopback: true,
    resolve: systemResolver,
  });
  try {
    const vapid = { subject: 'mailto:bench@localhost', ...newVapidKeys() };
    const targets = Array.from({ length: n }, () => {
      const s = endpoint.subscription();
      return { endpoint: s.endpoint, ...s.keys };
    });
    const payload = JSON.stringify({
      kind: 'your-move',
      gameId: 'bench',
      title: 'Your move',
      body: 'Against Bob: you have 1250 points.',
      url: '/t/bench',
    });
    for (const concurrency of [16, 64]) {
      endpoint.received.length = 0;
      const t0 = performance.now();
      const r = await fanOut(targets, payload, vapid, {
        concurrency,
        timeoutMs: 10_000,
        ttlSeconds: 86_400,
        transport,
      });
      const ms = performance.now() - t0;
      console.log(
        `  push fan-out, ${n} subscriptions, concurrency ${concurrency}: ${ms.toFixed(0)} ms total, ` +
          `${((ms * 1000) / n).toFixed(0)} µs per notification, ${((n * 1000) / ms).toFixed(0)}/s ` +
          `(sent ${r.sent}, failed ${r.failed}; endpoint decrypted ${endpoint.received.length}, refused ${endpoint.refused.length})`,
      );
    }
  } finally {
    transport.close();
    await endpoint.close();
  }
}
