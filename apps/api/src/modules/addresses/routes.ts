import { addressAcceptBody, addressCheckBody, addressValidationAnswer } from '@bo/domain';
import { actorOf } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import { acceptAddress, validateAddress, type AddressDeps } from './service.ts';

const VALIDATE = { access: { permission: 'addresses.validate' as const } };

export function addressRoutes(app: App, deps: AddressDeps): void {
  const tags = ['addresses'];
  app.post(
    '/api/address-validation',
    {
      config: VALIDATE,
      schema: {
        summary: "Check a client's address: components with confirmation levels, verdict, geocode and the corrected address",
        tags,
        body: addressCheckBody,
        response: { 200: addressValidationAnswer },
      },
    },
    async (request) => ({ data: await validateAddress(deps, actorOf(request), request.body) }),
  );
  app.post(
    '/api/address-validation/accept',
    {
      config: VALIDATE,
      schema: {
        summary: "Take the checked (corrected) address for the client: the client's address changes and its point is kept",
        tags,
        body: addressAcceptBody,
        response: { 200: addressValidationAnswer },
      },
    },
    async (request) => ({ data: await acceptAddress(deps, actorOf(request), request.body) }),
  );
}
