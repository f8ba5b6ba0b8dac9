// Placeholder replaced by the real plugin; kept so redocly.yaml loads.
export default function feedPlugin() {
  return { id: 'feed', rules: { oas3: {} } };
}
