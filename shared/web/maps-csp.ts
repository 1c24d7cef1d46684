/**
 * What the console's Content Security Policy lets the Google Maps JavaScript API load, by directive: the
 * allowlist Google's Maps JavaScript API content security policy guide gives (docs/decisions/456-sites-map-on-google-maps.md).
 * The local runtime's headers (infra/local/http-front.ts) and CloudFront's (infra/cdk/stack.ts) both add it,
 * so the sites map loads where the console is served, and nowhere else is anything opened to Google.
 */
export const MAPS_CSP = {
  'script-src': [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    '*.google.com',
    'https://*.ggpht.com',
    '*.googleusercontent.com',
    // The API evaluates code it loads; Google's guide lists it, and nonces need a page served per request.
    "'unsafe-eval'",
    'blob:',
  ],
  'img-src': ['https://*.googleapis.com', 'https://*.gstatic.com', '*.google.com', '*.googleusercontent.com'],
  'connect-src': ['https://*.googleapis.com', '*.google.com', 'https://*.gstatic.com', 'blob:'],
  'frame-src': ['*.google.com'],
  'font-src': ['https://fonts.gstatic.com'],
  'style-src': ['https://fonts.googleapis.com'],
  'worker-src': ['blob:'],
} as const;

/** The maps' sources of one directive, space-separated with a leading space ('' for none). */
export const mapsSources = (directive: string) =>
  (MAPS_CSP[directive as keyof typeof MAPS_CSP] ?? []).map((s) => ` ${s}`).join('');
