import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { formatOreWithCode } from '../format';
import type { SeatProduct } from './seatingApi';

interface SeatingProductDialogProps {
  /** The seat the product is for ('A1-5'); null: the dialog is closed. */
  seat: string | null;
  products: readonly SeatProduct[];
  /** The question asked instead of the one naming `seat` (e.g. for several seats at once). */
  question?: string;
  onChoose: (product: SeatProduct) => void;
  onCancel: () => void;
}

/**
 * The seating-product modal (spec 3 §2): 'Vælg produkt' when a seat's category is sold by
 * several seat-ticket products, one button per product with its price.
 */
export function SeatingProductDialog({
  seat,
  products,
  question,
  onChoose,
  onCancel,
}: SeatingProductDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      header={t('seating.product.title')}
      visible={seat !== null}
      onHide={onCancel}
      ariaCloseIconLabel={t('common.close')}
      style={{ width: '30rem' }}
      breakpoints={{ '640px': '90vw' }}
    >
      <p>{question ?? t('seating.product.question', { seat: seat ?? '' })}</p>
      <div className="tb-seating-products">
        {products.map((product) => (
          <Button
            key={product.id}
            type="button"
            outlined
            label={t('seating.product.choice', {
              title: product.title,
              price: formatOreWithCode(product.price),
            })}
            onClick={() => onChoose(product)}
          />
        ))}
      </div>
      <div className="tb-form-actions">
        <Button type="button" text label={t('seating.cancel')} onClick={onCancel} />
      </div>
    </Dialog>
  );
}
