import { useTranslation } from 'react-i18next';
import { Money } from '../../shared/ui/Money';

interface ShopPriceProps {
  /** In øre, with VAT as the club shows it. */
  price: number;
  /** The variants' prices differ: the price is the lowest ('Fra:'). */
  fromPrice?: boolean;
  /** The price before the shop's discount, struck through. */
  originalPrice?: number | null;
  soldOut?: boolean;
}

/** A shop price: 'Fra:' before it, the old price struck through, and 'Udsolgt'. */
export function ShopPrice({ price, fromPrice, originalPrice, soldOut }: ShopPriceProps) {
  const { t } = useTranslation();
  return (
    <p className="tb-shop-price">
      {fromPrice && <span>{t('shop.price.from')} </span>}
      <strong>
        <Money ore value={price} />
      </strong>
      {originalPrice !== null && originalPrice !== undefined && (
        <del className="tb-shop-price-before">
          <span className="tb-visually-hidden">{t('shop.price.before')} </span>
          <Money ore value={originalPrice} />
        </del>
      )}
      {soldOut && (
        <span className="p-tag p-component p-tag-danger">
          <span className="p-tag-value">{t('shop.price.soldOut')}</span>
        </span>
      )}
    </p>
  );
}

/** The product's picture, or a neutral block of the same size. */
export function ShopImage({ src, className }: { src: string | null; className: string }) {
  return src ? (
    <img src={src} alt="" className={className} loading="lazy" />
  ) : (
    <div className={`${className} tb-shop-image-placeholder`} aria-hidden="true">
      <i className="pi pi-image" />
    </div>
  );
}
