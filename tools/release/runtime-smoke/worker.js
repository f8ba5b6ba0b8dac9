// The smoke in workerd: a module worker, bundled as wrangler bundles it (esbuild, one file, no splitting). The
// sandbox's URL and credentials are bindings; each request to the worker runs the checks and answers their lines.
import { smoke } from './smoke.js';

export default {
  async fetch(_request, env) {
    const lines = await smoke({
      baseUrl: env.FEED_BASE_URL,
      clientId: env.FEED_CLIENT_ID,
      clientSecret: env.FEED_CLIENT_SECRET,
    });
    return Response.json({ lines });
  },
};
