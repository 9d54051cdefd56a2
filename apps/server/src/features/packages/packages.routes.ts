import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listPackagesQuery,
  listProductsQuery,
  messageEnvelope,
  packageBody,
  packageDto,
  packageListDto,
  packageParams,
  productBody,
  productDto,
  productListDto,
  productParams,
  successEnvelope,
  taxRateBody,
  taxRateDto,
  taxRateListDto,
  taxRateParams,
  TEAM_ROLES,
} from '@kinetic/shared';
import { actorOf, ANY_ROLE } from '../../plugins/auth.ts';
import { requireAbility, requireRole } from '../../plugins/guards.ts';
import {
  deleteTaxRate,
  getPackage,
  listPackages,
  listProducts,
  listTaxRates,
  savePackage,
  saveProduct,
  saveTaxRate,
  setPackageArchived,
  setProductArchived,
} from './catalogue.service.ts';

/** The catalogue (issue 10): tax rates, memberships and class packs, services and products. */
export const packagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.db;

  // ------------------------------------------------------------------------------------ tax rates
  {
    const tags = ['tax'];
    const one = successEnvelope(taxRateDto);
    app.get(
      '/tax-rates',
      {
        onRequest: requireRole(TEAM_ROLES),
        schema: {
          tags,
          summary: "The company's tax rates",
          response: { 200: successEnvelope(taxRateListDto) },
        },
      },
      async (request) => ({ status: 1 as const, data: await listTaxRates(db, actorOf(request)) }),
    );
    app.post(
      '/tax-rates',
      {
        onRequest: requireAbility('manageSettings'),
        schema: { tags, summary: 'Add a tax rate', body: taxRateBody, response: { 201: one } },
      },
      async (request, reply) =>
        reply.code(201).send({
          status: 1 as const,
          message: 'Tax rate added.',
          data: await saveTaxRate(db, actorOf(request), null, request.body),
        }),
    );
    app.put(
      '/tax-rates/:taxRateId',
      {
        onRequest: requireAbility('manageSettings'),
        schema: {
          tags,
          summary: 'Edit a tax rate (what was sold keeps the rate it was sold with)',
          params: taxRateParams,
          body: taxRateBody,
          response: { 200: one },
        },
      },
      async (request) => ({
        status: 1 as const,
        message: 'Tax rate saved.',
        data: await saveTaxRate(db, actorOf(request), request.params.taxRateId, request.body),
      }),
    );
    app.delete(
      '/tax-rates/:taxRateId',
      {
        onRequest: requireAbility('manageSettings'),
        schema: {
          tags,
          summary: 'Delete a tax rate no package or item uses',
          params: taxRateParams,
          response: { 200: messageEnvelope },
        },
      },
      async (request) => {
        await deleteTaxRate(db, actorOf(request), request.params.taxRateId);
        return { status: 1 as const, message: 'Tax rate deleted.' };
      },
    );
  }

  // ------------------------------------------------------------------------------------- packages
  {
    const tags = ['packages'];
    const one = successEnvelope(packageDto);
    app.get(
      '/packages',
      {
        onRequest: requireRole(ANY_ROLE),
        schema: {
          tags,
          summary: 'Memberships and class packs (clients see those on sale)',
          querystring: listPackagesQuery,
          response: { 200: successEnvelope(packageListDto) },
        },
      },
      async (request) => ({
        status: 1 as const,
        data: await listPackages(db, actorOf(request), request.query),
      }),
    );
    app.post(
      '/packages',
      {
        onRequest: requireAbility('manageSettings'),
        schema: {
          tags,
          summary: 'Add a membership or class pack',
          body: packageBody,
          response: { 201: one },
        },
      },
      async (request, reply) => {
        const data = await savePackage(db, actorOf(request), null, request.body);
        return reply.code(201).send({ status: 1 as const, message: `${data.name} added.`, data });
      },
    );
    app.get(
      '/packages/:packageId',
      {
        onRequest: requireRole(ANY_ROLE),
        schema: { tags, summary: 'One package', params: packageParams, response: { 200: one } },
      },
      async (request) => ({
        status: 1 as const,
        data: await getPackage(db, actorOf(request), request.params.packageId),
      }),
    );
    app.put(
      '/packages/:packageId',
      {
        onRequest: requireAbility('manageSettings'),
        schema: {
          tags,
          summary: 'Edit a package (what clients already bought keeps its own terms)',
          params: packageParams,
          body: packageBody,
          response: { 200: one },
        },
      },
      async (request) => {
        const data = await savePackage(db, actorOf(request), request.params.packageId, request.body);
        return { status: 1 as const, message: `${data.name} saved.`, data };
      },
    );
    for (const [verb, archived] of [
      ['archive', true],
      ['restore', false],
    ] as const)
      app.post(
        `/packages/:packageId/${verb}`,
        {
          onRequest: requireAbility('manageSettings'),
          schema: {
            tags,
            summary: archived ? 'Stop selling a package (holders keep it)' : 'Sell an archived package again',
            params: packageParams,
            response: { 200: one },
          },
        },
        async (request) => {
          const data = await setPackageArchived(db, actorOf(request), request.params.packageId, archived);
          return { status: 1 as const, message: `${data.name} ${archived ? 'archived' : 'restored'}.`, data };
        },
      );
  }

  // -------------------------------------------------------------------------- services and products
  {
    const tags = ['products'];
    const one = successEnvelope(productDto);
    app.get(
      '/products',
      {
        onRequest: requireRole(TEAM_ROLES),
        schema: {
          tags,
          summary: 'Services and products sold at the desk',
          querystring: listProductsQuery,
          response: { 200: successEnvelope(productListDto) },
        },
      },
      async (request) => ({
        status: 1 as const,
        data: await listProducts(db, actorOf(request), request.query),
      }),
    );
    app.post(
      '/products',
      {
        onRequest: requireAbility('manageSettings'),
        schema: { tags, summary: 'Add a service or product', body: productBody, response: { 201: one } },
      },
      async (request, reply) => {
        const data = await saveProduct(db, actorOf(request), null, request.body);
        return reply.code(201).send({ status: 1 as const, message: `${data.name} added.`, data });
      },
    );
    app.put(
      '/products/:productId',
      {
        onRequest: requireAbility('manageSettings'),
        schema: {
          tags,
          summary: 'Edit a service or product',
          params: productParams,
          body: productBody,
          response: { 200: one },
        },
      },
      async (request) => {
        const data = await saveProduct(db, actorOf(request), request.params.productId, request.body);
        return { status: 1 as const, message: `${data.name} saved.`, data };
      },
    );
    for (const [verb, archived] of [
      ['archive', true],
      ['restore', false],
    ] as const)
      app.post(
        `/products/:productId/${verb}`,
        {
          onRequest: requireAbility('manageSettings'),
          schema: {
            tags,
            summary: archived ? 'Stop selling an item' : 'Sell an archived item again',
            params: productParams,
            response: { 200: one },
          },
        },
        async (request) => {
          const data = await setProductArchived(db, actorOf(request), request.params.productId, archived);
          return { status: 1 as const, message: `${data.name} ${archived ? 'archived' : 'restored'}.`, data };
        },
      );
  }
};
