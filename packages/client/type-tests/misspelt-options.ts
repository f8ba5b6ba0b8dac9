// Misspelt options, as a user types them: each must be exactly one error, at the typo, saying "Did you mean"
// with the right name, and nothing else in the file may be an error. src/user-patterns.test.ts compiles this file
// with TypeScript 5.9 and 7 and checks each `// typo: <as typed> -> <meant>` line's call against the compilers'
// diagnostics.
import { createFeedClient, type FeedClientOptions } from '@assoc-feed/client';
import { createFundosV1Client } from '@assoc-feed/fundos-v1';
import { createFundosV2Client } from '@assoc-feed/fundos-v2';
import { createPrecosIndicesClient } from '@assoc-feed/precos-indices';

declare const clientId: string;
declare const clientSecret: string;

export function misspeltOptions(): unknown[] {
  return [
    // typo: throwOnErorr -> throwOnError
    createFeedClient({ clientId, clientSecret, environment: 'sandbox', throwOnErorr: true }),
    // typo: timeoutMS -> timeoutMs
    createFeedClient({
      clientId,
      clientSecret,
      environment: 'sandbox',
      throwOnError: true,
      timeoutMS: 5_000,
    }),
    // typo: enviroment -> environment
    createFeedClient({ clientId, clientSecret, enviroment: 'sandbox' }),
    // typo: throwOnErorr -> throwOnError
    createFundosV2Client({ clientId, clientSecret, environment: 'sandbox', throwOnErorr: true }),
    // typo: timeoutMS -> timeoutMs
    createFundosV1Client({ clientId, clientSecret, numbers: 'exact', timeoutMS: 5_000 }),
    // typo: enviroment -> environment
    createPrecosIndicesClient({ clientId, clientSecret, enviroment: 'sandbox' }),
  ];
}

// An object built beforehand is checked where `satisfies` says what it is.
// typo: throwOnErorr -> throwOnError
export const built = {
  clientId,
  clientSecret,
  environment: 'sandbox',
  throwOnErorr: true,
} satisfies FeedClientOptions;
