import { Module } from '@nestjs/common';
import { CustomFieldsModule } from '../custom-fields/custom-fields.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { TaxModule } from '../tax/tax.module.js';
import { CatalogChecks } from './catalog-checks.service.js';
import { CategoriesController } from './categories.controller.js';
import { CategoriesService } from './categories.service.js';
import { ProductAttributesController } from './product-attributes.controller.js';
import { ProductAttributesService } from './product-attributes.service.js';
import { ProductCategoriesController } from './product-categories.controller.js';
import { ProductCategoriesService } from './product-categories.service.js';
import { ProductCustomFieldsController } from './product-custom-fields.controller.js';
import { ProductCustomFieldsService } from './product-custom-fields.service.js';
import { ProductExtrasController } from './product-extras.controller.js';
import { ProductExtrasService } from './product-extras.service.js';
import { ProductOptionsController } from './product-options.controller.js';
import { ProductOptionsService } from './product-options.service.js';
import { ProductPriceTiersController } from './product-price-tiers.controller.js';
import { ProductPriceTiersService } from './product-price-tiers.service.js';
import { ProductVariantsController } from './product-variants.controller.js';
import { ProductVariantsService } from './product-variants.service.js';
import { ProductsController } from './products.controller.js';
import { ProductEmbedRegistry } from './product-embeds.js';
import { ProductTypesController } from './product-types.controller.js';
import { ProductTypesService } from './product-types.service.js';
import { ProductTypesRepository } from './repositories/product-types.repository.js';
import { ProductsRepository } from './products.repository.js';
import { ProductsService } from './products.service.js';
import { CatalogChecksRepository } from './repositories/catalog-checks.repository.js';
import { CategoriesRepository } from './repositories/categories.repository.js';
import { ProductCategoryLinksRepository } from './repositories/product-category-links.repository.js';
import { ProductCustomFieldValuesRepository } from './repositories/product-custom-field-values.repository.js';
import { ProductPricesRepository } from './repositories/product-prices.repository.js';
import { ProductPartsRepository } from './repositories/product-parts.repository.js';
import { ProductRowsRepository } from './repositories/product-rows.repository.js';
import { ProductBatchWriteRepository } from './repositories/product-batch-write.repository.js';
import { ProductPricesService } from './product-prices.service.js';
import { ProductWriteChecks } from './product-write-checks.service.js';
import { ProductWriteService } from './product-write.service.js';
import { ProductWriter } from './product-writer.service.js';
import { VariantPriceTiersController } from './variant-price-tiers.controller.js';
import { VariantPriceTiersService } from './variant-price-tiers.service.js';
import { CategoriesBulkAdapter } from './categories-bulk.adapter.js';
import { ProductTypesBulkAdapter } from './product-types-bulk.adapter.js';
import { ProductsBulkAdapter } from './products-bulk.adapter.js';

@Module({
  imports: [CustomFieldsModule, CustomersModule, TaxModule],
  controllers: [
    ProductsController,
    ProductPriceTiersController,
    ProductAttributesController,
    ProductCategoriesController,
    ProductVariantsController,
    ProductOptionsController,
    ProductExtrasController,
    ProductCustomFieldsController,
    VariantPriceTiersController,
    CategoriesController,
    ProductTypesController,
  ],
  providers: [
    ProductsRepository,
    ProductRowsRepository,
    ProductBatchWriteRepository,
    ProductPartsRepository,
    ProductPricesRepository,
    ProductPricesService,
    ProductCategoryLinksRepository,
    ProductCustomFieldValuesRepository,
    CategoriesRepository,
    CatalogChecksRepository,
    CatalogChecks,
    ProductsService,
    ProductWriteChecks,
    ProductWriter,
    ProductWriteService,
    ProductPriceTiersService,
    ProductAttributesService,
    ProductCategoriesService,
    ProductVariantsService,
    ProductOptionsService,
    ProductExtrasService,
    ProductCustomFieldsService,
    VariantPriceTiersService,
    CategoriesService,
    ProductTypesRepository,
    ProductTypesService,
    ProductEmbedRegistry,
    ProductsBulkAdapter,
    CategoriesBulkAdapter,
    ProductTypesBulkAdapter,
  ],
  exports: [
    ProductsService,
    ProductPricesService,
    ProductWriteService,
    ProductsRepository,
    ProductEmbedRegistry,
    CategoriesService,
    ProductTypesService,
  ],
})
export class CatalogModule {}
