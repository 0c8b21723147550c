/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const wasmPkg = fileURLToPath(new URL('../core-wasm/pkg', import.meta.url));
// Data both the server and the web app read (route table, provinces).
const contractDir = fileURLToPath(new URL('../contract', import.meta.url));
const require = createRequire(import.meta.url);
// Vazirmatn's woff2 files, referenced from src/shared/ui/fonts.css (woff2 only, no CDN).
const vazirmatnFiles = `${dirname(require.resolve('@fontsource/vazirmatn/package.json'))}/files`;
// react-router's package exports always resolve to its development build; production builds
// use its production build (dev warnings compiled out).
const reactRouterDist = `${dirname(require.resolve('react-router/package.json'))}/dist/production`;

/** Fills `%t:key%` tokens in index.html (the static shell) from the Persian resource file. */
function staticShellStrings(): Plugin {
  const escape = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return {
    name: 'shop-static-shell-strings',
    transformIndexHtml(html) {
      const fa = JSON.parse(readFileSync(new URL('./src/shared/i18n/fa.json', import.meta.url), 'utf8'));
      return html.replace(/%t:([\w.]+)%/g, (_, key: string) => {
        const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], fa);
        if (typeof value !== 'string') throw new Error(`index.html: no string ${key} in fa.json`);
        return escape(value);
      });
    },
  };
}

/**
 * Writes `<file>.br` beside each text asset, at brotli's best level: the server sends it to
 * browsers that accept brotli (server/src/platform/web.rs, PrecompressedAssets) instead of
 * compressing per request at a cheaper level. Hashed assets never change, so this is paid once.
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'shop-precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const dir = `${outDir}/assets`;
      for (const name of readdirSync(dir)) {
        if (!/\.(js|css|wasm|svg|json)$/.test(name)) continue;
        const raw = readFileSync(`${dir}/${name}`);
        const br = brotliCompressSync(raw, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        if (br.length < raw.length) writeFileSync(`${dir}/${name}.br`, br);
      }
    },
  };
}

/**
 * The first paint needs only the HTML and its stylesheet (measured in bench/README.md, "The
 * first page"):
 * - the two Arabic faces of Vazirmatn are preloaded, so the first paint usually has them
 *   (fonts.css uses `font-display: optional`: the text never re-flows when a font arrives late);
 * - the entry script and its modulepreloads are requested only after that paint, by a small
 *   inline loader (its hash is in the server's CSP), so on a slow link the scripts do not take
 *   the bandwidth the HTML, the style and the fonts need. It waits for the first contentful
 *   paint, at most 400 ms (a background tab paints nothing; a browser without paint timing
 *   starts at once).
 * The stylesheet stays a file: inlined, it saved Lighthouse little and made every page's HTML
 * 50 KB larger, compressed per request (a fifth of the pages a node could serve a second).
 */
function firstPaintFirst(): Plugin {
  return {
    name: 'shop-first-paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
        if (!entry) throw new Error('index.html: no entry script');
        let out = html.replace(entry[0], '');
        const preloads: string[] = [];
        out = out.replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
          preloads.push(href);
          return '';
        });
        const fonts = Object.keys(bundle)
          .filter((f) => /vazirmatn-arabic-(400|700)-normal-[\w-]+\.woff2$/.test(f))
          .sort()
          .map((f) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${f}">`);
        if (fonts.length !== 2) throw new Error(`index.html: expected the two Arabic Vazirmatn faces, found ${fonts.length}`);
        out = out.replace('<title>', `${fonts.join('\n    ')}\n    <title>`);
        const loader =
          `(function(){var d=document,m=${JSON.stringify(preloads)},s=0;` +
          `function go(){if(s)return;s=1;for(var i=0;i<m.length;i++){var l=d.createElement('link');` +
          `l.rel='modulepreload';l.crossOrigin='';l.href=m[i];d.head.appendChild(l)}import(${JSON.stringify(entry[1])})}` +
          `function after(){setTimeout(go,0)}try{new PerformanceObserver(function(l){l.getEntries().some(function(e){` +
          `return e.name==='first-contentful-paint'})&&after()}).observe({type:'paint',buffered:true})}catch(e){after()}` +
          `setTimeout(go,400)})();`;
        return out.replace('</body>', `<script>${loader}</script>\n  </body>`);
      },
    },
  };
}

// https://vite.dev/config/
export default defineConfig(({ command, mode }) => ({
  plugins: [react(), tailwindcss(), staticShellStrings(), firstPaintFirst(), precompressAssets()],
  resolve: {
    alias: [
      { find: 'shop-core-wasm', replacement: `${wasmPkg}/shop_core_wasm.js` },
      { find: '@vazirmatn-files', replacement: vazirmatnFiles },
      { find: /^@contract\//, replacement: `${contractDir}/` },
      { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` },
      ...(command === 'build' && mode === 'production'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterDist}/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterDist}/dom-export.mjs` },
          ]
        : []),
    ],
  },
  optimizeDeps: {
    exclude: ['shop-core-wasm'],
  },
  server: {
    port: 5173,
    fs: {
      allow: ['.', wasmPkg, contractDir],
    },
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false, ws: true },
    },
  },
  build: {
    target: 'baseline-widely-available',
    cssCodeSplit: true,
    sourcemap: false,
    assetsInlineLimit: 0,
    // Every browser of the build target supports <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/shared/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Whole journeys through a page (sign-in with a code, checkout) take 1-3 s alone and over 5 s
    // on a 2-core machine busy with cargo; a timeout is a hang detector, not a speed target.
    testTimeout: 30_000,
    server: {
      deps: {
        inline: [],
      },
    },
  },
}));
