import 'reflect-metadata';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { ScopeByResource, ScopeGroup } from '../common/auth/scopes.js';
import { ListQuery } from '../common/paging/list-query.dto.js';
import { defineList } from '../common/paging/list-spec.js';
import { IsFlag, IsIntIn, IsText, NotBlank, Nullable, Optional, RequiredFields } from '../common/validation/decorators.js';
import { ApiItem, ApiNdjson, ApiPage, ApiPathParams } from './decorators.js';
import { Field } from './fields.js';
import { buildOpenApiDocument } from './openapi.document.js';

// A module written after this file: its controller, DTO and view carry only their own decorators.

class GadgetView {
  @Field.id() id: number;
  @Field.text({ example: 'Sprocket' }) name: string;
  @Field.integer({ nullable: true }) size: number | null;
  @Field.flag() enabled: 0 | 1;
  @Field.timestamp() created_at: string;
}

class GadgetPatch {
  @Optional()
  @IsText(50)
  @NotBlank()
  name?: string;

  @Nullable()
  @IsIntIn(1, 10)
  size?: number | null;

  @Optional()
  @IsFlag()
  enabled?: boolean;
}

@RequiredFields('name')
class GadgetCreate extends GadgetPatch {}

@ApiPathParams({ id: 'Gadget id.' })
@Controller()
@ScopeGroup('catalog')
class GadgetsController {
  @Get('gadgets')
  @ApiPage(GadgetView, defineList({ sort: ['id', 'name'] }))
  list(@Query() _query: ListQuery) {}

  @Post(['gadget', 'gadgets'])
  @ApiItem(GadgetView)
  create(@Body() _body: GadgetCreate) {}

  @Patch('gadget/:id')
  @ApiItem(GadgetView)
  update(@Param('id') _id: string, @Body() _body: GadgetPatch) {}

  @Post('gadget/:id/polish')
  @HttpCode(202)
  @ApiItem(GadgetView)
  polish(@Param('id') _id: string) {}

  @Get('gadget/:id')
  get(@Param('id') _id: string) {}
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('buildOpenApiDocument for a controller added later', () => {
  let doc: Json;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule], controllers: [GadgetsController] }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    doc = buildOpenApiDocument(app) as Json;
    await app.close();
  });

  it('documents each endpoint once, under its first declared path, and names the aliases', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(['/gadget', '/gadget/{id}', '/gadget/{id}/polish', '/gadgets']);
    // POST answers at /gadgets too, a documented path (of GET): listed there as the alias it is.
    expect(Object.keys(doc.paths['/gadgets'])).toEqual(['get', 'post']);
    expect(doc.paths['/gadgets'].post['x-alias-of']).toBe('gadgetsCreate');
    expect(doc.paths['/gadgets'].post.operationId).toBe('gadgetsCreateAtGadgets');
    expect(doc.paths['/gadget'].post.operationId).toBe('gadgetsCreate');
    expect(doc.paths['/gadget'].post['x-aliases']).toEqual(['/gadgets']);
    expect(doc.paths['/gadget'].post.description).toContain('Also answers at `/gadgets` (an alias, the same operation).');
    expect(doc.paths['/gadgets'].get.operationId).toBe('gadgetsList');
    expect(doc.paths['/gadgets'].get.security).toEqual([{ bearer: ['catalog:read'] }]);
    expect(doc.paths['/gadget'].post.security).toEqual([{ bearer: ['catalog:write'] }]);
    expect(doc.paths['/gadget'].post.tags).toEqual(['Catalog']);
    expect(doc.paths['/gadget/{id}'].patch.parameters[0]).toEqual({
      name: 'id',
      in: 'path',
      required: true,
      schema: { type: 'string' },
      description: 'Gadget id.',
    });
  });

  it('derives request bodies from the validation metadata, required fields from @RequiredFields', () => {
    const create = doc.components.schemas.GadgetCreate;
    expect(create.required).toEqual(['name']);
    expect(create.additionalProperties).toBe(false);
    expect(create.properties.name).toEqual(expect.objectContaining({ type: 'string', maxLength: 50, minLength: 1 }));
    // The 422 messages double as the description, type check first.
    expect(create.properties.name.description).toMatch(/^Must be a string; /);
    expect(create.properties.name.description).toContain('must be at most 50 characters');
    expect(create.properties.name.description).toContain('must not be blank');
    expect(create.properties.size).toEqual(expect.objectContaining({ type: ['integer', 'null'], minimum: 1, maximum: 10 }));
    expect(create.properties.enabled.enum).toEqual([true, false, 0, 1]);
    expect(create.properties.name.example).toBe('Sprocket'); // borrowed from the view
    expect(doc.components.schemas.GadgetPatch.required).toBeUndefined();
    expect(doc.paths['/gadget'].post.requestBody.required).toBe(true);
    expect(doc.paths['/gadget/{id}'].patch.requestBody.required).toBe(false);
  });

  it('wraps the view in the envelope with the status Nest answers, and lists the errors', () => {
    expect(doc.paths['/gadget'].post.responses['201'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/GadgetEnvelope',
    });
    expect(doc.paths['/gadget/{id}/polish'].post.responses['202']).toBeDefined();
    expect(doc.components.schemas.GadgetPageEnvelope.properties).toEqual({
      meta: { $ref: '#/components/schemas/PageMeta' },
      data: { type: 'array', items: { $ref: '#/components/schemas/GadgetView' } },
    });
    expect(doc.components.schemas.GadgetView).toEqual(
      expect.objectContaining({ additionalProperties: false, required: ['id', 'name', 'size', 'enabled', 'created_at'] }),
    );
    expect(doc.components.schemas.GadgetView.properties.enabled).toEqual(expect.objectContaining({ type: 'integer', enum: [0, 1] }));
    expect(Object.keys(doc.paths['/gadget/{id}'].patch.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '405',
      '409',
      '412',
      '413',
      '415',
      '422',
      '429',
      '500',
      '503',
    ]);
    const sort = doc.paths['/gadgets'].get.parameters.find((p: Json) => p.name === 'sort');
    expect(sort.schema.enum).toEqual(['id', 'name']);
  });

  it('still lists a handler without a response decorator, flagged so the e2e test names it', () => {
    expect(doc.paths['/gadget/{id}'].get.responses['200']['x-undocumented-response']).toBe(true);
  });
});

