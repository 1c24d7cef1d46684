/**
 * docs/product.md section 2: the console lives under /charge/ (router basename, static files such as
 * privacy).
 */
export const BASE_PATH = '/charge';
