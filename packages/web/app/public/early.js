/* global window, location, localStorage */
// A table link opened on a slow phone spends most of its first second downloading and running
// the app's JS; only then would the app ask the server for the table. This small script (async,
// no imports, so it runs as soon as its own bytes arrive) sends that request at once, with the
// token the table will use; when the app makes the same request it gets this answer instead of
// waiting another round trip. Any other request, or a second one, goes to the network as usual.
(function () {
  var m = /^\/t\/([^/]+)\/?$/.exec(location.pathname);
  // An invite or a watch link (#seat=, #watch=) is claimed first: its request differs.
  if (!m || location.hash || typeof window.fetch !== 'function') return;
  var id, held;
  try {
    id = decodeURIComponent(m[1]);
    // lib/storage.ts keeps the seats this device holds under this key.
    held = JSON.parse(localStorage.getItem('zilch.games') || '{}')[id];
  } catch (_e) {
    return;
  }
  // The token the table joins with, as Table.tsx picks it: the lowest seat, else spectating.
  var seats = Object.keys((held && held.tokens) || {})
    .map(Number)
    .filter(function (s) {
      return s >= 0;
    })
    .sort(function (a, b) {
      return a - b;
    });
  var token = seats.length ? held.tokens[seats[0]] : held && held.spectatorToken;
  var auth = token ? 'Bearer ' + token : undefined;
  // The same URL and headers lib/api.ts sends for getGame.
  var path = '/api/games/' + encodeURIComponent(id);
  var network = window.fetch.bind(window);
  var early = network(path, { headers: auth ? { authorization: auth } : {} });
  // Unused (the app went elsewhere), it must not leave a rejected promise unhandled.
  early.catch(function () {});
  var restore = setTimeout(function () {
    window.fetch = network;
  }, 15000);
  window.fetch = function (input, init) {
    var headers = (init && init.headers) || {};
    if (
      input === path &&
      (!init || !init.method || init.method === 'GET') &&
      headers.authorization === auth
    ) {
      window.fetch = network;
      clearTimeout(restore);
      return early;
    }
    return network(input, init);
  };
})();
