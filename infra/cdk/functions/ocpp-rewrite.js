// CloudFront Function (runtime cloudfront-js-2.0), viewer request of the `/ocpp/*` behaviour.
//
// Chargers connect to wss://<console>/ocpp/{chargePointId} (OCPP-J puts the identity in the URL path), but an
// API Gateway WebSocket API has no path variables: its only endpoint is the stage root. So this function moves the
// charge point id into the query string (`chargePointId`, the identity source of the $connect authorizer) and
// points the request at `/` (the origin path adds the stage).
//
//   /ocpp/CP-1            -> uri /   querystring chargePointId=CP-1
//   /ocpp/CP-1?foo=bar    -> uri /   querystring foo=bar&chargePointId=CP-1
//   /ocpp/  or  /ocpp/a/b -> 400
//
// The id from the path always wins over a `chargePointId` the client put in the query string itself, so a charger
// cannot present one identity in the URL and another to the authorizer.
//
// Plain ES5 on purpose: the file is also loaded by test/infra/cloudfront-functions.test.ts with node:vm.
var OCPP_PREFIX = '/ocpp/';

function badRequest(message) {
  return {
    statusCode: 400,
    statusDescription: 'Bad Request',
    headers: {
      'content-type': { value: 'text/plain; charset=utf-8' },
      'cache-control': { value: 'no-store' },
    },
    body: message,
  };
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the entry point the CloudFront runtime calls
function handler(event) {
  var request = event.request;
  var uri = request.uri || '';
  if (uri.indexOf(OCPP_PREFIX) !== 0) {
    return badRequest('Connect to /ocpp/{chargePointId}');
  }
  var raw = uri.substring(OCPP_PREFIX.length);
  // Tolerate one trailing slash (`/ocpp/CP-1/`), some chargers append it to the configured URL.
  if (raw.length > 1 && raw.charAt(raw.length - 1) === '/') {
    raw = raw.substring(0, raw.length - 1);
  }
  if (raw === '' || raw.indexOf('/') !== -1) {
    return badRequest('Missing charge point id: connect to /ocpp/{chargePointId}');
  }
  var id;
  try {
    id = decodeURIComponent(raw);
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- ES5: no optional catch binding
  } catch (e) {
    return badRequest('Malformed charge point id');
  }
  if (id === '' || id.trim() === '') {
    return badRequest('Missing charge point id: connect to /ocpp/{chargePointId}');
  }
  // Query string values in the event are kept URL-encoded, exactly as they go to the origin: re-encode the decoded
  // id so characters such as `&`, `=` or `#` in an id cannot inject other parameters.
  var querystring = request.querystring || {};
  querystring.chargePointId = { value: encodeURIComponent(id) };
  request.querystring = querystring;
  request.uri = '/';
  return request;
}
