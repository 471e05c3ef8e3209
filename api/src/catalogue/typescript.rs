//! The TypeScript types of what the catalogue area sends (products, categories, invoice groups, fields, order categories, discount codes and seasons), written into
//! `webapp/src/api/generated/catalogue.ts` by `generated_types` (STYLE.md: types the server defines
//! are generated, never retyped).

use ts_rs::TS;

use super::discount_codes::{DiscountCodeDto, DiscountCodeInput, DiscountCodeRow};
use super::fields::{CustomField, CustomFieldRow, FieldInput};
use super::invoice_groups::{InvoiceGroup, InvoiceGroupInput, InvoiceGroupRow};
use super::order_categories::{CategoryInput, OrderCategory, OrderCategoryRow};
use super::product_categories::{
    ProductCategory, ProductCategoryInput, ProductCategoryRow, ProductCategoryShop, ProductOrder,
    ShopInput,
};
use super::products::{
    ContractSetup, ProductDto, ProductExtraInfo, ProductInput, ProductListRow, ProductOption,
    ProductPick, ProductSeat, ProductShop, ProductShopInput, ProductSubscription, ProductVariant,
    VariantPick,
};
use super::seasons::{Season, SeasonChoice, SeasonEvent, SeasonInput, SeasonRow, SeasonSeat};
use super::Choice;

pub(crate) fn file() -> String {
    crate::kit::typescript::declarations(&[
        Choice::decl(),
        OrderCategoryRow::decl(),
        OrderCategory::decl(),
        CategoryInput::decl(),
        SeasonRow::decl(),
        SeasonSeat::decl(),
        Season::decl(),
        SeasonInput::decl(),
        SeasonEvent::decl(),
        SeasonChoice::decl(),
        CustomFieldRow::decl(),
        CustomField::decl(),
        FieldInput::decl(),
        DiscountCodeRow::decl(),
        DiscountCodeDto::decl(),
        DiscountCodeInput::decl(),
        InvoiceGroupRow::decl(),
        InvoiceGroup::decl(),
        InvoiceGroupInput::decl(),
        ProductCategoryRow::decl(),
        ProductCategoryShop::decl(),
        ProductCategory::decl(),
        ShopInput::decl(),
        ProductCategoryInput::decl(),
        ProductOrder::decl(),
        ProductListRow::decl(),
        VariantPick::decl(),
        ProductPick::decl(),
        ProductVariant::decl(),
        ProductOption::decl(),
        ProductExtraInfo::decl(),
        ProductSeat::decl(),
        ContractSetup::decl(),
        ProductSubscription::decl(),
        ProductShop::decl(),
        ProductDto::decl(),
        ProductShopInput::decl(),
        ProductInput::decl(),
    ])
    .replacen("\n\n", "\n\nimport type { Money } from './orders';\n\n", 1)
}
