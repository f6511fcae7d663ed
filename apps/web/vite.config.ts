import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// One id per build: the bundle carries it, and /version.json tells a running tab that a newer one is out.
const version = process.env.APP_VERSION ?? new Date().toISOString().replace(/[-:.TZ]/g, '');

function versionFile(): Plugin {
  return {
    name: 'version-file',
    writeBundle(options) {
      fs.writeFileSync(path.join(options.dir ?? 'dist', 'version.json'), JSON.stringify({ version }));
    },
  };
}

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), versionFile()],
  define: { __APP_VERSION__: JSON.stringify(version) },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/auth': api,
      '/locales': api,
      '/docs': api,
      '/ws': { target: api, ws: true },
    },
  },
  build: {
    chunkSizeWarningLimit: 700,
    rollupOptions: {
      output: {
        manualChunks(id: string) {
          if (id.includes('node_modules/@mui') || id.includes('node_modules/@emotion')) {
            return 'mui';
          }
          if (id.includes('node_modules/react') || id.includes('node_modules/scheduler')) {
            return 'react';
          }
          return undefined;
        },
      },
    },
  },
});
