import type { App } from './types.ts';

/**
 * Behind a reverse proxy without TRUST_PROXY, every request seems to come from the proxy's address:
 * sign-in and mail throttling then count all clients together and one mistyping user blocks everyone.
 * The first request that carries forwarding headers while TRUST_PROXY is off logs one warning (without
 * the addresses, which are personal data); the proxy is never trusted by guess.
 */
export function warnAboutUntrustedForwarding(app: App, trustProxy: boolean): void {
  if (trustProxy) {
    return;
  }
  let warned = false;
  app.addHook('onRequest', (request, _reply, done) => {
    if (!warned && (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined)) {
      warned = true;
      app.log.warn(
        'Requests arrive with X-Forwarded-For or Forwarded headers, but TRUST_PROXY is off: every client seems to come from the proxy, ' +
          'so sign-in and mail throttling count them together. Behind a reverse proxy set TRUST_PROXY=true (docs/operations.md).',
      );
    }
    done();
  });
}
