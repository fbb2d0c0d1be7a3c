import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompress } from './vite-precompress';

// The dev server proxies to the Leitwarte server, so the browser sees one origin as in production.
const serverUrl = `http://127.0.0.1:${process.env.LEITWARTE_PORT || 8080}`;

// The server checks Origin on state changes and on the hub upgrade; behind this proxy the browser's
// origin is Vite's, so the proxy presents the server's own origin, as a reverse proxy in front of it would.
const sameOrigin: ProxyOptions = {
  target: serverUrl,
  // Host and Origin must name the same server for its same-origin checks.
  changeOrigin: true,
  configure: (proxy) => {
    proxy.on('proxyReq', (req) => req.setHeader('origin', serverUrl));
    proxy.on('proxyReqWs', (req) => req.setHeader('origin', serverUrl));
  },
};

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  resolve: {
    // Core is consumed as source so the web build needs no core build step and tree-shakes it.
    alias: { '@leitwarte/core': fileURLToPath(new URL('../core/src/index.ts', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': sameOrigin,
      '/hubs': { ...sameOrigin, ws: true },
      '/healthz': { target: serverUrl },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // scripts/initial-js-size.mjs reads the chunk graph from it.
    manifest: true,
  },
});
