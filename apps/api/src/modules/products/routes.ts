import {
  categoriesDto,
  categoryAnswer,
  categoryBody,
  categoryDeletedDto,
  idParams,
  productAnswer,
  productBody,
  productDeletedDto,
  productListDto,
  productsQuery,
} from '@bo/domain';
import { actorOf, meta } from '../../http/session.ts';
import type { App } from '../../http/types.ts';
import * as service from './service.ts';

const READ = { access: { permission: 'products.read' as const } };
const MANAGE = { access: { permission: 'products.manage' as const } };

/**
 * Spec 7 "Products and categories". The spec names GET /api/products, PUT and DELETE /api/product/{id}
 * and GET /api/categories; reading one product (the show page), creating one (products/create) and
 * changing categories are not listed there, and follow the same pattern.
 */
export function productRoutes(app: App, deps: service.ProductsDeps): void {
  const tags = ['products'];
  app.get(
    '/api/products',
    { config: READ, schema: { summary: 'List the products', tags, querystring: productsQuery, response: { 200: productListDto } } },
    async (request) => service.productsPage(deps, actorOf(request), request.query),
  );
  app.get(
    '/api/product/:id',
    { config: READ, schema: { summary: 'Get a product', tags, params: idParams, response: { 200: productAnswer } } },
    async (request) => ({
      data: await service.productById(deps, actorOf(request), request.params.id),
    }),
  );
  app.post(
    '/api/product',
    { config: MANAGE, schema: { summary: 'Create a product', tags, body: productBody, response: { 201: productAnswer } } },
    async (request, reply) => {
      const data = await service.createProduct(deps, actorOf(request), request.body, meta(request));
      return reply.status(201).send({ data });
    },
  );
  app.put(
    '/api/product/:id',
    {
      config: MANAGE,
      schema: { summary: 'Change a product', tags, params: idParams, body: productBody, response: { 200: productAnswer } },
    },
    async (request) => ({ data: await service.updateProduct(deps, actorOf(request), request.params.id, request.body, meta(request)) }),
  );
  app.delete(
    '/api/product/:id',
    { config: MANAGE, schema: { summary: 'Delete a product', tags, params: idParams, response: { 200: productDeletedDto } } },
    async (request) => ({ data: await service.deleteProduct(deps, actorOf(request), request.params.id, meta(request)) }),
  );

  app.get(
    '/api/categories',
    { config: READ, schema: { summary: 'List the product categories', tags, response: { 200: categoriesDto } } },
    async (request) => ({
      data: await service.categoriesList(deps, actorOf(request)),
    }),
  );
  app.post(
    '/api/category',
    { config: MANAGE, schema: { summary: 'Create a product category', tags, body: categoryBody, response: { 201: categoryAnswer } } },
    async (request, reply) => {
      const data = await service.createCategory(deps, actorOf(request), request.body, meta(request));
      return reply.status(201).send({ data });
    },
  );
  app.put(
    '/api/category/:id',
    {
      config: MANAGE,
      schema: { summary: 'Change a product category', tags, params: idParams, body: categoryBody, response: { 200: categoryAnswer } },
    },
    async (request) => ({ data: await service.renameCategory(deps, actorOf(request), request.params.id, request.body, meta(request)) }),
  );
  app.delete(
    '/api/category/:id',
    { config: MANAGE, schema: { summary: 'Delete a product category', tags, params: idParams, response: { 200: categoryDeletedDto } } },
    async (request) => ({ data: await service.deleteCategory(deps, actorOf(request), request.params.id, meta(request)) }),
  );
}
