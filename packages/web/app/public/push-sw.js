// Web Push in the service worker (imported by the generated sw.js, see vite.config.ts): shows
// each notification the server sends (its JSON is @zilch/protocol's PushPayload) and opens, or
// focuses, the table it names on a click. One notification per game: a newer one replaces it.
/* global self, clients */
self.addEventListener('push', (event) => {
  const p = payloadOf(event);
  const title = p && typeof p.title === 'string' ? p.title : 'Zilch';
  const url = p && typeof p.url === 'string' && /^\/(?!\/)/.test(p.url) ? p.url : '/';
  event.waitUntil(
    Promise.all([
      tellPages(),
      self.registration.showNotification(title, {
        body: p && typeof p.body === 'string' ? p.body : '',
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        tag: p && typeof p.gameId === 'string' ? `zilch-${p.gameId}` : 'zilch',
        renotify: true,
        data: { url },
      }),
    ]),
  );
});

/** Open pages re-read which games wait for a move (the header's count). */
async function tellPages() {
  for (const c of await clients.matchAll({ type: 'window' })) c.postMessage({ type: 'zilch-push' });
}

/** The notification's JSON, or null when it has none or it is not JSON. */
function payloadOf(event) {
  try {
    return event.data ? event.data.json() : null;
  } catch (_e) {
    return null;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((open) => {
      for (const c of open) {
        if (c.url === url && 'focus' in c) return c.focus();
      }
      const any = open.find((c) => 'navigate' in c);
      return any ? any.navigate(url).then((c) => c && c.focus()) : clients.openWindow(url);
    }),
  );
});
