import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const server = process.env.ZILCH_SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: 'app',
  plugins: [react()],
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
