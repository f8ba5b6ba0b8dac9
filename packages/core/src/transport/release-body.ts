/** Releases the connection of an answer the client discards, without waiting for it: a mocked body (MSW 2 in
 * Node, @mswjs/interceptors before 0.44: mswjs/interceptors#799) never settles its cancel(), and a retry or a
 * 401 replay must not hang on it. */
export function releaseBody(response: Response): void {
  response.body?.cancel().catch(() => {});
}
