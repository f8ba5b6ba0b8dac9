// Base64 for the flow A Basic header, in a way every runtime has: `btoa` only takes Latin-1, so the text is
// encoded as UTF-8 bytes first (a client secret with "ç" must not throw or be mangled). No Buffer: browsers.

export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** `Basic BASE64(client_id:client_secret)`, as document 1 (flow A, step 2) writes it. */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  return `Basic ${base64Utf8(`${clientId}:${clientSecret}`)}`;
}
