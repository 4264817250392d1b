import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const server = process.env.ZILCH_SERVER_URL ?? 'http://localhost:3000';

/** Light and dark backgrounds of the app (styles.css --bg), for the manifest and theme-color. */
const FELT = '#14532d';
const BG = '#f6f3ec';

export default defineConfig({
  root: 'app',
  plugins: [
    react(),
    // The service worker makes the game installable and answers a navigation without a network
    // with offline.html. It caches nothing else: dice come from the server, so a cached table
    // would only lie, and /api and /socket.io must always reach the server. Pages are never
    // served from the worker's cache, so a new deploy shows up on the next load.
    VitePWA({
      registerType: 'autoUpdate',
      // main.tsx registers the worker after the page has loaded, away from the first paint.
      injectRegister: false,
      // Precached with the manifest's icons (includeManifestIcons): all the offline page needs.
      includeAssets: ['offline.html', 'offline.css'],
      manifest: {
        name: 'Zilch — the dice game',
        short_name: 'Zilch',
        description: 'Zilch: the dice game, with friends, bots and a coach. Provably fair dice.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: BG,
        theme_color: FELT,
        categories: ['games'],
        icons: [
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // Nothing else is precached: the app's own files keep their HTTP caching (hashed assets
        // immutable, index.html no-cache), so the worker never serves a stale build.
        globPatterns: [],
        navigateFallback: null,
        // The `push` and `notificationclick` handlers of Web Push (public/push-sw.js).
        importScripts: ['/push-sw.js'],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              !url.pathname.startsWith('/api/') &&
              !url.pathname.startsWith('/socket.io/'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: 'offline.html' } },
          },
        ],
      },
    }),
  ],
  // Bundle the @zilch/* packages from their sources (their "source" export condition).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    // uPlot and the review page load on demand; keep the first paint small.
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: {
      '/api': server,
      '/socket.io': { target: server, ws: true },
    },
  },
});
