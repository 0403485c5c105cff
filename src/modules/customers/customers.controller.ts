import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ApiBatch, ApiItem, ApiPage, ApiPathParams } from '../../openapi/decorators.js';
import { AddressView, CustomerView } from './customers.views.js';
import { ItemQuery, SyncListQuery } from '../../common/paging/list-query.dto.js';
import { CustomerAddressesService } from './customer-addresses.service.js';
import { CustomersService } from './customers.service.js';
import { AddressCreate, AddressListQuery, AddressPatch } from './dto/address.input.js';
import { CUSTOMER_BATCH_KEY, CustomerCreate, CustomerPatch, CustomerPut } from './dto/customer.input.js';
import { ArrayBodyRoute } from '../../common/batch/array-body.js';
import { BatchBody } from '../../common/batch/batch-body.pipe.js';
import { batchAnswer } from '../../common/batch/batch-result.js';
import { ADDRESS_LIST, CUSTOMER_LIST } from './customers.lists.js';

const CUSTOMER = ['customer/:id', 'customers/:id'];
const ADDRESSES = ['customer/:id/addresses', 'customers/:id/addresses'];
const ADDRESS = ['customer/:id/address/:aid', 'customer/:id/addresses/:aid', 'customers/:id/address/:aid', 'customers/:id/addresses/:aid'];

/** Customers and their addresses; singular and plural spellings are aliases (docs/api.md#paths-and-identifiers). */
@ApiPathParams({ id: 'Customer id.', aid: 'Address id (of this customer).' })
@Controller()
@ScopeGroup('customers')
export class CustomersController {
  constructor(
    private readonly customers: CustomersService,
    private readonly addresses: CustomerAddressesService,
  ) {}

  @Get('customers')
  @ApiPage(CustomerView, CUSTOMER_LIST)
  list(@Query() query: SyncListQuery) {
    return this.customers.list(query);
  }

  @Put('customers')
  @ArrayBodyRoute()
  @ApiBatch(CustomerView, {
    description:
      'Each member is matched by `email` (any case): an unknown one is created, a known one replaced as its PUT would (with `addresses`, its addresses become them). Up to 1,000 members, all or nothing; no customer is deleted.',
  })
  putMany(@BatchBody(CustomerPut, { key: CUSTOMER_BATCH_KEY }) members: CustomerPut[]) {
    return this.customers.upsertMany(members).then(batchAnswer);
  }

  @Post(['customer', 'customers'])
  @ApiItem(CustomerView)
  create(@Body() body: CustomerCreate) {
    return this.customers.create(body);
  }

  @Get(CUSTOMER)
  @ApiItem(CustomerView, { embed: [...CUSTOMER_LIST.embed] })
  get(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.customers.get(id, query);
  }

  @Patch(CUSTOMER)
  @ApiItem(CustomerView)
  update(@Param('id') id: string, @Body() body: CustomerPatch) {
    return this.customers.update(id, body);
  }

  @Put(CUSTOMER)
  @ApiItem(CustomerView, {
    embed: [...CUSTOMER_LIST.embed],
    description:
      "With `addresses`, the customer's addresses become them (matched by kind and position, as a customers import line's are); left out, they stay.",
  })
  replace(@Param('id') id: string, @Body() body: CustomerPut, @Query() query: ItemQuery) {
    return this.customers.replace(id, body, query);
  }

  @Delete(CUSTOMER)
  @ApiItem(CustomerView)
  remove(@Param('id') id: string) {
    return this.customers.remove(id);
  }

  @Get(ADDRESSES)
  @ApiPage(AddressView, ADDRESS_LIST)
  listAddresses(@Param('id') id: string, @Query() query: AddressListQuery) {
    return this.addresses.list(id, query);
  }

  @Post(ADDRESSES)
  @ApiItem(AddressView)
  createAddress(@Param('id') id: string, @Body() body: AddressCreate) {
    return this.addresses.create(id, body);
  }

  @Get(ADDRESS)
  @ApiItem(AddressView)
  getAddress(@Param('id') id: string, @Param('aid') aid: string, @Query() query: ItemQuery) {
    return this.addresses.get(id, aid, query);
  }

  @Patch(ADDRESS)
  @ApiItem(AddressView)
  updateAddress(@Param('id') id: string, @Param('aid') aid: string, @Body() body: AddressPatch) {
    return this.addresses.update(id, aid, body);
  }

  @Put(ADDRESS)
  @ApiItem(AddressView)
  replaceAddress(@Param('id') id: string, @Param('aid') aid: string, @Body() body: AddressCreate) {
    return this.addresses.replace(id, aid, body);
  }

  @Delete(ADDRESS)
  @ApiItem(AddressView)
  removeAddress(@Param('id') id: string, @Param('aid') aid: string) {
    return this.addresses.remove(id, aid);
  }
}
