import { formatOreWithCode } from '../format';
import { useLazySearchProductsQuery } from './pickersApi';
import { SearchPicker, type PickerProps } from './SearchPicker';
import type { ProductPick } from './types';

/** Picks one of the club's products by title or SKU; a proposal shows the title and the price. */
export function ProductPicker(props: PickerProps<ProductPick>) {
  const [search] = useLazySearchProductsQuery();
  return (
    <SearchPicker<ProductPick>
      {...props}
      search={(query) => search(query).unwrap()}
      field="title"
      proposal={(product) => (
        <div className="tb-picker-option">
          <strong>{product.title}</strong>
          {product.price !== null && <small>{formatOreWithCode(product.price)}</small>}
        </div>
      )}
    />
  );
}
