/**
 * What other modules may use of products: how a line (of a presentation, of an order) names its
 * product. The routes are registered by app.ts from routes.ts.
 */
export { productRefOf } from './dto.ts';
