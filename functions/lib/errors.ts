/** Errors a service may throw; the HTTP middleware maps them to the envelope of DESIGN.md section 3. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = 1,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Login failed, please login again') => new AppError(401, message);
export const forbidden = (message = 'Permission denied') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, message, 1, fields);
