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
          // The libraries every screen needs, in two long-cached chunks. Those only some screens use
          // (the date pickers, the map) stay with those screens, out of the first load.
          if (
            /node_modules\/(@mui\/(material|system|utils|styled-engine|private-theming|core-downloads-tracker)|@emotion|@popperjs|react-transition-group)\//.test(
              id,
            )
          ) {
            return 'mui';
          }
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next)\//.test(id)) {
            return 'react';
          }
          return undefined;
        },
      },
    },
  },
});
