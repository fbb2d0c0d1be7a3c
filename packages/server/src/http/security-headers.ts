import fp from 'fastify-plugin';

// The web app loads only its own scripts; Mantine sets inline style attributes, hence
// 'unsafe-inline' for styles only. Hubs are same-origin WebSockets ('self' covers ws/wss).
// With reCAPTCHA configured as the login's bot check, its script and frame come from Google.
const RECAPTCHA_SOURCES = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
// Dashboards' browser widgets embed only the origins the operator configured (frame-src).
// Dashboard maps load tiles from the URL templates configured (img-src); file tiles are 'self'.
const appCsp = (recaptcha: boolean, frameSources: readonly string[], imageSources: readonly string[]) => {
  const frames = [...(recaptcha ? [RECAPTCHA_SOURCES] : []), ...frameSources];
  return [
    "default-src 'self'",
    recaptcha ? `script-src 'self' ${RECAPTCHA_SOURCES}` : "script-src 'self'",
    ...(frames.length > 0 ? [`frame-src ${frames.join(' ')}`] : []),
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageSources].join(' '),
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
};

/** Security headers on every reply: CSP, nosniff, frame-ancestors, referrer policy. */
export const securityHeaders = fp<{
  recaptcha: boolean;
  frameSources?: readonly string[];
  imageSources?: readonly string[];
}>(async (app, { recaptcha, frameSources = [], imageSources = [] }) => {
  const csp = appCsp(recaptcha, frameSources, imageSources);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Permissions-Policy', 'camera=(self), geolocation=(self), microphone=()');
    // The API documentation brings its own CSP (with the hashes of its inline code); it is
    // recognised by its matched route, like everything else, not by the address as sent.
    const route = request.routeOptions.url ?? '';
    if (!reply.hasHeader('Content-Security-Policy') && !route.startsWith('/api/docs')) {
      reply.header('Content-Security-Policy', csp);
    }
    // Nothing is cached unless the reply says so (the web app's files do).
    if (!reply.hasHeader('Cache-Control') && !reply.raw.hasHeader('Cache-Control')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
});
