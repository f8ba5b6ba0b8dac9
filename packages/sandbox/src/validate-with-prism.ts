// `validateWithPrism` needs Prism, which this package does not install: it comes from the optional peer
// dependency @assoc-feed/mock, loaded only when the option is given so the sandbox alone runs on Node, core
// and the specs.

export interface PrismProxy {
  url: string;
  stop: () => Promise<void>;
}

/** What the sandbox passes to the mock's startPrismProxy (its PrismProxyOptions): written out here so the
 * sandbox's declarations never name the optional package. */
interface PrismProxyOptions {
  upstream: string;
  host?: string;
  port?: number | undefined;
  spec?: string | undefined;
  log?: ((line: string) => void) | undefined;
  startTimeoutMs?: number;
}

type StartPrismProxy = (options: PrismProxyOptions) => Promise<PrismProxy>;

const missing =
  '--validate-with-prism (validateWithPrism) needs @assoc-feed/mock, which brings Prism: install it next to ' +
  '@assoc-feed/sandbox (npm install --save-dev @assoc-feed/mock), or start the sandbox without it';

/** The mock's startPrismProxy, or an error naming the package to install. `load` is replaced in tests. */
export async function loadPrismProxy(
  load: () => Promise<{ startPrismProxy: StartPrismProxy }> = () => import('@assoc-feed/mock'),
): Promise<StartPrismProxy> {
  try {
    return (await load()).startPrismProxy;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND')
      throw new Error(missing, { cause: error });
    throw error;
  }
}
