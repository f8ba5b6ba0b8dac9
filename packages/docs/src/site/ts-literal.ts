// Prints JSON-like values as TypeScript source (single quotes, unquoted identifier keys), for the code samples.
const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

export function tsLiteral(value: unknown): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return `[${value.map(tsLiteral).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([k, v]) => `${identifier.test(k) ? k : quote(k)}: ${tsLiteral(v)}`,
    );
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return 'undefined';
}
