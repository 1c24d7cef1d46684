/**
 * The official OCPP JSON schemas (shipped in `ocpp-rpc`) compiled with ajv, one instance per protocol
 * (both files use the same `urn:Action.req|conf` ids). Schemas are compiled on first use. The simulator can
 * check every frame it sends with this, and its tests check every frame it sends and answers with it.
 */
import { createRequire } from 'node:module';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

export type OcppProtocol = 'ocpp1.6' | 'ocpp2.0.1';
export type PayloadKind = 'req' | 'conf';

const files: Record<OcppProtocol, string> = {
  'ocpp1.6': 'ocpp-rpc/lib/schemas/ocpp1_6.json',
  'ocpp2.0.1': 'ocpp-rpc/lib/schemas/ocpp2_0_1.json',
};

// ajv-formats is CommonJS; its default export arrives wrapped or not depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

const instances = new Map<OcppProtocol, Ajv>();

function ajvFor(protocol: OcppProtocol): Ajv {
  let ajv = instances.get(protocol);
  if (ajv) return ajv;
  ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  // As ocpp-rpc does: decimal multipleOf (0.1 in 1.6 charging limits) with a tolerance for binary floats.
  ajv.removeKeyword('multipleOf');
  ajv.addKeyword({
    keyword: 'multipleOf',
    type: 'number',
    errors: false,
    metaSchema: { type: 'number' },
    compile: (step: number) => (data: number) => Math.abs(Math.round(data / step) - data / step) < 1e-6,
  });
  const schemas = createRequire(import.meta.url)(files[protocol]) as { $id: string }[];
  // The `urn:Action.req` ids are not URIs fast-uri accepts, so the schemas are registered under plain keys.
  for (const { $id, ...schema } of schemas) ajv.addSchema(schema, $id.replace(/^urn:/, ''));
  instances.set(protocol, ajv);
  return ajv;
}

/** The compiled schema of an action's request or response, undefined when the protocol has no such action. */
export function schemaFor(
  protocol: OcppProtocol,
  action: string,
  kind: PayloadKind,
): ValidateFunction | undefined {
  return ajvFor(protocol).getSchema(`${action}.${kind}`);
}

/** The actions a protocol defines (for tests and for answering NotImplemented vs NotSupported). */
export function actionsOf(protocol: OcppProtocol): string[] {
  const schemas = createRequire(import.meta.url)(files[protocol]) as { $id: string }[];
  return schemas.filter((s) => s.$id.endsWith('.req')).map((s) => s.$id.slice(4, -4));
}

/** Checks a payload; returns undefined when it is valid, else a readable reason. */
export function checkPayload(
  protocol: OcppProtocol,
  action: string,
  kind: PayloadKind,
  payload: unknown,
): string | undefined {
  const validate = schemaFor(protocol, action, kind);
  if (!validate) return `${action}.${kind} is not an ${protocol} message`;
  if (validate(payload)) return undefined;
  return ajvFor(protocol).errorsText(validate.errors, { dataVar: `${action}.${kind}` });
}
