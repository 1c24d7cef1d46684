// CloudFront Function (runtime cloudfront-js-2.0), viewer request of the `/charge/*` behaviour.
//
// The console is a single-page app under /charge/: a deep link such as /charge/device/pile or a browser refresh on
// a client-side route has no object in the bucket. Any path under /charge/ whose last segment has no file extension
// is served /charge/index.html; files (/charge/assets/app.js, /charge/favicon.svg ...) pass through unchanged.
//
// Plain ES5 on purpose: the file is also loaded by test/infra/cloudfront-functions.test.ts with node:vm.
var CONSOLE_PREFIX = '/charge/';
var CONSOLE_INDEX = '/charge/index.html';

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the entry point the CloudFront runtime calls
function handler(event) {
  var request = event.request;
  var uri = request.uri || '';
  if (uri.indexOf(CONSOLE_PREFIX) !== 0) {
    return request;
  }
  var lastSegment = uri.substring(uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = CONSOLE_INDEX;
  }
  return request;
}
