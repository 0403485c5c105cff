import { Module } from '@nestjs/common';
import { CustomFieldsModule } from '../custom-fields/custom-fields.module.js';
import { CustomersModule } from '../customers/customers.module.js';
import { TaxModule } from '../tax/tax.module.js';
import { CatalogChecks } from './catalog-checks.service.js';
import { CategoriesController } from './categories/categories.controller.js';
import { CategoriesService } from './categories/categories.service.js';
import { ProductAttributesController } from './parts/product-attributes.controller.js';
import { ProductAttributesService } from './parts/product-attributes.service.js';
import { ProductCategoriesController } from './parts/product-categories.controller.js';
import { ProductCategoriesService } from './parts/product-categories.service.js';
import { ProductCustomFieldsController } from './parts/product-custom-fields.controller.js';
import { ProductCustomFieldsService } from './parts/product-custom-fields.service.js';
import { ProductExtrasController } from './parts/product-extras.controller.js';
import { ProductExtrasService } from './parts/product-extras.service.js';
import { ProductOptionsController } from './parts/product-options.controller.js';
import { ProductOptionsService } from './parts/product-options.service.js';
import { ProductPriceTiersController } from './parts/product-price-tiers.controller.js';
import { ProductPriceTiersService } from './parts/product-price-tiers.service.js';
import { ProductVariantsController } from './parts/product-variants.controller.js';
import { ProductVariantsService } from './parts/product-variants.service.js';
import { ProductsController } from './products/products.controller.js';
import { ProductEmbedRegistry } from './products/product-embed.registry.js';
import { ProductTypesController } from './product-types/product-types.controller.js';
import { ProductTypesService } from './product-types/product-types.service.js';
import { ProductTypesRepository } from './product-types/product-types.repository.js';
import { ProductsRepository } from './products/products.repository.js';
import { ProductsService } from './products/products.service.js';
import { CatalogChecksRepository } from './catalog-checks.repository.js';
import { CategoriesRepository } from './categories/categories.repository.js';
import { ProductCategoryLinksRepository } from './parts/product-category-links.repository.js';
import { ProductCustomFieldValuesRepository } from './parts/product-custom-field-values.repository.js';
import { ProductPricesRepository } from './products/product-prices.repository.js';
import { ProductPartsRepository } from './parts/product-parts.repository.js';
import { ProductRowsRepository } from './products/product-rows.repository.js';
import { ProductBatchWriteRepository } from './products/product-batch-write.repository.js';
import { ProductPricesService } from './products/product-prices.service.js';
import { ProductWriteChecks } from './products/product-write-checks.service.js';
import { ProductWriteService } from './products/product-write.service.js';
import { ProductWriter } from './products/product-writer.service.js';
import { VariantPriceTiersController } from './parts/variant-price-tiers.controller.js';
import { VariantPriceTiersService } from './parts/variant-price-tiers.service.js';
import { CategoriesBulkAdapter } from './categories/categories-bulk.adapter.js';
import { ProductTypesBulkAdapter } from './product-types/product-types-bulk.adapter.js';
import { ProductsBulkAdapter } from './products/products-bulk.adapter.js';

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
