/**
 * An OCPP version as people read it: "OCPP 1.6", "OCPP 2.0.1", whichever way it is stored (the negotiated
 * subprotocol `ocpp1.6`, a charge point's `ocpp2.0.1`, a model's `OCPP1.6`, a bare `1.6`). Product names, the
 * same in every language; never the stored value (docs/decisions/452-no-raw-values-in-the-console.md).
 */
const NAMES: Record<string, string> = { '1.6': 'OCPP 1.6', '2.0.1': 'OCPP 2.0.1' };

export function protocolName(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = String(value).trim();
  const version = text.replace(/^ocpp\s*/i, '').replace(/j$/i, '');
  return NAMES[version] ?? text;
}