// Bulk routes of a later module: an NDJSON upload queued with 202 and Location, the resource's scope
// named by the request, and NDJSON answers (one of them a file).
@Controller()
@ScopeByResource(['catalog', 'customers'])
class GadgetLoadsController {
  @Post('gadgetloads')
  @HttpCode(202)
  @ApiConsumes('application/x-ndjson', 'application/jsonl')
  @ApiBody({ description: 'One gadget per line.', schema: { type: 'string', example: '{"name":"Sprocket"}\n' } })
  @ApiItem(GadgetView, { summary: 'Load gadgets', location: 'The load: `/gadgetload/{id}`.' })
  create() {}

  @Get('gadgetload/:id/results')
  @ApiNdjson({ summary: 'Get the results of a load', example: '{"line":1}\n' })
  results(@Param('id') _id: string) {}

  @Get('gadgetload/:id/file')
  @ApiNdjson({ summary: 'Get the file of a load', example: '{"name":"Sprocket"}\n', attachment: 'named `gadgets-<id>.ndjson`' })
  file(@Param('id') _id: string) {}
}

describe('buildOpenApiDocument for NDJSON uploads and answers', () => {
  let doc: Json;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [DiscoveryModule], controllers: [GadgetLoadsController] }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    doc = buildOpenApiDocument(app) as Json;
    await app.close();
  });

  it('takes the body in the media types of @ApiConsumes, and answers 202 with Location', () => {
    const op = doc.paths['/gadgetloads'].post;
    expect(op.requestBody).toEqual({
      required: true,
      description: 'One gadget per line.',
      content: {
        'application/x-ndjson': {
          schema: { type: 'string' },
          examples: { GadgetLoadsCreateBody: { $ref: '#/components/examples/GadgetLoadsCreateBody' } },
        },
        'application/jsonl': {
          schema: { type: 'string' },
          examples: { GadgetLoadsCreateBody: { $ref: '#/components/examples/GadgetLoadsCreateBody' } },
        },
      },
    });
    expect(doc.components.examples.GadgetLoadsCreateBody.value).toBe('{"name":"Sprocket"}\n');
    expect(Object.keys(op.responses).filter((s) => /^2/.test(s))).toEqual(['202']);
    expect(op.responses['202'].headers.Location).toEqual({
      description: 'The load: `/gadgetload/{id}`.',
      schema: { type: 'string', pattern: '^/', example: '/import/42' },
    });
    // The scope follows the resource the request names: one alternative per group.
    expect(op.security).toEqual([{ bearer: ['catalog:write'] }, { bearer: ['customers:write'] }]);
    expect(doc.paths['/gadgetload/{id}/results'].get.security).toEqual([{ bearer: ['catalog:read'] }, { bearer: ['customers:read'] }]);
    expect(op.description).toContain('Scope: the write scope of the resource it names: `catalog:write`, `customers:write`.');
  });

  it('documents an NDJSON answer without envelope, ETag or 304, and a file with its Content-Disposition', () => {
    const results = doc.paths['/gadgetload/{id}/results'].get.responses;
    expect(results['200'].content).toEqual({ 'application/x-ndjson': { schema: { type: 'string' }, example: '{"line":1}\n' } });
    expect(Object.keys(results['200'].headers)).toEqual(['Cache-Control', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
    expect(results['304']).toBeUndefined();
    const file = doc.paths['/gadgetload/{id}/file'].get;
    expect(file.responses['200'].headers['Content-Disposition']).toEqual(
      expect.objectContaining({ schema: { type: 'string', example: 'attachment; filename="products-7.ndjson"' } }),
    );
    expect(file.description).toContain('Sent as a file: `Content-Disposition: attachment` (named `gadgets-<id>.ndjson`).');
  });
});
