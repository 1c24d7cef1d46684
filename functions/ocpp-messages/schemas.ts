/**
 * Validation of OCPP payloads against the official JSON schemas (as shipped in `ocpp-rpc`), in both
 * directions: a charger's CALL (`<Action>.req`), our CALLRESULT (`<Action>.conf`), and the CALLs the
 * platform sends (`.req` again, the schemas cover both directions) with the charger's answers (`.conf`).
 * Each validator is compiled on first use and cached per (version, action, req|conf).
 *
 * A failure carries the CALLERROR code the standard names for it (OCPP-J 1.6 section 4.2.3 and OCPP 2.0.1
 * part 4 section 4.3): a wrong JSON type is a TypeConstraintViolation; a missing required field or a wrong
 * number of items an Occurrence (1.6: "Occurence") ConstraintViolation; a value outside its enumeration,
 * length, range or pattern a PropertyConstraintViolation; a field the PDU does not have breaks the PDU
 * structure (1.6 FormationViolation, 2.0.1 ProtocolError); anything else is a FormationViolation (1.6) /
 * FormatViolation (2.0.1).
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import ocpp16 from 'ocpp-rpc/lib/schemas/ocpp1_6.json' with { type: 'json' };
import ocpp201 from 'ocpp-rpc/lib/schemas/ocpp2_0_1.json' with { type: 'json' };

export type SchemaKind = 'req' | 'conf';
export type Validation = { ok: true } | { ok: false; code: string; description: string };

interface JsonSchema {
  $id?: string;
  [key: string]: unknown;
}

/** The schema sets per subprotocol; a version without an entry has no schemas (everything is unknown). */
const schemaSets: Record<string, JsonSchema[]> = {
  'ocpp1.6': ocpp16 as JsonSchema[],
  'ocpp2.0.1': ocpp201 as JsonSchema[],
};

/** OCPP 2.0.1 caps errorDescription at 255 characters; 1.6 has no cap, the same one is used. */
const MAX_DESCRIPTION = 255;

// ajv-formats is CommonJS with `exports.default`; depending on the loader the default import is the plugin or
// the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** Schemas by version, then by `Action.kind` (indexed on first use). */
const indexes = new Map<string, Map<string, JsonSchema>>();
const compilers = new Map<string, Ajv>();
const validators = new Map<string, ValidateFunction>();

function index(protocol: string): Map<string, JsonSchema> {
  let byId = indexes.get(protocol);
  if (!byId) {
    byId = new Map();
    for (const schema of schemaSets[protocol] ?? []) {
      const id = typeof schema.$id === 'string' ? schema.$id.replace(/^urn:/, '') : undefined;
      if (id) byId.set(id, schema);
    }
    indexes.set(protocol, byId);
  }
  return byId;
}

function compiler(protocol: string): Ajv {
  let ajv = compilers.get(protocol);
  if (!ajv) {
    // strict: false because the schemas carry keywords of their generators (javaType, tsEnumNames, comment).
    // multipleOfPrecision: 1.6 limits use `multipleOf: 0.1`, which plain floating point division gets wrong.
    ajv = new Ajv({ strict: false, allErrors: false, multipleOfPrecision: 6 });
    addFormats(ajv);
    compilers.set(protocol, ajv);
  }
  return ajv;
}

function validatorFor(protocol: string, action: string, kind: SchemaKind): ValidateFunction | undefined {
  const key = `${protocol}|${action}.${kind}`;
  let validate = validators.get(key);
  if (!validate) {
    const schema = index(protocol).get(`${action}.${kind}`);
    if (!schema) return undefined;
    // The `urn:` ids cannot be resolved as URIs by ajv 8 and are not needed: every $ref is local.
    const { $id: _id, ...body } = schema;
    validate = compiler(protocol).compile(body);
    validators.set(key, validate);
  }
  return validate;
}

const isV16 = (protocol: string) => protocol === 'ocpp1.6';

/** The CALLERROR code the standard names for a schema keyword that failed. */
export function errorCodeFor(protocol: string, keyword: string): string {
  const v16 = isV16(protocol);
  switch (keyword) {
    case 'type':
      return 'TypeConstraintViolation';
    case 'required':
    case 'dependencies':
    case 'dependentRequired':
    case 'minItems':
    case 'maxItems':
    case 'minProperties':
    case 'maxProperties':
    case 'uniqueItems':
      return v16 ? 'OccurenceConstraintViolation' : 'OccurrenceConstraintViolation';
    case 'enum':
    case 'const':
    case 'pattern':
    case 'format':
    case 'minLength':
    case 'maxLength':
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'multipleOf':
      return 'PropertyConstraintViolation';
    case 'additionalProperties':
      return v16 ? 'FormationViolation' : 'ProtocolError';
    default:
      return v16 ? 'FormationViolation' : 'FormatViolation';
  }
}

function describe(error: ErrorObject): string {
  const where = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : 'payload';
  const extra =
    error.keyword === 'additionalProperties'
      ? ` (${String((error.params as { additionalProperty?: unknown }).additionalProperty)})`
      : error.keyword === 'enum'
        ? ` (${((error.params as { allowedValues?: unknown[] }).allowedValues ?? []).join(', ')})`
        : '';
  return `${where} ${error.message ?? 'is invalid'}${extra}`.slice(0, MAX_DESCRIPTION);
}

/** Whether the version defines the action at all (a request schema exists, whichever side sends it). */
export const isKnownAction = (protocol: string, action: string): boolean =>
  index(protocol).has(`${action}.req`);

export const hasSchema = (protocol: string, action: string, kind: SchemaKind): boolean =>
  index(protocol).has(`${action}.${kind}`);

/** Every action the version defines, sorted (for command screens and tests). */
export const knownActions = (protocol: string): string[] =>
  [...index(protocol).keys()]
    .filter((id) => id.endsWith('.req'))
    .map((id) => id.slice(0, -'.req'.length))
    .sort();

/** Validates a payload against `<action>.<kind>` of the version. An action without a schema is a ProtocolError. */
export function validatePayload(
  protocol: string,
  action: string,
  kind: SchemaKind,
  payload: unknown,
): Validation {
  const validate = validatorFor(protocol, action, kind);
  if (!validate)
    return { ok: false, code: 'ProtocolError', description: `No ${action}.${kind} schema in ${protocol}` };
  if (validate(payload)) return { ok: true };
  const first = validate.errors?.[0];
  if (!first)
    return {
      ok: false,
      code: isV16(protocol) ? 'FormationViolation' : 'FormatViolation',
      description: 'payload is invalid',
    };
  return { ok: false, code: errorCodeFor(protocol, first.keyword), description: describe(first) };
}

/** A CALL payload, from a charger or from the platform to a charger. */
export const validateRequest = (protocol: string, action: string, payload: unknown): Validation =>
  validatePayload(protocol, action, 'req', payload);

/** A CALLRESULT payload, ours to a charger or a charger's answer to a command. */
export const validateResponse = (protocol: string, action: string, payload: unknown): Validation =>
  validatePayload(protocol, action, 'conf', payload);
