import type { Config } from '../../config.ts';
import type { FinancingProvider } from './financing.ts';
import { httpFinancing } from './http-financing.ts';
import { localFinancing } from './local-financing.ts';

export {
  FinancingError,
  type FinancingApplication,
  type FinancingFailure,
  type FinancingOrder,
  type FinancingProvider,
} from './financing.ts';
export { httpFinancing, type HttpFinancingOptions } from './http-financing.ts';
export { localFinancing } from './local-financing.ts';

/** The financing provider named by `FINANCING_PROVIDER`: the local default, or the provider's HTTP API. */
export function createFinancing(config: Pick<Config, 'financing'>): FinancingProvider {
  const f = config.financing;
  switch (f.provider) {
    case 'local':
      return localFinancing();
    case 'http':
      return httpFinancing({ baseUrl: f.baseUrl, apiKey: f.apiKey });
  }
}
