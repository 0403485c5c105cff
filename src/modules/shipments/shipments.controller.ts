import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ApiItem, ApiItems, ApiPage, ApiPathParams } from '../../openapi/decorators.js';
import { ShipmentView, TrackingCodeView } from './shipments.views.js';
import { ItemQuery, ListQuery, SyncListQuery } from '../../common/paging/list-query.dto.js';
import { ShipmentCreate, ShipmentPatch } from './dto/shipment.input.js';
import { TrackingCodeCreate, TrackingCodePatch } from './dto/tracking-code.input.js';
import { ShipmentsService } from './shipments.service.js';
import { TrackingCodesService } from './tracking-codes.service.js';
import { ArrayBodyRoute } from '../../common/batch/array-body.js';
import { BatchBody, textKey } from '../../common/batch/batch-body.pipe.js';
import { SHIPMENT_LIST, TRACKING_CODE_LIST } from './shipments.lists.js';

/** `shipment` and `shipments` spell the same path (docs/api.md#paths-and-identifiers); so do `trackingcode` and `trackingcodes`. */
const SHIPMENT = ['shipment/:id', 'shipments/:id'];
const under = (...tails: string[]) => SHIPMENT.flatMap((s) => tails.map((t) => `${s}/${t}`));
const CODE_LIST = under('trackingcodes');
const CODE_CREATE = under('trackingcode', 'trackingcodes');
const CODE_ITEM = under('trackingcode/:code', 'trackingcodes/:code');

/** Shipments (`{id|number}`) and their tracking codes (`{id|code}` within the shipment). */
@ApiPathParams({ id: 'Shipment id or number.', code: 'Tracking code id, or the code itself (within the shipment).' })
@Controller()
@ScopeGroup('shipments')
export class ShipmentsController {
  constructor(
    private readonly shipments: ShipmentsService,
    private readonly trackingCodes: TrackingCodesService,
  ) {}

  @Get('shipments')
  @ApiPage(ShipmentView, SHIPMENT_LIST)
  list(@Query() query: SyncListQuery) {
    return this.shipments.list(query);
  }

  @Post(['shipment', 'shipments'])
  @ApiItem(ShipmentView)
  create(@Body() body: ShipmentCreate) {
    return this.shipments.create(body);
  }

  @Get(SHIPMENT)
  @ApiItem(ShipmentView, { embed: [...SHIPMENT_LIST.embed] })
  get(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.shipments.get(id, query);
  }

  @Patch(SHIPMENT)
  @ApiItem(ShipmentView)
  update(@Param('id') id: string, @Body() body: ShipmentPatch) {
    return this.shipments.update(id, body);
  }

  @Put(SHIPMENT)
  @ApiItem(ShipmentView, { embed: [...SHIPMENT_LIST.embed] })
  replace(@Param('id') id: string, @Body() body: ShipmentCreate, @Query() query: ItemQuery) {
    return this.shipments.replace(id, body, query);
  }

  @Delete(SHIPMENT)
  @ApiItem(ShipmentView)
  remove(@Param('id') id: string) {
    return this.shipments.remove(id);
  }

  @Get(CODE_LIST)
  @ApiPage(TrackingCodeView, TRACKING_CODE_LIST)
  listTrackingCodes(@Param('id') id: string, @Query() query: ListQuery) {
    return this.trackingCodes.list(id, query);
  }

  @Post(CODE_CREATE)
  @ApiItem(TrackingCodeView)
  createTrackingCode(@Param('id') id: string, @Body() body: TrackingCodeCreate) {
    return this.trackingCodes.create(id, body);
  }

  @Put(CODE_LIST)
  @ArrayBodyRoute()
  @ApiItems(TrackingCodeView, {
    summary: "Replace a shipment's tracking codes",
    description: 'The tracking codes become the body: matched by `code`, new ones created, unlisted ones deleted. `[]` empties the list.',
  })
  replaceTrackingCodes(@Param('id') id: string, @BatchBody(TrackingCodeCreate, { key: textKey('code') }) members: TrackingCodeCreate[]) {
    return this.trackingCodes.replaceAll(id, members);
  }

  @Get(CODE_ITEM)
  @ApiItem(TrackingCodeView)
  getTrackingCode(@Param('id') id: string, @Param('code') code: string, @Query() query: ItemQuery) {
    return this.trackingCodes.get(id, code, query);
  }

  @Patch(CODE_ITEM)
  @ApiItem(TrackingCodeView)
  updateTrackingCode(@Param('id') id: string, @Param('code') code: string, @Body() body: TrackingCodePatch) {
    return this.trackingCodes.update(id, code, body);
  }

  @Put(CODE_ITEM)
  @ApiItem(TrackingCodeView)
  replaceTrackingCode(@Param('id') id: string, @Param('code') code: string, @Body() body: TrackingCodeCreate) {
    return this.trackingCodes.replace(id, code, body);
  }

  @Delete(CODE_ITEM)
  @ApiItem(TrackingCodeView)
  removeTrackingCode(@Param('id') id: string, @Param('code') code: string) {
    return this.trackingCodes.remove(id, code);
  }
}
