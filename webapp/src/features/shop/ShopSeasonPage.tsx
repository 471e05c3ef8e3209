import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useLeaveWhenLoadFails } from '../../shared/editor/useLeaveWhenLoadFails';
import { formatDay } from '../../shared/format';
import { Alert } from '../../shared/ui/Alert';
import { Preloader } from '../../shared/ui/Preloader';
import { isProductId, SHOP_PATH } from './paths';
import { ProductCard } from './ShopPage';
import { useCartOwner, useGetShopSeasonQuery } from './shopApi';
import './shop.css';

function SeasonView({ seasonId }: { seasonId: string }) {
  const { t } = useTranslation();
  const owner = useCartOwner();
  const query = useGetShopSeasonQuery({ seasonId, owner });
  useLeaveWhenLoadFails(query, t('shop.season.loadFailed'), SHOP_PATH);
  const season = query.data;
  if (!season || query.isError) {
    return (
      <section className="tb-page tb-shop">
        <Preloader label={t('common.loading')} />
      </section>
    );
  }
  const renewal = season.renewal;
  return (
    <section className="tb-page tb-shop" aria-labelledby="season-title">
      <h1 id="season-title">{season.title}</h1>
      <p>
        {t('shop.season.dates', {
          start: formatDay(season.startDate),
          end: formatDay(season.endDate),
        })}
      </p>
      {renewal && (
        <Alert severity="info">
          {`${t('shop.season.renewalTitle')} ${t('shop.season.renewal', {
            count: renewal.seats.length,
            seats: renewal.seats.join(', '),
            previous: renewal.previousSeason,
            until: formatDay(renewal.until),
          })}`}
        </Alert>
      )}
      <section className="tb-shop-products" aria-label={t('shop.products')}>
        {season.products.length === 0 ? (
          <p>{t('shop.empty')}</p>
        ) : (
          <div className="tb-shop-grid">
            {season.products.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </div>
        )}
      </section>
    </section>
  );
}

/**
 * A season's page in the shop (spec 3 §3 `seasonId`, §7 `GET /webshop/season/{seasonId}`):
 * /shop/season/{id} with the season's title and dates and the products that sell it. A signed-in
 * holder of last season's season tickets is told first that their seats are kept for them until
 * the renewal date (the seat pickers keep them from everyone else until then). A season that is
 * not in the shop goes back to /shop.
 */
export function ShopSeasonPage() {
  const { seasonId } = useParams();
  if (!isProductId(seasonId)) return <Navigate to={SHOP_PATH} replace />;
  return <SeasonView key={seasonId} seasonId={seasonId} />;
}
