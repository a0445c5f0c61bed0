// A minimal Astro adapter for our Hono server (Astro's adapter API): the server build
// exports `handle(request, locals)`, a fetch-style function answering a Response, or
// undefined when no page matches. The api mounts it behind its own middleware (brotli,
// page cache, ETag), which @astrojs/node's middleware mode bypasses by writing to the
// Node response itself.
export default function honoAdapter() {
  return {
    name: 'vag-hono-adapter',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'vag-hono-adapter',
          serverEntrypoint: new URL('./entrypoint.mjs', import.meta.url).pathname,
          exports: ['handle'],
          adapterFeatures: { buildOutput: 'server', edgeMiddleware: false },
          supportedAstroFeatures: {
            serverOutput: 'stable',
            staticOutput: 'stable',
            hybridOutput: 'stable',
            sharpImageService: 'unsupported',
            envGetSecret: 'unsupported',
          },
        });
      },
    },
  };
}
