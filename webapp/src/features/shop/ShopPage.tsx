import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ShopCategory, ShopProductSummary } from '../../api/generated/shop';
import { Alert } from '../../shared/ui/Alert';
import { Preloader } from '../../shared/ui/Preloader';
import { productPath } from './paths';
import { useGetShopCategoriesQuery, useGetShopProductsQuery } from './shopApi';
import { ShopImage, ShopPrice } from './ShopPrice';
import './shop.css';

/** The chosen categories are kept in the address, so the way back from a product keeps them. */
const CATEGORIES_PARAM = 'categoryIds';

const NO_CATEGORIES: ShopCategory[] = [];

function CategoryFilter({
  categories,
  chosen,
  onChange,
}: {
  categories: ShopCategory[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  function toggle(categoryId: string, checked: boolean) {
    // In the categories' order, so the same choice is always the same request.
    onChange(
      categories
        .map((category) => category.id)
        .filter((each) => (each === categoryId ? checked : chosen.includes(each))),
    );
  }
  return (
    <fieldset className="tb-shop-filter">
      <legend>{t('shop.categories')}</legend>
      {categories.map((category, index) => (
        <div key={category.id} className="tb-field-inline">
          {/* A native box: the shop's first page loads none of PrimeReact (issue 36). */}
          <input
            type="checkbox"
            id={`${id}-${index}`}
            className="tb-checkbox"
            checked={chosen.includes(category.id)}
            onChange={(event) => toggle(category.id, event.target.checked)}
          />
          <label htmlFor={`${id}-${index}`}>{category.title}</label>
        </div>
      ))}
    </fieldset>
  );
}

/** A product's card: its picture, its title linking to its page, its price. */
export function ProductCard({ product }: { product: ShopProductSummary }) {
  const titleId = useId();
  return (
    <article className="tb-shop-card p-card" aria-labelledby={titleId}>
      <ShopImage src={product.image} className="tb-shop-card-image" />
      <div className="tb-shop-card-body">
        <h2 id={titleId}>
          <Link to={productPath(product.id)}>{product.title}</Link>
        </h2>
        <ShopPrice
          price={product.priceWithVat}
          fromPrice={product.fromPrice}
          originalPrice={product.originalPriceWithVat}
          soldOut={product.soldOut}
        />
      </div>
    </article>
  );
}

/**
 * The web shop (spec 3 §2 "Web shop"): /shop, the club's shop categories as a checkbox filter
 * and the products of the chosen ones (of all when none is chosen) as cards, each linking to its
 * page.
 */
export function ShopPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const chosen = useMemo(
    () => (params.get(CATEGORIES_PARAM) ?? '').split(',').filter(Boolean),
    [params],
  );
  const { data: categories = NO_CATEGORIES } = useGetShopCategoriesQuery();
  const products = useGetShopProductsQuery(chosen);
  const list = products.isError ? undefined : products.data;

  function choose(next: string[]) {
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next.length > 0) changed.set(CATEGORIES_PARAM, next.join(','));
        else changed.delete(CATEGORIES_PARAM);
        return changed;
      },
      { replace: true },
    );
  }

  return (
    <section className="tb-page tb-shop" aria-labelledby="shop-title">
      <h1 id="shop-title">{t('shop.title')}</h1>
      <div className="tb-shop-layout">
        {categories.length > 0 && (
          <CategoryFilter categories={categories} chosen={chosen} onChange={choose} />
        )}
        <section className="tb-shop-products" aria-label={t('shop.products')}>
          {products.isError && <Alert severity="error">{t('shop.loadFailed')}</Alert>}
          {!list && !products.isError && <Preloader label={t('common.loading')} />}
          {list?.length === 0 && <p>{t('shop.empty')}</p>}
          {list && list.length > 0 && (
            <div className="tb-shop-grid" aria-busy={products.isFetching}>
              {list.map((product) => (
                <ProductCard key={product.id} product={product} />
              ))}
            </div>
          )}
        </section>
      </div>
    </section>
  );
}
