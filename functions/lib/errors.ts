/**
 * Errors a service may throw; the HTTP middleware maps them to the envelope of docs/architecture.md section
 * 3. Messages are catalog keys (`server.*`, field messages `validation.*`) localised per request; `values`
 * fill their placeholders.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = 1,
    readonly fields?: Record<string, string>,
    readonly values?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'server.unauthorized') => new AppError(401, message);
export const forbidden = (message = 'server.forbidden') => new AppError(403, message);
/**
 * A record that does not exist (or belongs to another tenant). Not HTTP 404: the console reads a 404 as
 * "Request url not found" (docs/product.md section 8), so a missing record is a refusal with its own message.
 */
export const notFound = (message = 'server.notFound') => new AppError(200, message);
export const badRequest = (
  message: string,
  fields?: Record<string, string>,
  values?: Record<string, unknown>,
) => new AppError(400, message, 1, fields, values);
/** A rule of the domain refused the change (HTTP 200 with a non-zero code, as the console expects). */
export const refused = (message: string, values?: Record<string, unknown>) =>
  new AppError(200, message, 1, undefined, values);
