// Writes `.br` (brotli, best) and `.gz` (gzip, best) beside every compressible file of the built
// SPA, so the server sends them as they are instead of compressing on each request.
// Usage: node scripts/precompress.mjs web/dist
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|wasm|txt|map)$/;
// Edited where the SPA is deployed, after the build: a stale `.br` beside it would win.
const EDITED_AFTER_BUILD = /(^|\/)runtime-config\.json$/;
// The server leaves answers under 1 KiB uncompressed; so does this.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: node scripts/precompress.mjs <dir>');
let count = 0;
let before = 0;
let after = 0;
for (const path of files(dir)) {
  if (!COMPRESSIBLE.test(path) || EDITED_AFTER_BUILD.test(path)) continue;
  const data = readFileSync(path);
  if (data.length < MIN_BYTES) continue;
  const br = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
  count += 1;
  before += data.length;
  after += br.length;
}
console.log(`precompressed ${count} files: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB brotli`);
