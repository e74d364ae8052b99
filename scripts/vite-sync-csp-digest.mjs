// A Vite plugin for the server build: Astro hashes every script and stylesheet of a page for its
// CSP on every request, external ones included (the hash of an empty string), and does it with
// crypto.subtle.digest, which goes through the thread pool: a page paid two to six round trips
// for it, about a tenth of the CPU of a small page. The same SHA hash, computed with node:crypto
// in the calling thread, gives the same `sha256-…` value without the round trip.
//
// If Astro changes the function this rewrites, the build stops here (and its unit test fails)
// rather than quietly keeping the slow path.
const TARGET = /\/astro\/dist\/core\/encryption\.js$/;
const ORIGINAL = `async function generateCspDigest(data, algorithm) {
  const hashBuffer = await crypto.subtle.digest(algorithm, encoder.encode(data));
  const hash = encodeBase64(new Uint8Array(hashBuffer));
  return \`\${ALGORITHMS[algorithm]}\${hash}\`;
}`;
export const REPLACEMENT = `async function generateCspDigest(data, algorithm) {
  const hash = __nodeCreateHash(algorithm.replace("-", "").toLowerCase()).update(data).digest("base64");
  return \`\${ALGORITHMS[algorithm]}\${hash}\`;
}`;

/** Rewrites Astro's CSP digest (see above); `code` is encryption.js as Astro ships it. */
export function rewriteCspDigest(code) {
  if (!code.includes(ORIGINAL))
    throw new Error(
      'astro/dist/core/encryption.js no longer has the generateCspDigest this build rewrites: review scripts/vite-sync-csp-digest.mjs',
    );
  return `import { createHash as __nodeCreateHash } from "node:crypto";\n${code.replace(ORIGINAL, REPLACEMENT)}`;
}

export function syncCspDigest() {
  return {
    name: 'portal:sync-csp-digest',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name !== 'client',
    transform(code, id) {
      if (!TARGET.test(id.split('?')[0])) return null;
      return { code: rewriteCspDigest(code), map: null };
    },
  };
}
