/** OCPI refusals (docs/decisions/426): what the OCPI handler answers as an HTTP status and an OCPI status code. */
import { OCPI_STATUS } from '@shared/schemas/ocpi.ts';

/** An OCPI refusal: the HTTP status and the OCPI status code with a message. */
export class OcpiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export const invalidParameters = (message: string) =>
  new OcpiError(400, OCPI_STATUS.invalidParameters, message);
