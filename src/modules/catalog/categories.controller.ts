import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ScopeGroup } from '../../common/auth/scopes.js';
import { ApiItem, ApiPage, ApiPathParams } from '../../openapi/decorators.js';
import { CategoryView } from './catalog.views.js';
import { ItemQuery, SyncListQuery } from '../../common/paging/list-query.dto.js';
import { CategoriesService } from './categories.service.js';
import { routes } from './catalog-routes.js';
import { CategoryCreate, CategoryPatch } from './dto/category.input.js';

/** Categories, by id (CONTRACT §10). */
@ApiPathParams({ id: 'Category id.' })
@Controller()
@ScopeGroup('catalog')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get(routes('categories|category'))
  @ApiPage(CategoryView, { sort: ['id', 'name', 'sort_order', 'created_at', 'updated_at'] })
  list(@Query() query: SyncListQuery) {
    return this.categories.list(query);
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

  @Delete(routes('category|categories/:id'))
  @ApiItem(CategoryView)
  remove(@Param('id') id: string) {
    return this.categories.remove(id);
  }
}
