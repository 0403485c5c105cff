import { Body, Controller, Delete, Get, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ScopeGroup } from '../../../common/auth/scopes.js';
import { ApiBatch, ApiItem, ApiPage, ApiPathParams } from '../../../openapi/decorators.js';
import { ArrayBodyRoute } from '../../../common/batch/array-body.js';
import { BatchBody } from '../../../common/batch/batch-body.pipe.js';
import { batchAnswer } from '../../../common/batch/batch-result.js';
import { CategoryView } from '../catalog.views.js';
import { ItemQuery, SyncListQuery } from '../../../common/paging/list-query.dto.js';
import { CategoriesService } from './categories.service.js';
import { routes } from '../catalog.routes.js';
import { CATEGORY_BATCH_KEY, CategoryBatchMember, CategoryCreate, CategoryPatch } from './dto/category.input.js';
import { CATEGORY_LIST } from '../catalog.lists.js';

/** Categories, by id (docs/api.md#resources); a PUT also by api_code, and creates by it (docs/api.md#put-replace-a-resource). */
@ApiPathParams({ id: 'Category id (a PUT also takes an api_code, and creates the category by it).' })
@Controller()
@ScopeGroup('catalog')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get(routes('categories|category'))
  @ApiPage(CategoryView, CATEGORY_LIST)
  list(@Query() query: SyncListQuery) {
    return this.categories.list(query);
  }

  @Put('categories')
  @ArrayBodyRoute()
  @ApiBatch(CategoryView, {
    description:
      'Each member is matched by `api_code`: an unknown one is created, a known one replaced as its PUT would. Up to 1,000 members, all or nothing; nothing is deleted.',
  })
  putMany(@BatchBody(CategoryBatchMember, { key: CATEGORY_BATCH_KEY }) members: CategoryBatchMember[]) {
    return this.categories.upsertMany(members).then(batchAnswer);
  }

  @Post(routes('category|categories'))
  @ApiItem(CategoryView)
  create(@Body() body: CategoryCreate) {
    return this.categories.create(body);
  }

  @Get(routes('category|categories/:id'))
  @ApiItem(CategoryView)
  get(@Param('id') id: string, @Query() query: ItemQuery) {
    return this.categories.get(id, query);
  }

  @Patch(routes('category|categories/:id'))
  @ApiItem(CategoryView)
  update(@Param('id') id: string, @Body() body: CategoryPatch) {
    return this.categories.update(id, body);
  }

  @Put(routes('category|categories/:id'))
  @ApiItem(CategoryView, { creates: 'Created: no category had the api_code of the path.' })
  replace(@Param('id') key: string, @Body() body: CategoryCreate) {
    return this.categories.replace(key, body);
  }

  @Delete(routes('category|categories/:id'))
  @ApiItem(CategoryView)
  remove(@Param('id') id: string) {
    return this.categories.remove(id);
  }
}
